/**
 * Sampled values shared by the tracks that read the same keys the same way. J3D exporters store
 * a run of keys once and point every track that needs it there (half the keyed tracks of the
 * shared J3D samples, and most constants, repeat another track's); such tracks are sampled once
 * and share one values array, which is why sampled values are read-only.
 */
import { Curve, sampleCurveInto } from './curve';

/** The source every constant (count 0 or 1) is filed under: its value, not its storage, says what it reads. */
const CONSTANTS = {};

/** Where a curve's keys come from; undefined: not shareable (keys of its own, which a caller may refill). */
function sourceOf(c: Curve): unknown {
  if (c.steps) return c.steps.values;
  if (c.n === 1) return CONSTANTS;
  return c.inPlace ? c.data : undefined;
}

/** Within its source: a curve's first element and the low bits of its length, or a constant's value (sameReading tells apart what collides). */
function bucketOf(c: Curve): number {
  if (c.steps) return c.steps.first * 0x10000 + (c.steps.count & 0xFFFF);
  return c.n === 1 ? c.value(0) : c.base * 0x10000 + (c.n & 0xFFFF);
}

/** Same values at every frame: the two curves read the same keys (or value) through the same rules. */
function sameReading(a: Curve, b: Curve): boolean {
  if (a.post !== b.post || !Object.is(a.scale, b.scale) || a.keyed !== b.keyed) return false;
  if (a.steps || b.steps) {
    return !!a.steps && !!b.steps && a.steps.values === b.steps.values && a.steps.first === b.steps.first
      && a.steps.count === b.steps.count && a.steps.limit === b.steps.limit;
  }
  if (a.n === 1 || b.n === 1) return a.n === b.n && Object.is(a.value(0), b.value(0));
  return a.data === b.data && a.base === b.base && a.n === b.n && a.stride === b.stride
    && a.inAt === b.inAt && a.outAt === b.outAt && Object.is(a.missingFrom, b.missingFrom);
}

/**
 * Readings held at most. They are held in a table with two places per hash, not a map: a file
 * whose tracks all differ (the worst-case BCK: 589,815) then costs a lookup and a replaced
 * entry per track (a map holding them all took sampleFile on it from 0.8 to 1.6 s, nearly all GC).
 */
const SLOTS = 4096;

/** Sources numbered at most (a file has a few banks); past it the numbering starts again. */
const SOURCES = 16;

export class SharedValues {
  /** Slot i holds the values `curves[i]` reads. */
  private readonly curves: (Curve | undefined)[];
  private readonly values: (number[] | undefined)[];
  private readonly sources: unknown[] = [];

  /**
   * @param frames values per track (frames 0 … frames − 1).
   * @param limit values held at most (a streamed document stays bounded).
   */
  constructor(private readonly frames: number, limit = Infinity) {
    const slots = Math.max(1, Math.min(SLOTS, Math.floor(limit / Math.max(1, frames))));
    this.curves = new Array(slots).fill(undefined);
    this.values = new Array(slots).fill(undefined);
  }

  /** The values of `curve` at frames 0 … frames − 1: sampled, or those of an earlier curve that reads the same. */
  of(curve: Curve): number[] {
    const source = sourceOf(curve);
    if (source === undefined) return this.sample(curve);
    // Two places per hash, the newer first: readings that collide and alternate stay shared.
    const first = this.slotOf(source, curve.post, bucketOf(curve));
    const second = first + 1 === this.curves.length ? 0 : first + 1;
    if (this.holds(first, curve)) return this.values[first]!;
    if (this.holds(second, curve)) return this.values[second]!;
    const values = this.sample(curve);
    this.curves[second] = this.curves[first];
    this.values[second] = this.values[first];
    this.curves[first] = curve;
    this.values[first] = values;
    return values;
  }

  private holds(slot: number, curve: Curve): boolean {
    const held = this.curves[slot];
    return held !== undefined && (held === curve || sameReading(held, curve));
  }

  /**
   * A slot from the source's number, the post step (a rotation constant 0 and a translation
   * constant 0 are both 0 of CONSTANTS) and the bucket; sameReading, not the slot, decides what is shared.
   */
  private slotOf(source: unknown, post: number, bucket: number): number {
    let id = this.sources.indexOf(source);
    if (id < 0) {
      if (this.sources.length === SOURCES) this.sources.length = 0;
      id = this.sources.push(source) - 1;
    }
    // murmur3's finaliser over the three, so that every input bit reaches the slot's bits.
    let h = (bucket >>> 0) ^ Math.imul(Math.floor(bucket / 0x1_0000_0000) | 0, 0x85EBCA6B) ^ Math.imul((id + 1) * 8 + post, 0x9E3779B1);
    h = Math.imul(h ^ (h >>> 16), 0x85EBCA6B);
    h = Math.imul(h ^ (h >>> 13), 0xC2B2AE35);
    return ((h ^ (h >>> 16)) >>> 0) % this.curves.length;
  }

  private sample(curve: Curve): number[] {
    const values = new Array<number>(this.frames);
    sampleCurveInto(curve, values, 0, 0, this.frames);
    return values;
  }
}
