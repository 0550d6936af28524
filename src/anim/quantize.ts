/**
 * Integer conversion shared by J3D rotations and BRK colours: snap values within 1e-6 of an
 * integer (double rounding would otherwise turn n into n − 1 on flat segments), then truncate
 * toward zero like the game's float → s16 conversion. Never returns −0.
 */
export const SNAP_EPSILON = 1e-6;

export function snapTruncate(v: number): number {
  const r = Math.round(v);
  const s = Math.abs(v - r) <= SNAP_EPSILON ? r : v;
  return Math.trunc(s) + 0;
}
