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
 * Readings held at most. They are held in a table with a few places per hash, not a map: a file
 * whose tracks all differ (the worst-case BCK: 589,815) then costs a lookup and a replaced
 * entry per track (a map holding them all took sampleFile on it from 0.8 to 1.6 s, nearly all GC).
 */
const SLOTS = 4096;

/** Slots per set: three readings that share a set (as likely as not among 192 readings) all stay held. */
const WAYS = 4;

const BUCKET = new Float64Array(1);
const BUCKET_WORDS = new Int32Array(BUCKET.buffer);

/**
 * Lookups after which a file whose tracks hardly ever repeat (fewer than 1 in 16) is sampled without
 * looking: the worst-case BCK's 589,815 tracks all differ, and looking cost it 15 % (0.93 → 1.09 s).
 */
const GIVE_UP_AFTER = 4096;

/** Sources numbered at most (a file has a few banks); past it the numbering starts again. */
const SOURCES = 16;

export class SharedValues {
  /** Slot i holds the values `curves[i]` reads. */
  private readonly curves: (Curve | undefined)[];
  private readonly values: (number[] | undefined)[];
  private readonly sources: unknown[] = [];
  /** Lookups (counted up to GIVE_UP_AFTER) and how many found their values held. */
  private looked = 0;
  private found = 0;
  private doubles: number[] | undefined;

  /**
   * @param frames values per track (frames 0 … frames − 1).
   * @param limit values held at most (a streamed document stays bounded).
   * @param readings how many curves will be looked up at most: the table need not be larger than
   *   twice that (a small file's 27 tracks no longer allocate 4,096 slots twice).
   */
  constructor(private readonly frames: number, limit = Infinity, readings = Infinity) {
    const wanted = Number.isFinite(readings) ? Math.max(WAYS, 2 ** Math.ceil(Math.log2(Math.max(1, 2 * readings)))) : SLOTS;
    const slots = Math.max(1, Math.min(SLOTS, wanted, Math.floor(limit / Math.max(1, frames))));
    this.curves = new Array(slots).fill(undefined);
    this.values = new Array(slots).fill(undefined);
  }

  /** The values of `curve` at frames 0 … frames − 1: sampled, or those of an earlier curve that reads the same. */
  of(curve: Curve): number[] {
    const source = this.looked === GIVE_UP_AFTER && this.found * 16 < GIVE_UP_AFTER ? undefined : sourceOf(curve);
    if (source === undefined) return this.sample(curve);
    if (this.looked < GIVE_UP_AFTER) this.looked++;
    // WAYS places per hash (a set of its own), the newest first: readings that collide and
    // alternate stay shared.
    const set = this.setOf(source, curve.post, bucketOf(curve));
    const end = Math.min(set + WAYS, this.curves.length);
    for (let slot = set; slot < end; slot++) {
      if (this.holds(slot, curve)) {
        this.found++;
        return this.values[slot]!;
      }
    }
    const values = this.sample(curve);
    for (let slot = end - 1; slot > set; slot--) {
      this.curves[slot] = this.curves[slot - 1];
      this.values[slot] = this.values[slot - 1];
    }
    this.curves[set] = curve;
    this.values[set] = values;
    return values;
  }

  private holds(slot: number, curve: Curve): boolean {
    const held = this.curves[slot];
    return held !== undefined && (held === curve || sameReading(held, curve));
  }

  /**
   * The first slot of a set from the source's number, the post step (a rotation constant 0 and a translation
   * constant 0 are both 0 of CONSTANTS) and the bucket; sameReading, not the slot, decides what is shared.
   */
  private setOf(source: unknown, post: number, bucket: number): number {
    let id = this.sources.indexOf(source);
    if (id < 0) {
      if (this.sources.length === SOURCES) this.sources.length = 0;
      id = this.sources.push(source) - 1;
    }
    // The bucket's low 32 bits as an integer (an element and length) and its 64 bits as a double (a
    // constant may be any value, its integer part alone would put 0.25 and 0.5 together), then
    // murmur3's finaliser, so that every input bit reaches the slot's bits.
    BUCKET[0] = bucket;
    let h = (bucket >>> 0) ^ Math.imul(BUCKET_WORDS[0], 0xCC9E2D51) ^ Math.imul(BUCKET_WORDS[1], 0x85EBCA6B) ^ Math.imul((id + 1) * 8 + post, 0x9E3779B1);
    h = Math.imul(h ^ (h >>> 16), 0x85EBCA6B);
    h = Math.imul(h ^ (h >>> 13), 0xC2B2AE35);
    const sets = Math.max(1, Math.floor(this.curves.length / WAYS));
    return (((h ^ (h >>> 16)) >>> 0) % sets) * WAYS;
  }

  /**
   * A new array of `frames` values to fill: a copy of one that already holds doubles. `new Array(n)`
   * holds small integers, and its first double stored would copy it once more (590k times for the
   * worst-case BCK).
   */
  fresh(): number[] {
    return (this.doubles ??= new Array<number>(this.frames).fill(0.5)).slice();
  }

  private sample(curve: Curve): number[] {
    const values = this.fresh();
    sampleCurveInto(curve, values, 0, 0, this.frames);
    return values;
  }
}
