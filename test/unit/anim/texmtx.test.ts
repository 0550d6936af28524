import * as assert from 'assert';
import { textureMatrix } from '../../../src/anim/texmtx';

const near = (actual: number[], expected: number[], eps = 1e-12): void => {
  assert.strictEqual(actual.length, expected.length);
  actual.forEach((a, i) => assert.ok(Math.abs(a - expected[i]) <= eps, `m[${i}] = ${a}, expected ${expected[i]}`));
};

// θ = 30°: sin = 0.5, cos = √3/2. Ss = 2, St = 3, Ts = 0.25, Tt = −0.5, centre (0.5, 0.5).
const SRT = { scaleS: 2, scaleT: 3, rotationDegrees: 30, translationS: 0.25, translationT: -0.5, centerS: 0.5, centerT: 0.5 };
const R3 = Math.sqrt(3);

describe('anim/texmtx: BTK texture matrix', () => {
  it('Basic (mode 0)', () => {
    near(textureMatrix(SRT, 0), [
      R3, // m00 = Ss·c = √3
      -1, // m01 = −Ss·s
      1.25 - R3 / 2, // m02 = Ts + Cs − (m00·Cs + m01·Ct) = 0.75 − (√3/2 − 0.5)
      1.5, // m10 = St·s
      (3 * R3) / 2, // m11 = St·c
      -(0.75 + (3 * R3) / 4), // m12 = Tt + Ct − (m10·Cs + m11·Ct) = 0 − (0.75 + 3√3/4)
    ]);
  });

  it('Maya (mode 1)', () => {
    near(textureMatrix(SRT, 1), [
      R3, // m00 = Ss·c
      1.5, // m01 = St·s
      -0.25 * (R3 / 2) - 0.5 * 2 + 0.5, // (Ts − 0.5)·c − s·(Tt − 0.5 + St) + 0.5
      -1, // m10 = −Ss·s
      (3 * R3) / 2, // m11 = St·c
      0.25 * 0.5 - (R3 / 2) * 2 + 0.5, // −(Ts − 0.5)·s − c·(Tt − 0.5 + St) + 0.5
    ]);
  });

  it('any other matrix mode behaves as Basic', () => {
    near(textureMatrix(SRT, 7), textureMatrix(SRT, 0), 0);
    near(textureMatrix(SRT, 0xffffffff), textureMatrix(SRT, 0), 0);
  });

  it('identity SRT gives the identity matrix in both modes', () => {
    const id = { scaleS: 1, scaleT: 1, rotationDegrees: 0, translationS: 0, translationT: 0, centerS: 0.5, centerT: 0.5 };
    near(textureMatrix(id, 0), [1, 0, 0, 0, 1, 0]);
    // Maya with St = 1: m12 = −c·(0.5) + 0.5 = 0
    near(textureMatrix(id, 1), [1, 0, 0, 0, 1, 0]);
  });
});
