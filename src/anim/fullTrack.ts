/**
 * Full tracks (FORMATS.md §9 "Full-track entry"): u16 count, u16 index into a bank holding one
 * value per frame. At frame f the game reads bank[index] for f < 0, bank[index + count − 1] for
 * f ≥ count, else bank[index + floor f] — clamped by the track's own count, not the duration.
 *
 * Values the game would read from outside the bank are missing (NaN): a count-0 track (the game
 * reads bank[index − 1], before its slice) and every element at or past the bank's length.
 * The curve references the bank (no copy), so a 65,535-frame track costs nothing until sampled.
 */
import { Curve, CurvePost } from './curve';
import type { DescribedKey, PlannedTrack, TrackUnit } from './tracks';

/** One full-track entry as stored. */
export interface FullTrackRef {
  count: number;
  index: number;
}

export interface FullTrackOptions {
  post?: CurvePost;
  /** Output unit per raw unit (BCA rotation: degrees per raw unit). */
  scale?: number;
}

function nonNegativeInt(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The step curve of a full track over `bank` (its length is the bank's: elements past it are missing). */
export function compileFullTrack(track: FullTrackRef | undefined, bank: ArrayLike<number>, options: FullTrackOptions = {}): Curve {
  const post = options.post ?? CurvePost.None;
  const scale = options.scale ?? 1;
  const count = nonNegativeInt(track?.count);
  if (count === 0) return Curve.constant(NaN, post, scale);
  return Curve.fromSteps(bank, nonNegativeInt(track?.index), count, bank.length, post, scale);
}

/**
 * The keys of a step curve for the curve view: one per stored value (frame i = element
 * index + i), linked to `chunk/bank[element]`; missing values are NaN with no path. Slopes are
 * NaN (a step has no tangent handles).
 */
export function stepKeys(curve: Curve, chunk: string, bank: string, unitScale = 1): DescribedKey[] {
  const s = curve.steps;
  if (!s) return [];
  const out: DescribedKey[] = new Array(s.count);
  for (let i = 0; i < s.count; i++) {
    const e = s.first + i;
    const inside = e < s.limit;
    out[i] = {
      frame: i,
      value: inside ? s.values[e] * unitScale : NaN,
      inSlope: NaN,
      outSlope: NaN,
      ...(inside ? { valuePath: `${chunk}/${bank}[${e}]` } : {}),
    };
  }
  return out;
}

/** A full track as a planned track (interpolation `step`), its keys linked to `chunk/bank[i]`. */
export function plannedFull(path: string, group: number, channel: string, axis: string, unit: TrackUnit,
  curve: Curve, chunk: string, bank: string, unitScale = 1): PlannedTrack {
  return { path, group, channel, axis, unit, curve, interpolation: 'step', keys: () => stepKeys(curve, chunk, bank, unitScale) };
}
