/**
 * A glTF animation channel's value at a time (glTF 2.0 §3.11 "Interpolation"): STEP holds,
 * LINEAR lerps (rotations: slerp), CUBICSPLINE evaluates its Hermite (tangents scaled by the
 * key interval; rotations renormalised). Before the first key: the first value; after the last:
 * the last value.
 */
import type { GltfChannelData } from './gltfRead';

function slerp(out: number[], a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, u: number): void {
  let bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  let dot = a[ao] * bx + a[ao + 1] * by + a[ao + 2] * bz + a[ao + 3] * bw;
  if (dot < 0) { dot = -dot; bx = -bx; by = -by; bz = -bz; bw = -bw; }
  let k0 = 1 - u, k1 = u;
  if (dot < 0.9995) {
    const theta = Math.acos(Math.min(1, dot));
    const s = Math.sin(theta);
    k0 = Math.sin((1 - u) * theta) / s;
    k1 = Math.sin(u * theta) / s;
  }
  out[0] = k0 * a[ao] + k1 * bx; out[1] = k0 * a[ao + 1] + k1 * by; out[2] = k0 * a[ao + 2] + k1 * bz; out[3] = k0 * a[ao + 3] + k1 * bw;
  normalise(out);
}

function normalise(q: number[]): void {
  const len = Math.hypot(q[0], q[1], q[2], q[3]);
  if (len > 0 && Number.isFinite(len)) for (let i = 0; i < 4; i++) q[i] /= len;
  else { q[0] = 0; q[1] = 0; q[2] = 0; q[3] = 1; }
}

/** The channel's value at `time` (seconds) into `out` (3 or 4 numbers). */
export function sampleChannel(c: GltfChannelData, time: number, out: number[]): number[] {
  const size = c.path === 'rotation' ? 4 : 3;
  const stride = c.interpolation === 'CUBICSPLINE' ? size * 3 : size;
  if (c.times.length === 0 || c.values.length < c.times.length * stride) {
    out.length = size;
    for (let k = 0; k < size; k++) out[k] = size === 4 && k === 3 ? 1 : c.path === 'scale' ? 1 : 0;
    return out;
  }
  return sampleKeys(c.times, c.values, c.interpolation, size, size === 4, time, out);
}

/**
 * Any sampler's value at `time`: `size` numbers per key (CUBICSPLINE: in-tangent, value,
 * out-tangent); `quaternion`: slerped and renormalised. The keys must be there (callers check).
 */
export function sampleKeys(times: ArrayLike<number>, values: ArrayLike<number>, interpolation: string, size: number, quaternion: boolean, time: number, out: number[]): number[] {
  const n = times.length;
  const cubic = interpolation === 'CUBICSPLINE';
  const stride = cubic ? size * 3 : size;
  const at = (i: number): number => i * stride + (cubic ? size : 0);
  out.length = size;
  const copy = (i: number): number[] => {
    for (let k = 0; k < size; k++) out[k] = values[at(i) + k] ?? 0;
    if (quaternion) normalise(out);
    return out;
  };
  if (!(time > times[0])) return copy(0);
  if (time >= times[n - 1]) return copy(n - 1);
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) { const mid = (lo + hi) >>> 1; if (times[mid] <= time) lo = mid; else hi = mid; }
  const t0 = times[lo], dt = times[hi] - t0;
  if (interpolation === 'STEP' || !(dt > 0)) return copy(lo);
  const u = (time - t0) / dt;
  if (cubic) {
    const u2 = u * u, u3 = u2 * u;
    const h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
    const a = lo * stride, b = hi * stride;
    for (let k = 0; k < size; k++) {
      out[k] = h00 * values[a + size + k] + h10 * dt * values[a + 2 * size + k] + h01 * values[b + size + k] + h11 * dt * values[b + k];
    }
    if (quaternion) normalise(out);
    return out;
  }
  if (quaternion) { slerp(out, values, lo * 4, values, hi * 4, u); return out; }
  for (let k = 0; k < size; k++) out[k] = values[lo * size + k] * (1 - u) + values[hi * size + k] * u;
  return out;
}
