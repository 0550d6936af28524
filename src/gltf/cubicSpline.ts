/**
 * BCK translation and scale tracks → glTF CUBICSPLINE samplers, exact (issue 27).
 *
 * A J3D keyed track is, between two of its keys, one cubic Hermite in the frame (FORMATS.md §1;
 * before its first key and from its last key on, a constant). Split at the union of the x, y and z
 * key frames (and at 0 and the last frame), every piece of every axis is one cubic, which glTF's
 * CUBICSPLINE holds exactly: a value and an in/out tangent per key. glTF tangents are per second
 * (the spec multiplies them by the key interval itself), J3D slopes per frame: × fps.
 *
 * The glTF node's local TRS equals the J3D channels only where the scaling rule and the chosen
 * glTF parent leave it alone, so a spline is kept only when it reproduces, at every sampled frame,
 * the local TRS sampled from the posed world matrices (jointAnimation.ts); otherwise the track
 * stays sampled. Rotations (Euler → quaternion) are never a cubic in time: they stay sampled.
 */
import { Curve, evaluateCurve, hermite } from '../anim/curve';
import type { PlannedTrack } from '../anim/tracks';

/** Knots a spline takes at most, per sampled frame (fractional keys can add more than one per frame). */
const MAX_KNOTS_PER_FRAME = 2;
/** Agreement asked of a spline with the sampled local values (relative to max(1, |value|)). */
const TOLERANCE = 1e-4;

export interface SplineTrack {
  /** Seconds per key. */
  times: Float32Array;
  /** Per key: in-tangent (3), value (3), out-tangent (3); tangents per second. */
  values: Float32Array;
}

/** A curve whose keys are usable as cubic pieces: plain Hermite (no step, no quantisation), sorted, finite, complete. */
function usable(c: Curve): boolean {
  if (c.steps || c.post !== 0 || c.scale !== 1 || c.missingFrom !== Infinity || !c.sorted) return false;
  if (c.n === 1) return Number.isFinite(c.data[c.base + 1]);
  for (let i = 0, at = c.base; i < c.n; i++, at += c.stride) {
    const t = c.data[at];
    if (!Number.isFinite(t) || !Number.isFinite(c.data[at + 1]) || !Number.isFinite(c.data[at + c.inAt]) || !Number.isFinite(c.data[at + c.outAt])) return false;
    if (i > 0 && !(t > c.data[at - c.stride])) return false; // a repeated key frame is a jump: no cubic
  }
  return true;
}

/**
 * Value and slope (per frame) at frame `f` of the cubic piece of `c` that holds frame `inside`
 * (`f` may be the piece's end: the value the piece reaches there, not the next piece's).
 */
function pieceAt(c: Curve, inside: number, f: number): [number, number] {
  const d = c.data, s = c.stride, base = c.base, last = c.n - 1;
  if (last === 0 || !(inside >= d[base]) || inside >= d[base + last * s]) return [evaluateCurve(c, inside), 0];
  let lo = 0, hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (d[base + mid * s] <= inside) lo = mid; else hi = mid;
  }
  const a = base + lo * s, b = a + s;
  const t0 = d[a], dt = d[b] - t0;
  const v0 = d[a + 1], m0 = d[a + c.outAt] * dt, v1 = d[b + 1], m1 = d[b + c.inAt] * dt;
  const u = (f - t0) / dt;
  const du = (6 * u * u - 6 * u) * v0 + (3 * u * u - 4 * u + 1) * m0 + (-6 * u * u + 6 * u) * v1 + (3 * u * u - 2 * u) * m1;
  return [hermite(u, v0, m0, v1, m1), du / dt];
}

/**
 * The CUBICSPLINE form of one joint's translation or scale, or null when it is not exact.
 * `axes`: the x, y, z channels (null: the joint's bind value `bind[a]`); `frames`/`sampled`: the
 * frames sampled and the local values there (3 per frame) the spline must reproduce.
 */
export function splineTrack(
  axes: readonly (PlannedTrack | null)[], bind: readonly number[], last: number, fps: number,
  frames: readonly number[], sampled: Float32Array,
): SplineTrack | null {
  const curves: (Curve | null)[] = [];
  for (const t of axes) {
    if (t && (!t.curve || t.interpolation === 'step' || !usable(t.curve))) return null;
    curves.push(t ? t.curve : null);
  }
  const cap = MAX_KNOTS_PER_FRAME * (last + 1) + 2;
  const knotSet = new Set<number>([0, last]);
  for (const c of curves) {
    if (!c || c.n === 1) continue;
    for (let i = 0, at = c.base; i < c.n; i++, at += c.stride) {
      const t = c.data[at];
      if (t > 0 && t < last) knotSet.add(t);
      if (knotSet.size > cap) return null;
    }
  }
  const knots = [...knotSet].sort((a, b) => a - b);
  const times = Float32Array.from(knots, (k) => k / fps);
  for (let k = 1; k < times.length; k++) if (!(times[k] > times[k - 1])) return null;
  const n = knots.length;
  const values = new Float32Array(n * 9);
  // Per-frame tangents (for checking in frames), and per-second ones written.
  const inT = new Float64Array(n * 3), outT = new Float64Array(n * 3), val = new Float64Array(n * 3);
  for (let a = 0; a < 3; a++) {
    const c = curves[a];
    for (let k = 0; k < n; k++) {
      if (!c) { val[k * 3 + a] = bind[a]; continue; }
      const after = k + 1 < n ? (knots[k] + knots[k + 1]) / 2 : knots[k];
      const [v, slopeOut] = pieceAt(c, after, knots[k]);
      val[k * 3 + a] = v;
      outT[k * 3 + a] = k + 1 < n ? slopeOut : 0;
      inT[k * 3 + a] = k > 0 ? pieceAt(c, (knots[k - 1] + knots[k]) / 2, knots[k])[1] : 0;
    }
  }
  for (let k = 0; k < n; k++) {
    for (let a = 0; a < 3; a++) {
      values[k * 9 + a] = inT[k * 3 + a] * fps;
      values[k * 9 + 3 + a] = val[k * 3 + a];
      values[k * 9 + 6 + a] = outT[k * 3 + a] * fps;
    }
  }
  // The spline must give the sampled local values (which carry the scaling rule and the glTF parent).
  let k = 0;
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i];
    while (k + 1 < n - 1 && knots[k + 1] <= f) k++;
    const k1 = Math.min(n - 1, k + 1);
    const dt = knots[k1] - knots[k];
    const u = dt > 0 ? Math.min(1, Math.max(0, (f - knots[k]) / dt)) : 0;
    for (let a = 0; a < 3; a++) {
      const got = dt > 0 ? hermite(u, val[k * 3 + a], outT[k * 3 + a] * dt, val[k1 * 3 + a], inT[k1 * 3 + a] * dt) : val[k * 3 + a];
      const want = sampled[i * 3 + a];
      if (!(Math.abs(got - want) <= TOLERANCE * Math.max(1, Math.abs(want)))) return null;
    }
  }
  return { times, values };
}
