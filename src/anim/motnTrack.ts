/**
 * Shenmue MOTN track → Curve (FORMATS.md §5; the interpolation is inferred, not documented).
 *
 * Key meaning by the number n of stored halves (value is always the last half):
 *   n = 0 → value 0, no tangent;  n = 1 → [value], no tangent;
 *   n = 2 → [tangent, value], one tangent for both sides;
 *   n = 3 → [in, out, value] (the data weakly favours this order).
 * Stored tangents are slopes per second: divided by 30 (MOTN runs at 30 fps) to get slopes per
 * frame. Where no tangent is stored the slope is 0 (a flat tangent) — a choice, not a fact.
 * Evaluation then follows the J3D rules: clamping outside the keys, later key wins on duplicate
 * frames, cubic Hermite.
 */
import { Curve } from './curve';
import type { MotnKey } from '../formats/motn/types';

export const MOTN_FPS = 30;

export interface MotnKeyReading {
  value: number;
  /** Slopes per frame. */
  inSlope: number;
  outSlope: number;
}

function num(x: unknown): number {
  return typeof x === 'number' ? x : 0;
}

/** Reads one key's halves. Non-numbers (a truncated key) read as 0. */
export function readMotnKey(halves: readonly number[], into: MotnKeyReading = { value: 0, inSlope: 0, outSlope: 0 }): MotnKeyReading {
  const n = halves.length;
  const last = n >= 1 ? halves[n - 1] : 0;
  into.value = typeof last === 'number' ? last : 0;
  if (n === 2) {
    into.inSlope = into.outSlope = num(halves[0]) / MOTN_FPS;
  } else if (n >= 3) {
    into.inSlope = num(halves[n - 3]) / MOTN_FPS;
    into.outSlope = num(halves[n - 2]) / MOTN_FPS;
  } else {
    into.inSlope = into.outSlope = 0;
  }
  return into;
}

const reading: MotnKeyReading = { value: 0, inSlope: 0, outSlope: 0 };

/**
 * Loads a track's keys into `target` (reusing its buffer). With no target a new Curve is made.
 * A track without keys is the constant 0.
 */
export function compileMotnTrack(track: { keys: readonly MotnKey[] }, target?: Curve): Curve {
  const keys = track.keys ?? [];
  const k = keys.length;
  const curve = target ?? new Curve(k);
  curve.reset(k);
  if (k === 0) {
    curve.setKey(0, 0, 0, 0, 0);
  }
  for (let i = 0; i < k; i++) {
    const key = keys[i];
    readMotnKey(key.halves ?? [], reading);
    curve.setKey(i, key.frame, reading.value, reading.inSlope, reading.outSlope);
  }
  curve.finishKeys();
  return curve;
}
