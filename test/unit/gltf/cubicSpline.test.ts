/**
 * BCK translation/scale tracks as glTF CUBICSPLINE (cubicSpline.ts): the spline, evaluated with the
 * glTF 2.0 spec's formula (Appendix C: p(t) = (2t³−3t²+1)·v_k + t_d(t³−2t²+t)·b_k + (−2t³+3t²)·v_k+1
 * + t_d(t³−t²)·a_k+1, tangents per second), gives the J3D Hermite value at every frame and between
 * frames; a spline that would not reproduce the sampled local values is refused.
 */
import * as assert from 'assert';
import { Curve, evaluateCurve } from '../../../src/anim/curve';
import type { PlannedTrack } from '../../../src/anim/tracks';
import { splineTrack, SplineTrack } from '../../../src/gltf/cubicSpline';

const FPS = 30;
const planned = (curve: Curve, step = false): PlannedTrack =>
  ({ path: 'joints/0/translation/x', group: 0, channel: 'translation', axis: 'x', unit: 'units', curve, ...(step ? { interpolation: 'step' } : {}) }) as unknown as PlannedTrack;

/** glTF's CUBICSPLINE at `seconds` for component `a` (3 per value). */
function gltfAt(s: SplineTrack, seconds: number, a: number): number {
  const n = s.times.length;
  let k = 0;
  while (k + 1 < n && s.times[k + 1] <= seconds) k++;
  if (k === n - 1) return s.values[k * 9 + 3 + a];
  const td = s.times[k + 1] - s.times[k];
  const t = (seconds - s.times[k]) / td;
  const vk = s.values[k * 9 + 3 + a], bk = s.values[k * 9 + 6 + a];
  const vk1 = s.values[(k + 1) * 9 + 3 + a], ak1 = s.values[(k + 1) * 9 + a];
  return (2 * t ** 3 - 3 * t ** 2 + 1) * vk + td * (t ** 3 - 2 * t ** 2 + t) * bk + (-2 * t ** 3 + 3 * t ** 2) * vk1 + td * (t ** 3 - t ** 2) * ak1;
}

describe('glTF export: keyed translation/scale as CUBICSPLINE', () => {
  // x: three keys (slopes per frame, in ≠ out at frame 10); y: no track (bind value 7);
  // z: keys at 5 and 40, the second past the last frame (30), so frame 30 is inside a piece.
  const x = Curve.fromKeys([0, 10, 30], [0, 5, -2], [0, 1, 0.5], [0.2, -0.3, 0.5]);
  const z = Curve.fromKeys([5, 40], [1, 3], [0, 0.1], [0.4, 0]);
  const last = 30;
  const frames = Array.from({ length: last + 1 }, (_, f) => f);
  const sampledOf = (fx: (f: number) => number): Float32Array => Float32Array.from(frames.flatMap((f) => [fx(f), 7, evaluateCurve(z, f)]));
  const sampled = sampledOf((f) => evaluateCurve(x, f));

  it('keys at 0, the union of the key frames inside, and the last frame; tangents per second', () => {
    const s = splineTrack([planned(x), null, planned(z)], [0, 7, 0], last, FPS, frames, sampled)!;
    assert.ok(s);
    assert.deepStrictEqual(Array.from(s.times), [0, 5, 10, 30].map((f) => Math.fround(f / FPS)));
    // x's out-slope at frame 0 is 0.2 per frame = 6 per second at 30 fps; its in-slope at 10 is 1 → 30.
    assert.ok(Math.abs(s.values[0 * 9 + 6] - 0.2 * FPS) < 1e-5);
    assert.ok(Math.abs(s.values[2 * 9 + 0] - 1 * FPS) < 1e-5);
    assert.ok(Math.abs(s.values[2 * 9 + 6] - -0.3 * FPS) < 1e-5);
  });

  it('gives the J3D value at every frame and between frames', () => {
    const s = splineTrack([planned(x), null, planned(z)], [0, 7, 0], last, FPS, frames, sampled)!;
    for (let f = 0; f <= last; f += 0.25) {
      const want = [evaluateCurve(x, f), 7, evaluateCurve(z, f)];
      for (let a = 0; a < 3; a++) {
        const got = gltfAt(s, f / FPS, a);
        assert.ok(Math.abs(got - want[a]) < 1e-4, `frame ${f} axis ${a}: ${got} vs ${want[a]}`);
      }
    }
  });

  it('is refused when the sampled local values differ (a scaling rule or another glTF parent), or the track is held per frame', () => {
    const moved = sampledOf((f) => evaluateCurve(x, f) * (f === 17 ? 1.01 : 1));
    assert.strictEqual(splineTrack([planned(x), null, planned(z)], [0, 7, 0], last, FPS, frames, moved), null);
    const held = Curve.fromSteps([1, 2, 3], 0, 3, 3);
    assert.strictEqual(splineTrack([planned(held, true), null, null], [0, 7, 0], 2, FPS, [0, 1, 2], Float32Array.of(1, 7, 0, 2, 7, 0, 3, 7, 0)), null);
  });
});
