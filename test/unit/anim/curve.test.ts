import * as assert from 'assert';
import { compileJ3DTrack } from '../../../src/anim/j3dTrack';
import { Curve, CurvePost, evaluateCurve, sampleCurveAtStep, sampleCurveInto } from '../../../src/anim/curve';
import { kt } from './fixtures';

const plain = (track: ReturnType<typeof kt>, bank: number[], defaultValue = 0): Curve =>
  compileJ3DTrack(track, new Float32Array(bank), { defaultValue }).curve;

describe('anim/curve: J3D track evaluation', () => {
  it('count 0 gives the channel default', () => {
    assert.strictEqual(evaluateCurve(plain(kt(0, 3), [9, 9, 9, 9], 1), 0), 1);
    assert.strictEqual(evaluateCurve(plain(kt(0, 0), [], 0), 57), 0);
  });

  it('count 1 is bank[index] at every frame, tangent field ignored', () => {
    for (const mode of [0, 1, 7]) {
      const c = plain(kt(1, 2, mode), [1, 2, 3.5, 4]);
      assert.strictEqual(evaluateCurve(c, -5), 3.5);
      assert.strictEqual(evaluateCurve(c, 0), 3.5);
      assert.strictEqual(evaluateCurve(c, 1000), 3.5);
    }
  });

  it('tangent mode 0: one tangent, Hermite with slopes × dt', () => {
    // keys (0, 0, 2) and (10, 10, 0): m0 = 20, m1 = 0.
    const c = plain(kt(2, 1, 0), [99, 0, 0, 2, 10, 10, 0]);
    // u = 0.5: 0.125·20 + 0.5·10 = 7.5
    assert.strictEqual(evaluateCurve(c, 5), 7.5);
    // u = 0.2: h10 = 0.128, h01 = 0.104 → 0.128·20 + 0.104·10 = 3.6
    assert.ok(Math.abs(evaluateCurve(c, 2) - 3.6) < 1e-12);
    assert.strictEqual(evaluateCurve(c, 0), 0);
    assert.strictEqual(evaluateCurve(c, 10), 10);
  });

  it('tangent mode 1: outTangent of k0 and inTangent of k1', () => {
    // keys (0, 0, in 5, out 1) and (4, 8, in 3, out 100): dt = 4, m0 = 4, m1 = 12.
    const c = plain(kt(2, 0, 1), [0, 0, 5, 1, 4, 8, 3, 100]);
    // u = 0.5: 0.125·4 + 0.5·8 − 0.125·12 = 3
    assert.strictEqual(evaluateCurve(c, 2), 3);
    // u = 0.25: 0.140625·4 + 0.15625·8 − 0.046875·12 = 1.25
    assert.strictEqual(evaluateCurve(c, 1), 1.25);
  });

  it('clamps before the first key and at/after the last key', () => {
    const c = plain(kt(2, 0, 0), [5, 7, 0, 15, 9, 0]);
    assert.strictEqual(evaluateCurve(c, 0), 7);
    assert.strictEqual(evaluateCurve(c, -3), 7);
    assert.strictEqual(evaluateCurve(c, 15), 9);
    assert.strictEqual(evaluateCurve(c, 20), 9);
    assert.strictEqual(evaluateCurve(c, NaN), 7);
  });

  it('a first key before frame 0 interpolates into frame 0', () => {
    // (−10, 0, 1) → (10, 20, 1): consistent slopes, so exactly linear: 10 at frame 0.
    const c = plain(kt(2, 0, 0), [-10, 0, 1, 10, 20, 1]);
    assert.strictEqual(evaluateCurve(c, 0), 10);
  });

  it('duplicate key times: the later key wins', () => {
    const c = plain(kt(4, 0, 0), [0, 0, 0, 10, 5, 0, 10, 20, 0, 20, 20, 0]);
    assert.strictEqual(evaluateCurve(c, 10), 20);
    assert.strictEqual(evaluateCurve(c, 5), 2.5); // 0.5·5 on the first segment
    assert.strictEqual(evaluateCurve(c, 15), 20); // from key 2 (20), not key 1 (would be 12.5)
  });

  it('sequential sampling gives the same values as evaluateCurve', () => {
    const c = plain(kt(4, 0, 0), [-3, 0, 1, 10, 5, 0, 10, 20, 0.5, 18, 2, -1]);
    const out = new Array<number>(25);
    sampleCurveInto(c, out, 0, 0, 25);
    for (let f = 0; f < 25; f++) assert.strictEqual(out[f], evaluateCurve(c, f), `frame ${f}`);
    // unsorted (hostile) times: still finite and identical between the two paths
    const u = plain(kt(3, 0, 0), [0, 0, 0, 20, 4, 0, 10, 8, 0]);
    sampleCurveInto(u, out, 0, 0, 25);
    for (let f = 0; f < 25; f++) {
      assert.ok(Number.isFinite(out[f]));
      assert.strictEqual(out[f], evaluateCurve(u, f));
    }
  });

  it('sequential sampling equals evaluateCurve to the bit on random sorted curves (duplicate and fractional times, rotations, before and after the keys)', () => {
    let seed = 12345;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    let compared = 0;
    for (let trial = 0; trial < 300; trial++) {
      const stride = rnd() < 0.5 ? 3 : 4;
      const keys = 2 + Math.floor(rnd() * 12);
      const bank: number[] = [];
      let t = Math.floor(rnd() * 8) - 4;
      for (let k = 0; k < keys; k++) {
        // Mostly increasing, sometimes repeated, sometimes fractional.
        const r = rnd();
        t += r < 0.15 ? 0 : r < 0.35 ? Math.round(rnd() * 40) / 8 : 1 + Math.floor(rnd() * 6);
        bank.push(t, (rnd() - 0.5) * 2000, (rnd() - 0.5) * 50);
        if (stride === 4) bank.push((rnd() - 0.5) * 50);
      }
      const post = rnd() < 0.5 ? CurvePost.None : CurvePost.Rotation;
      const c = Curve.view(new Float32Array(bank), 0, keys, stride, post, 360 / 65536);
      const first = Math.floor(rnd() * 10) - 8;
      const count = keys + Math.floor(rnd() * 60);
      const out = new Float64Array(count + 3);
      sampleCurveInto(c, out, 3, first, count);
      for (let j = 0; j < count; j++) {
        assert.ok(Object.is(out[3 + j], evaluateCurve(c, first + j)), `trial ${trial} frame ${first + j}: ${out[3 + j]} vs ${evaluateCurve(c, first + j)}`);
        compared++;
      }
    }
    assert.ok(compared > 10000, `${compared} samples compared`);
  });

  it('sampling at a fractional step (pixel columns) gives evaluateCurve at each of those frames', () => {
    // Several samples per segment, a duplicate key time, frames before the first and after the last key.
    const c = plain(kt(5, 0, 0), [-3, 0, 1, 10, 5, 0, 10, 20, 0.5, 18, 2, -1, 19.5, 7, 3]);
    const out = new Float64Array(90);
    for (const step of [0.25, 0.37, 1 / 3, 25 / 700]) { // 0.25 lands on the duplicate key time 10
      sampleCurveAtStep(c, out, -6.25, step);
      for (let j = 0; j < out.length; j++) assert.strictEqual(out[j], evaluateCurve(c, -6.25 + j * step), `step ${step}, sample ${j}`);
    }
    // A step that does not move forward falls back to one evaluation per frame.
    for (const step of [0, -0.5, NaN]) {
      sampleCurveAtStep(c, out, 12, step);
      for (let j = 0; j < out.length; j++) assert.strictEqual(out[j], evaluateCurve(c, 12 + j * step), `step ${step}, sample ${j}`);
    }
  });
});

describe('anim/j3dTrack: indices past the bank end', () => {
  it('a constant past the end is missing, not the default', () => {
    const ch = compileJ3DTrack(kt(1, 5), new Float32Array(3), { defaultValue: 1 });
    assert.ok(Number.isNaN(evaluateCurve(ch.curve, 0)));
    assert.strictEqual(ch.keyCount, 0);
  });

  it('a keyed track starting past the end is missing, not the default', () => {
    const ch = compileJ3DTrack(kt(2, 10), new Int16Array(4), { defaultValue: 0 });
    assert.ok(Number.isNaN(evaluateCurve(ch.curve, 3)));
  });

  it('a keyed track cut short keeps its complete keys, then is missing from the last one on', () => {
    // 3 keys claimed, 7 elements: keys (0, 1, 0), (4, 5, 0) complete, third key cut.
    const ch = compileJ3DTrack(kt(3, 0, 0), new Float32Array([0, 1, 0, 4, 5, 0, 8]), { defaultValue: 1 });
    assert.strictEqual(ch.curve.n, 2);
    assert.strictEqual(evaluateCurve(ch.curve, 2), 3); // 0.5·1 + 0.5·5
    for (let f = -2; f < 4; f++) assert.ok(Number.isFinite(evaluateCurve(ch.curve, f)));
    for (let f = 4; f < 20; f++) assert.ok(Number.isNaN(evaluateCurve(ch.curve, f)));
  });

  it('mode 1 counts 4 elements per key when cutting', () => {
    // 2 keys claimed at index 1 of a 8-element bank: key 1 would need elements 5..8.
    const ch = compileJ3DTrack(kt(2, 1, 1), new Float32Array([9, 0, 6, 0, 0, 3, 7, 0]), { defaultValue: 0 });
    assert.strictEqual(ch.curve.n, 1);
    assert.strictEqual(evaluateCurve(ch.curve, 3), 6);
  });
});
