/**
 * A precompiled animation curve, evaluated with the J3D rules (FORMATS.md §1 "Evaluating a
 * keyed track"): clamp before the first / after the last key, segment t0 ≤ f < t1 (the later
 * key wins on duplicate times), cubic Hermite with per-frame slopes scaled by the segment
 * length. Keys live in one interleaved Float64Array (time, value, inSlope, outSlope) so a
 * curve is a single allocation, or are read in place from a J3D bank (Curve.view): a hostile
 * file whose every track claims the whole bank costs nothing per key. Evaluation never allocates.
 *
 * A step curve (`Curve.fromSteps`, the full tracks of FORMATS.md §9) holds one value per frame
 * read straight from its bank, no keys and no interpolation: f < 0 → the first value,
 * f ≥ count → the last, else value[floor f]. A value outside the bank is NaN (missing).
 */
import { quantizeKonstant, quantizeRegister } from './color';
import { snapTruncate } from './quantize';

/** What happens to the interpolated raw value before it is returned. */
export enum CurvePost {
  /** Returned as interpolated. */
  None = 0,
  /** J3D rotation: snap + truncate the raw s16 value, then multiply by `scale` (degrees). */
  Rotation = 1,
  /** BRK register colour: keyed values snapped, truncated, clamped to −1024..1023. */
  Register = 2,
  /** BRK konstant colour: keyed values snapped, truncated, clamped to 0..255. */
  Konstant = 3,
  /**
   * BPK/BXK colour (FORMATS.md §9.1): keyed values snapped, truncated, clamped to 0..255; a
   * constant (count 1) is stored as a byte: its low 8 bits, no clamp.
   */
  ColourByte = 4,
  /** BVA visibility: any non-zero value shows (1), zero hides (0). */
  NonZero = 5,
}

/** The values of a step curve: `count` elements of `values` from `first`; elements at or past `limit` are missing. */
export interface StepSource {
  values: ArrayLike<number>;
  first: number;
  count: number;
  limit: number;
}

/** Float64 elements per key in an owned `Curve.data`. */
export const KEY_STRIDE = 4;

/** The key storage a curve reads: its own Float64Array, or a file's bank viewed in place. */
export type KeyData = Float64Array | Float32Array | Int16Array | ArrayLike<number>;

export class Curve {
  /** Number of keys (≥ 1). A single key is a constant. */
  n = 1;
  /**
   * Per key, at `base + i × stride`: time, value, then the in and out slopes at `inAt` / `outAt`
   * (slopes per frame, raw units). Owned curves: a Float64Array of (time, value, in, out).
   * Views ({@link Curve.view}): a J3D bank read in place (no copy, no per-key allocation).
   */
  data: KeyData;
  base = 0;
  stride = KEY_STRIDE;
  inAt = 2;
  outAt = 3;
  private sortedCache: boolean | undefined = true;
  /** Set for a step curve (full track): its values are read from here, `data` is unused. */
  steps: StepSource | null = null;
  /** From this frame on the value is missing (NaN): a keyed track cut short by its bank whose next key is unknown. */
  missingFrom = Infinity;
  /** The keys are a bank's, read in place ({@link Curve.view}), not a buffer of the curve's own. */
  readonly inPlace: boolean;

  /**
   * @param keyed false for constants and defaults (count 0/1): BRK clamping applies only to
   *   interpolated (keyed) tracks, as in the game.
   */
  constructor(
    capacity: number,
    readonly post: CurvePost = CurvePost.None,
    readonly scale: number = 1,
    readonly keyed: boolean = true,
    /** Storage to use instead of a new buffer of `capacity` keys (views). */
    data?: KeyData,
  ) {
    this.data = data ?? new Float64Array(KEY_STRIDE * Math.max(1, capacity));
    this.inPlace = data !== undefined;
  }

  /** A curve that is `value` everywhere (count 0 default or count 1 constant). */
  static constant(value: number, post: CurvePost = CurvePost.None, scale = 1): Curve {
    const c = new Curve(1, post, scale, false);
    (c.data as Float64Array)[1] = value;
    return c;
  }

  /**
   * `count` (≥ 2) keys read in place from `bank`: key i is (time, value, tangent) at
   * `base + 3i` (`stride` 3, one tangent for both sides) or (time, value, in, out) at
   * `base + 4i` (`stride` 4). The caller guarantees every key lies inside the bank.
   */
  static view(bank: KeyData, base: number, count: number, stride: 3 | 4, post: CurvePost = CurvePost.None, scale = 1): Curve {
    const c = new Curve(0, post, scale, true, bank);
    c.base = base;
    c.stride = stride;
    c.outAt = stride === 3 ? 2 : 3;
    c.n = Math.max(1, count);
    c.sortedCache = undefined;
    return c;
  }

  /**
   * A step curve over `count` (≥ 1) values of a bank from element `first`; elements at or past
   * `limit` (the bank's length) read as missing (NaN). The bank is referenced, not copied.
   */
  static fromSteps(values: ArrayLike<number>, first: number, count: number, limit: number, post: CurvePost = CurvePost.None, scale = 1): Curve {
    const c = new Curve(1, post, scale, false);
    c.n = Math.max(1, count);
    c.steps = { values, first, count: Math.max(1, count), limit: Math.min(limit, values.length) };
    return c;
  }

  /** Builds a curve from parallel arrays (tests, tools). */
  static fromKeys(times: ArrayLike<number>, values: ArrayLike<number>, inSlopes: ArrayLike<number>, outSlopes: ArrayLike<number>, post: CurvePost = CurvePost.None, scale = 1): Curve {
    const c = new Curve(times.length, post, scale, true);
    c.reset(times.length);
    for (let i = 0; i < times.length; i++) c.setKey(i, times[i], values[i], inSlopes[i], outSlopes[i]);
    c.finishKeys();
    return c;
  }

  /** Prepares for n keys (growing the buffer if needed). Only for curves you own (not views). */
  reset(n: number): void {
    const need = KEY_STRIDE * Math.max(1, n);
    if (!(this.data instanceof Float64Array) || this.data.length < need) this.data = new Float64Array(Math.max(need, this.data.length * 2));
    this.base = 0;
    this.stride = KEY_STRIDE;
    this.inAt = 2;
    this.outAt = 3;
    this.n = Math.max(1, n);
    this.sortedCache = undefined;
  }

  setKey(i: number, time: number, value: number, inSlope: number, outSlope: number): void {
    const o = i * KEY_STRIDE;
    const d = this.data as Float64Array;
    d[o] = time;
    d[o + 1] = value;
    d[o + 2] = inSlope;
    d[o + 3] = outSlope;
  }

  /** Call after the keys are set (sortedness is then computed when first needed). */
  finishKeys(): void {
    this.sortedCache = undefined;
  }

  /** Times never decrease (lets sequential sampling walk forward). Computed once, on first use: O(n). */
  get sorted(): boolean {
    if (this.sortedCache === undefined) {
      const d = this.data;
      const s = this.stride;
      let sorted = true;
      for (let i = 1, at = this.base + s; i < this.n; i++, at += s) {
        if (!(d[at] >= d[at - s])) {
          sorted = false;
          break;
        }
      }
      this.sortedCache = sorted;
    }
    return this.sortedCache;
  }

  time(i: number): number {
    return this.data[this.base + i * this.stride];
  }
  value(i: number): number {
    return this.data[this.base + i * this.stride + 1];
  }
  inSlope(i: number): number {
    return this.data[this.base + i * this.stride + this.inAt];
  }
  outSlope(i: number): number {
    return this.data[this.base + i * this.stride + this.outAt];
  }
}

/** Cubic Hermite on the unit interval (FORMATS.md §1); m0, m1 already multiplied by dt. */
export function hermite(u: number, v0: number, m0: number, v1: number, m1: number): number {
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * v1 + (u3 - u2) * m1;
}

/** Hermite between key lo and key lo+1 at frame f (t0 ≤ f < t1 assumed, dt > 0 checked). */
function segment(c: Curve, lo: number, f: number): number {
  const d = c.data;
  const a = c.base + lo * c.stride;
  const b = a + c.stride;
  const t0 = d[a];
  const dt = d[b] - t0;
  if (!(dt > 0)) return d[a + 1]; // only reachable with NaN times
  return hermite((f - t0) / dt, d[a + 1], d[a + c.outAt] * dt, d[b + 1], d[b + c.inAt] * dt);
}

/** Element `e` of a step source, NaN when outside the bank. */
function stepAt(s: StepSource, e: number): number {
  return e >= 0 && e < s.limit ? s.values[e] : NaN;
}

/** The value of a step curve at frame f (FORMATS.md §9 full-track entry): clamped by the track's own count. */
export function evaluateSteps(s: StepSource, f: number): number {
  if (!(f >= 0)) return stepAt(s, s.first);
  if (f >= s.count) return stepAt(s, s.first + s.count - 1);
  return stepAt(s, s.first + Math.floor(f));
}

/**
 * The raw interpolated value at frame f (before `post`). A NaN frame gives the first value.
 *
 * The segment search is a bisection that keeps time[lo] ≤ f < time[hi]; on sorted times this
 * is the last key with time ≤ f (so the later of duplicate keys wins), and on hostile
 * unsorted times it still ends on a pair with t0 ≤ f < t1, so dt > 0 and no division by zero.
 */
export function evaluateRaw(c: Curve, f: number): number {
  if (c.steps) return evaluateSteps(c.steps, f);
  const d = c.data;
  const base = c.base;
  const s = c.stride;
  const last = c.n - 1;
  if (last === 0 || !(f >= d[base])) return d[base + 1];
  if (f >= c.missingFrom) return NaN;
  if (f >= d[base + last * s]) return d[base + last * s + 1];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (d[base + mid * s] <= f) lo = mid;
    else hi = mid;
  }
  return segment(c, lo, f);
}

/** Applies the curve's post step to a raw value. */
export function finish(c: Curve, raw: number): number {
  switch (c.post) {
    case CurvePost.None:
      return raw;
    case CurvePost.Rotation:
      return snapTruncate(raw) * c.scale;
    case CurvePost.Register:
      return c.keyed ? quantizeRegister(raw) : raw;
    case CurvePost.Konstant:
      return c.keyed ? quantizeKonstant(raw) : raw;
    case CurvePost.ColourByte:
      return c.keyed ? quantizeKonstant(raw) : lowByte(raw);
    case CurvePost.NonZero:
      return raw !== raw ? raw : raw !== 0 ? 1 : 0;
    default:
      return raw;
  }
}

/** The low 8 bits of an integer (a byte store); NaN stays missing. */
function lowByte(v: number): number {
  return Number.isFinite(v) ? Math.trunc(v) & 0xFF : NaN;
}

/** The value at frame f in the curve's output unit (degrees for rotations, clamped colours). */
export function evaluateCurve(c: Curve, f: number): number {
  return finish(c, evaluateRaw(c, f));
}

/**
 * Writes the values at frames first, first+1, …, first+count−1 into out[offset…] (same result
 * as `evaluateCurve`). With no more keys than frames and sorted times, a forward cursor: O(frames
 * + keys); otherwise a bisection per frame, so a track claiming far more keys than frames (a
 * hostile shared bank) costs O(frames · log keys), never O(keys). No allocation.
 */
export function sampleCurveInto(c: Curve, out: { [i: number]: number }, offset: number, first: number, count: number): void {
  if (c.steps) {
    for (let j = 0; j < count; j++) out[offset + j] = finish(c, evaluateSteps(c.steps, first + j));
    return;
  }
  const d = c.data;
  const base = c.base;
  const s = c.stride;
  const last = c.n - 1;
  if (last === 0) {
    const value = finish(c, d[base + 1]);
    for (let j = 0; j < count; j++) out[offset + j] = value;
    return;
  }
  if (last > count || !c.sorted || c.missingFrom !== Infinity) {
    for (let j = 0; j < count; j++) out[offset + j] = evaluateCurve(c, first + j);
    return;
  }
  const tFirst = d[base];
  const vFirst = finish(c, d[base + 1]);
  const vLast = finish(c, d[base + last * s + 1]);
  const plain = c.post === CurvePost.None;
  const inAt = c.inAt, outAt = c.outAt;
  let j = 0;
  while (j < count && !(first + j >= tFirst)) out[offset + j++] = vFirst;
  // Segment by segment: the frames t0 ≤ f < t1 of each (none in a zero-length one; sorted times,
  // so the first segment ending after f starts at or before it), with the very operands
  // `segment` computes, so the values are the same to the bit.
  for (let k = 0, a = base; k < last && j < count; k++, a += s) {
    const b = a + s;
    const t1 = d[b];
    if (!(first + j < t1)) continue;
    const t0 = d[a];
    const dt = t1 - t0;
    const v0 = d[a + 1], m0 = d[a + outAt] * dt, v1 = d[b + 1], m1 = d[b + inAt] * dt;
    for (; j < count && first + j < t1; j++) {
      const f = first + j;
      const raw = dt > 0 ? hermite((f - t0) / dt, v0, m0, v1, m1) : v0;
      out[offset + j] = plain ? raw : finish(c, raw);
    }
  }
  while (j < count) out[offset + j++] = vLast;
}

/**
 * Writes evaluateCurve(c, first + j·step) into out[j] for all of `out` (the curve view's pixel
 * columns): sorted keys are walked with a forward cursor, O(columns + keys), and each value comes
 * from the same `segment` evaluateRaw uses. Anything else (steps, unsorted or missing keys, more
 * keys than columns, a step that does not move forward) is evaluated column by column.
 */
export function sampleCurveAtStep(c: Curve, out: Float64Array, first: number, step: number): void {
  const d = c.data;
  const base = c.base;
  const s = c.stride;
  const last = c.n - 1;
  if (c.steps || last < 1 || last > out.length || !c.sorted || c.missingFrom !== Infinity || !(step > 0)) {
    for (let j = 0; j < out.length; j++) out[j] = evaluateCurve(c, first + j * step);
    return;
  }
  const tFirst = d[base];
  const tLast = d[base + last * s];
  let lo = 0;
  for (let j = 0; j < out.length; j++) {
    const f = first + j * step;
    if (!(f >= tFirst)) out[j] = finish(c, d[base + 1]);
    else if (f >= tLast) out[j] = finish(c, d[base + last * s + 1]);
    else {
      while (d[base + (lo + 1) * s] <= f) lo++;
      out[j] = finish(c, segment(c, lo, f));
    }
  }
}
