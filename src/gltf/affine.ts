/**
 * 3×4 row-major affine matrices (skeleton.ts layout) ↔ glTF: inverse, TRS decomposition, the
 * column-major 4×4 glTF stores, and quaternions kept in one hemisphere (FORMATS.md §11.2).
 */
import { MATRIX_STRIDE } from '../formats/model/jointMatrices';

export const IDENTITY_3X4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** out[o…] = inverse of m[mo…]; false (and the identity) when m is singular or not finite. */
export function invertAffine(out: Float64Array, o: number, m: ArrayLike<number>, mo: number): boolean {
  const a = m[mo], b = m[mo + 1], c = m[mo + 2], d = m[mo + 4], e = m[mo + 5], f = m[mo + 6], g = m[mo + 8], h = m[mo + 9], i = m[mo + 10];
  const tx = m[mo + 3], ty = m[mo + 7], tz = m[mo + 11];
  const c00 = e * i - f * h, c01 = c * h - b * i, c02 = b * f - c * e;
  const det = a * c00 + b * (f * g - d * i) + c * (d * h - e * g);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) {
    for (let k = 0; k < MATRIX_STRIDE; k++) out[o + k] = IDENTITY_3X4[k];
    return false;
  }
  const s = 1 / det;
  const r00 = c00 * s, r01 = c01 * s, r02 = c02 * s;
  const r10 = (f * g - d * i) * s, r11 = (a * i - c * g) * s, r12 = (c * d - a * f) * s;
  const r20 = (d * h - e * g) * s, r21 = (b * g - a * h) * s, r22 = (a * e - b * d) * s;
  out[o] = r00; out[o + 1] = r01; out[o + 2] = r02; out[o + 3] = -(r00 * tx + r01 * ty + r02 * tz);
  out[o + 4] = r10; out[o + 5] = r11; out[o + 6] = r12; out[o + 7] = -(r10 * tx + r11 * ty + r12 * tz);
  out[o + 8] = r20; out[o + 9] = r21; out[o + 10] = r22; out[o + 11] = -(r20 * tx + r21 * ty + r22 * tz);
  return true;
}

/** Writes m (3×4 row-major) as a glTF MAT4 (column-major, 16 numbers) at out[o…]. */
export function toColumnMajor(out: Float32Array, o: number, m: ArrayLike<number>, mo: number): void {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 3; r++) out[o + c * 4 + r] = m[mo + r * 4 + c];
    out[o + c * 4 + 3] = c === 3 ? 1 : 0;
  }
}

export interface Trs {
  t: [number, number, number];
  /** x, y, z, w */
  r: [number, number, number, number];
  s: [number, number, number];
}

/**
 * T · R · S of an affine matrix: scale = column lengths (x negated on a mirror), rotation from the
 * normalised columns. Exact for matrices built as T·R·S; a sheared one (a parent's non-uniform
 * scale under a rotation) gets the nearest rotation of its columns.
 */
export function decompose(m: ArrayLike<number>, mo: number): Trs {
  let sx = Math.hypot(m[mo], m[mo + 4], m[mo + 8]);
  const sy = Math.hypot(m[mo + 1], m[mo + 5], m[mo + 9]);
  const sz = Math.hypot(m[mo + 2], m[mo + 6], m[mo + 10]);
  const det = m[mo] * (m[mo + 5] * m[mo + 10] - m[mo + 6] * m[mo + 9])
    - m[mo + 1] * (m[mo + 4] * m[mo + 10] - m[mo + 6] * m[mo + 8])
    + m[mo + 2] * (m[mo + 4] * m[mo + 9] - m[mo + 5] * m[mo + 8]);
  if (det < 0) sx = -sx;
  const ix = sx ? 1 / sx : 0, iy = sy ? 1 / sy : 0, iz = sz ? 1 / sz : 0;
  const r = quaternionOf(
    m[mo] * ix, m[mo + 1] * iy, m[mo + 2] * iz,
    m[mo + 4] * ix, m[mo + 5] * iy, m[mo + 6] * iz,
    m[mo + 8] * ix, m[mo + 9] * iy, m[mo + 10] * iz,
  );
  return { t: [m[mo + 3], m[mo + 7], m[mo + 11]], r, s: [sx, sy, sz] };
}

/** Unit quaternion (x, y, z, w) of a rotation matrix (Shepperd's method; renormalised). */
export function quaternionOf(m00: number, m01: number, m02: number, m10: number, m11: number, m12: number, m20: number, m21: number, m22: number): [number, number, number, number] {
  let x: number, y: number, z: number, w: number;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s; x = (m21 - m12) * s; y = (m02 - m20) * s; z = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(Math.max(1 + m00 - m11 - m22, 1e-30));
    w = (m21 - m12) / s; x = 0.25 * s; y = (m01 + m10) / s; z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(Math.max(1 + m11 - m00 - m22, 1e-30));
    w = (m02 - m20) / s; x = (m01 + m10) / s; y = 0.25 * s; z = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(Math.max(1 + m22 - m00 - m11, 1e-30));
    w = (m10 - m01) / s; x = (m02 + m20) / s; y = (m12 + m21) / s; z = 0.25 * s;
  }
  const len = Math.hypot(x, y, z, w);
  if (!(len > 0) || !Number.isFinite(len)) return [0, 0, 0, 1];
  return [x / len, y / len, z / len, w / len];
}
