import * as assert from 'assert';
import { compileJ3DTrack } from '../../../src/anim/j3dTrack';
import { CurvePost, evaluateCurve, hermite } from '../../../src/anim/curve';
import { rawRotationToDegrees, rotationScale } from '../../../src/anim/rotation';
import { snapTruncate } from '../../../src/anim/quantize';
import { kt } from './fixtures';

const DEG = 180 / 32768;

function rot(bank: number[], track = kt(2, 0, 0), fraction = 0) {
  return compileJ3DTrack(track, new Int16Array(bank), { defaultValue: 0, post: CurvePost.Rotation, scale: rotationScale(fraction) }).curve;
}

describe('anim/rotation', () => {
  it('0x8000 raw units are 180 degrees (32768, not 32767)', () => {
    assert.strictEqual(rotationScale(0), 180 / 32768);
    assert.strictEqual(rawRotationToDegrees(16384, 0), 90);
    assert.strictEqual(rawRotationToDegrees(-32768, 0), -180);
  });

  it('rotation fraction shifts: (raw << f) as a multiplication', () => {
    assert.strictEqual(rawRotationToDegrees(16384, 1), 180);
    assert.strictEqual(rawRotationToDegrees(16384, 3), 720);
    assert.strictEqual(rawRotationToDegrees(32767, 1), 359.989013671875); // 65534 · 180 / 32768
    // 32767 << 17 overflows 32 bits; the multiplication does not: 32767 · 4 · 180
    assert.strictEqual(rawRotationToDegrees(32767, 17), 23592240);
  });

  it('interpolated raw values truncate toward zero', () => {
    // (0, 100) → (10, 101) flat tangents: 100.5 at frame 5 → 100
    assert.strictEqual(evaluateCurve(rot([0, 100, 0, 10, 101, 0]), 5), 100 * DEG);
    // negative: −100.5 → −100 (toward zero, not floor)
    assert.strictEqual(evaluateCurve(rot([0, -100, 0, 10, -101, 0]), 5), -100 * DEG);
    // rotation fraction 1 applies after truncation: 100 · 2 units
    assert.strictEqual(evaluateCurve(rot([0, 100, 0, 10, 101, 0], kt(2, 0, 0), 1), 5), 200 * DEG);
  });

  it('snaps values within 1e-6 of an integer before truncating', () => {
    // Flat segment raw 3 from frame 0 to 11: at frame 2 the Hermite sum is 2.9999999999999996
    // in doubles, which a naive truncation turns into 2.
    assert.strictEqual(Math.trunc(hermite(2 / 11, 3, 0, 3, 0)), 2, 'precondition: naive truncation gives n − 1');
    assert.strictEqual(evaluateCurve(rot([0, 3, 0, 11, 3, 0]), 2), 3 * DEG);
    assert.strictEqual(snapTruncate(2.9999999), 3);
    assert.strictEqual(snapTruncate(2.99999), 2);
    assert.strictEqual(snapTruncate(-4.0000000001), -4);
    assert.ok(Object.is(snapTruncate(-0.5), 0), 'no −0');
  });

  it('constants and defaults are converted too', () => {
    assert.strictEqual(evaluateCurve(rot([5, 8192], kt(1, 1)), 3), 45);
    assert.strictEqual(evaluateCurve(rot([5, 8192], kt(1, 1), 1), 3), 90);
    assert.strictEqual(evaluateCurve(rot([], kt(0, 0)), 3), 0);
  });
});
