/**
 * BRK colour rules (FORMATS.md §4): values are raw 0–255-scale s16. After interpolation the
 * game clamps register (C) colours to −1024..1023 and konstant (K) colours to 0..255;
 * constant (count 1) values are not clamped. Interpolated values are also snapped and
 * truncated toward zero (the spec is silent; the game stores them as integers — s16 for
 * registers, u8 for konstants — via a truncating float conversion).
 */
import { snapTruncate } from './quantize';

export const REGISTER_MIN = -1024;
export const REGISTER_MAX = 1023;
export const KONSTANT_MIN = 0;
export const KONSTANT_MAX = 255;

/** An interpolated register colour component → the value the game uses. */
export function quantizeRegister(raw: number): number {
  const v = snapTruncate(raw);
  return v < REGISTER_MIN ? REGISTER_MIN : v > REGISTER_MAX ? REGISTER_MAX : v;
}

/** An interpolated konstant colour component → the value the game uses. */
export function quantizeKonstant(raw: number): number {
  const v = snapTruncate(raw);
  return v < KONSTANT_MIN ? KONSTANT_MIN : v > KONSTANT_MAX ? KONSTANT_MAX : v;
}
