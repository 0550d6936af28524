/**
 * A precompiled animation curve, evaluated with the J3D rules (FORMATS.md §1 "Evaluating a
 * keyed track"): clamp before the first / after the last key, segment t0 ≤ f < t1 (the later
 * key wins on duplicate times), cubic Hermite with per-frame slopes scaled by the segment
 * length. Keys live in one interleaved Float64Array (time, value, inSlope, outSlope) so a
 * curve is a single allocation; evaluation never allocates.
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

/** Float64 elements per key in `Curve.data`. */
export const KEY_STRIDE = 4;

export class Curve {
  /** Number of keys (≥ 1). A single key is a constant. */
  n = 1;
  /** Times never decrease (lets sequential sampling walk forward). */
  sorted = true;
  /** Per key: time, value, inSlope, outSlope (slopes per frame, raw units). */
  data: Float64Array;
  /** Set for a step curve (full track): its values are read from here, `data` is unused. */
  steps: StepSource | null = null;

  /**
   * @param keyed false for constants and defaults (count 0/1): BRK clamping applies only to
   *   interpolated (keyed) tracks, as in the game.
   */
  constructor(
    capacity: number,
    readonly post: CurvePost = CurvePost.None,
    readonly scale: number = 1,
    readonly keyed: boolean = true,
  ) {
    this.data = new Float64Array(KEY_STRIDE * Math.max(1, capacity));
  }

  /** A curve that is `value` everywhere (count 0 default or count 1 constant). */
  static constant(value: number, post: CurvePost = CurvePost.None, scale = 1): Curve {
    const c = new Curve(1, post, scale, false);
    c.data[1] = value;
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

  /** Prepares for n keys (growing the buffer if needed). Only for curves you own. */
  reset(n: number): void {
    const need = KEY_STRIDE * Math.max(1, n);
    if (this.data.length < need) this.data = new Float64Array(Math.max(need, this.data.length * 2));
    this.n = Math.max(1, n);
  }

  setKey(i: number, time: number, value: number, inSlope: number, outSlope: number): void {
    const o = i * KEY_STRIDE;
    const d = this.data;
    d[o] = time;
    d[o + 1] = value;
    d[o + 2] = inSlope;
    d[o + 3] = outSlope;
  }

  /** Call after the keys are set: computes `sorted`. */
  finishKeys(): void {
    const d = this.data;
    let sorted = true;
    for (let i = 1; i < this.n; i++) if (!(d[i * KEY_STRIDE] >= d[(i - 1) * KEY_STRIDE])) sorted = false;
    this.sorted = sorted;
  }

  time(i: number): number {
    return this.data[i * KEY_STRIDE];
  }
  value(i: number): number {
    return this.data[i * KEY_STRIDE + 1];
  }
  inSlope(i: number): number {
    return this.data[i * KEY_STRIDE + 2];
  }
  outSlope(i: number): number {
    return this.data[i * KEY_STRIDE + 3];
  }
}

/** Cubic Hermite on the unit interval (FORMATS.md §1); m0, m1 already multiplied by dt. */
export function hermite(u: number, v0: number, m0: number, v1: number, m1: number): number {
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * v1 + (u3 - u2) * m1;
}

/** Hermite between key lo and key lo+1 of d at frame f (t0 ≤ f < t1 assumed, dt > 0 checked). */
function segment(d: Float64Array, lo: number, f: number): number {
  const a = lo * KEY_STRIDE;
  const b = a + KEY_STRIDE;
  const t0 = d[a];
  const dt = d[b] - t0;
  if (!(dt > 0)) return d[a + 1]; // only reachable with NaN times
  return hermite((f - t0) / dt, d[a + 1], d[a + 3] * dt, d[b + 1], d[b + 2] * dt);
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
  const last = c.n - 1;
  if (last === 0 || !(f >= d[0])) return d[1];
  if (f >= d[last * KEY_STRIDE]) return d[last * KEY_STRIDE + 1];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (d[mid * KEY_STRIDE] <= f) lo = mid;
    else hi = mid;
  }
  return segment(d, lo, f);
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
 * Writes the values at frames first, first+1, …, first+count−1 into out[offset…]. Uses a
 * forward cursor on sorted times (same result as `evaluateCurve`), so a whole track costs
 * O(frames + keys). No allocation.
 */
export function sampleCurveInto(c: Curve, out: { [i: number]: number }, offset: number, first: number, count: number): void {
  if (c.steps) {
    for (let j = 0; j < count; j++) out[offset + j] = finish(c, evaluateSteps(c.steps, first + j));
    return;
  }
  const d = c.data;
  const last = c.n - 1;
  if (last === 0) {
    const value = finish(c, d[1]);
    for (let j = 0; j < count; j++) out[offset + j] = value;
    return;
  }
  if (!c.sorted) {
    for (let j = 0; j < count; j++) out[offset + j] = evaluateCurve(c, first + j);
    return;
  }
  const tFirst = d[0];
  const tLast = d[last * KEY_STRIDE];
  const vFirst = finish(c, d[1]);
  const vLast = finish(c, d[last * KEY_STRIDE + 1]);
  const plain = c.post === CurvePost.None;
  let lo = 0;
  for (let j = 0; j < count; j++) {
    const f = first + j;
    if (!(f >= tFirst)) out[offset + j] = vFirst;
    else if (f >= tLast) out[offset + j] = vLast;
    else {
      if (d[lo * KEY_STRIDE] > f) lo = 0;
      while (d[(lo + 1) * KEY_STRIDE] <= f) lo++;
      const raw = segment(d, lo, f);
      out[offset + j] = plain ? raw : finish(c, raw);
    }
  }
}
