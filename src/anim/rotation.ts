/**
 * J3D rotation units (FORMATS.md §1 "Rotation units"): degrees = (raw << fraction) · 180 / 32768.
 * The shift is a multiplication by 2^fraction so large fractions cannot overflow 32 bits.
 * 32768 (not noclip's 32767) is trusted.
 */
import { snapTruncate } from './quantize';

/** Degrees per raw rotation unit for a rotation fraction. */
export function rotationScale(rotationFraction: number): number {
  return (Math.pow(2, rotationFraction) * 180) / 32768;
}

/** Raw (possibly interpolated, non-integer) s16 rotation → degrees: snap, truncate, scale. */
export function rawRotationToDegrees(raw: number, rotationFraction: number): number {
  return snapTruncate(raw) * rotationScale(rotationFraction);
}

export function degreesToRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}
