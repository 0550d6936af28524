/**
 * Full tracks (FORMATS.md §9 "Full-track entry"): u16 count, u16 index into a bank holding one
 * value per frame. At frame f the game reads bank[index] for f < 0, bank[index + count − 1] for
 * f ≥ count, else bank[index + floor f] — clamped by the track's own count, not the duration.
 *
 * Values the game would read from outside the bank are missing (NaN): a count-0 track (the game
 * reads bank[index − 1], before its slice) and every element at or past the bank's length.
 * The curve references the bank (no copy), so a 65,535-frame track costs nothing until sampled.
 */
import { Curve, CurvePost, StepSource } from './curve';
import { KeyListBase, NO_KEYS } from './tracks';
import type { DescribedKey, KeyList, PlannedTrack, TrackUnit } from './tracks';

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
 * The keys of a step curve for the curve view, read in place: one per stored value (frame i =
 * element index + i), linked to `chunk/bank[element]`; missing values are NaN with no path. Slopes
 * are NaN (a step has no tangent handles).
 */
class StepKeys extends KeyListBase {
  readonly length: number;
  constructor(private readonly s: StepSource, private readonly chunk: string, private readonly bank: string, private readonly unitScale: number) {
    super();
    this.length = s.count;
  }
  frame(i: number): number { return i; }
  value(i: number): number { return this.s.first + i < this.s.limit ? this.s.values[this.s.first + i] * this.unitScale : NaN; }
  inSlope(): number { return NaN; }
  outSlope(): number { return NaN; }
  at(i: number): DescribedKey {
    const e = this.s.first + i;
    return {
      frame: i, value: this.value(i), inSlope: NaN, outSlope: NaN,
      ...(e < this.s.limit ? { valuePath: `${this.chunk}/${this.bank}[${e}]` } : {}),
    };
  }
}

export function stepKeys(curve: Curve, chunk: string, bank: string, unitScale = 1): KeyList {
  return curve.steps ? new StepKeys(curve.steps, chunk, bank, unitScale) : NO_KEYS;
}

/** A full track as a planned track (interpolation `step`), its keys linked to `chunk/bank[i]`. */
export function plannedFull(path: string, group: number, channel: string, axis: string, unit: TrackUnit,
  curve: Curve, chunk: string, bank: string, unitScale = 1): PlannedTrack {
  return { path, group, channel, axis, unit, curve, interpolation: 'step', keys: () => stepKeys(curve, chunk, bank, unitScale) };
}
