import * as assert from 'assert';
import { compileMotnTrack, readMotnKey } from '../../../src/anim/motnTrack';
import { evaluateCurve } from '../../../src/anim/curve';
import { mkey } from './fixtures';

describe('anim/motnTrack: MOTN keys', () => {
  it('value is the last half; n = 0 → 0; tangents ÷ 30; no tangent → slope 0', () => {
    assert.deepStrictEqual(readMotnKey([]), { value: 0, inSlope: 0, outSlope: 0 });
    assert.deepStrictEqual(readMotnKey([4]), { value: 4, inSlope: 0, outSlope: 0 });
    assert.deepStrictEqual(readMotnKey([30, 3]), { value: 3, inSlope: 1, outSlope: 1 });
    assert.deepStrictEqual(readMotnKey([60, -30, 5]), { value: 5, inSlope: 2, outSlope: -1 });
  });

  it('Hermite with per-frame slopes: n = 0, 2, 3 keys', () => {
    const curve = compileMotnTrack({ keys: [mkey(0, []), mkey(10, [30, 3]), mkey(20, [60, -30, 5])] });
    // segment 0→10: v0 0, m0 0, v1 3, m1 = 1·10 → 0.5·3 − 0.125·10 = 0.25
    assert.strictEqual(evaluateCurve(curve, 5), 0.25);
    // segment 10→20: m0 = out 1·10, m1 = in 2·10 → 1.5 + 1.25 + 2.5 − 2.5 = 2.75
    assert.strictEqual(evaluateCurve(curve, 15), 2.75);
    assert.strictEqual(evaluateCurve(curve, 0), 0);
    assert.strictEqual(evaluateCurve(curve, 10), 3);
    assert.strictEqual(evaluateCurve(curve, 20), 5);
    assert.strictEqual(evaluateCurve(curve, 25), 5);
  });

  it('n = 1 keys use slope 0', () => {
    const curve = compileMotnTrack({ keys: [mkey(0, [4]), mkey(10, [8])] });
    assert.strictEqual(evaluateCurve(curve, 5), 6);
    // u = 0.25: 0.84375·4 + 0.15625·8
    assert.strictEqual(evaluateCurve(curve, 2.5), 4.625);
  });

  it('duplicate frames: the later key wins', () => {
    const curve = compileMotnTrack({ keys: [mkey(0, [1]), mkey(5, [2]), mkey(5, [7]), mkey(10, [7])] });
    assert.strictEqual(evaluateCurve(curve, 5), 7);
    assert.ok(Math.abs(evaluateCurve(curve, 7) - 7) < 1e-12);
    assert.strictEqual(evaluateCurve(curve, 2.5), 1.5);
  });

  it('a track without keys is 0', () => {
    assert.strictEqual(evaluateCurve(compileMotnTrack({ keys: [] }), 3), 0);
  });
});
