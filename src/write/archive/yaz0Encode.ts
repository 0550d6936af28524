/**
 * Yaz0 compression (FORMATS.md §6; the inverse of src/formats/archive/yaz0.ts): the 16-byte
 * header (`Yaz0`, u32 big-endian size, 8 reserved bytes), then groups of one flag byte and eight
 * items, a literal (bit set) or a back reference of 3–0x111 bytes reaching at most 0x1000 back.
 *
 * The search is the one the games' encoders make: the longest match in the window, the farthest
 * one when several are as long, then lazy matching (a byte goes out as a literal when the match at
 * the next byte is longer by the style's gain). With the styles of YAZ0_STYLES it reproduces every
 * real archive byte for byte. Candidates come from a hash chain over 3-byte prefixes. Work per
 * position is bounded: at most `maxChain` candidates and MAX_COMPARED compared bytes, and
 * periodic data (runs of one value, repeated floats), where every candidate in phase matches the
 * whole length, is resolved by one scan of the window instead of the chain.
 */

const HEADER_SIZE = 0x10;
const MIN_MATCH = 3;
const MAX_MATCH = 0xff + 0x12;
const WINDOW = 0x1000;
const HASH_BITS = 14;
/** Whole-length matches found in the chain before looking for a period (below it, the chain is cheaper). */
const PERIODIC_PROBE = 4;
/** Periods up to this are scanned for (farthestPeriodicMatch); longer ones space whole-length matches that far apart. */
const MAX_SCANNED_PERIOD = 64;
/**
 * Bytes compared per position before the search stops with the best match so far: the bound on
 * work per byte (with maxChain). Real files never reach it (every sample is reproduced exactly).
 */
const MAX_COMPARED = 64 * 1024;
const HASH_SIZE = 1 << HASH_BITS;

/**
 * How an encoder chose its items: the encoders that wrote the real archives differ only in the
 * lazy-matching rule and the padding (every one takes the longest, farthest match).
 */
export interface Yaz0Style {
  /** A byte goes out as a literal when the match at the next byte is at least this much longer. */
  lazyGain: number;
  /** After such a literal, the deferred match may be deferred again (Nintendo) or is taken as it is (yaz0enc). */
  lazyRepeat: boolean;
  /** The stream is padded with zero bytes to a multiple of this (1: no padding). */
  align: number;
}

/**
 * The styles seen in the real archives (../shared/samples/archives; each reproduces its files byte
 * for byte): `nintendo` wrote Kuribo, Mogu and CrystalSwitch (Galaxy as shipped); `yaz0enc`
 * (thakis' encoder, a lookahead that is not repeated) wrote PowerStar; `lazy1` (a match deferred
 * for any longer one, the stream padded to 32 bytes) wrote the three TripodBoss archives.
 */
export const YAZ0_STYLES = {
  nintendo: { lazyGain: 2, lazyRepeat: true, align: 1 },
  yaz0enc: { lazyGain: 2, lazyRepeat: false, align: 1 },
  lazy1: { lazyGain: 1, lazyRepeat: true, align: 32 },
} as const satisfies Record<string, Yaz0Style>;

export type Yaz0StyleName = keyof typeof YAZ0_STYLES;

export interface Yaz0EncodeOptions {
  /** Default {@link YAZ0_STYLES}.nintendo. */
  style?: Yaz0Style;
  /** The header's 8 bytes after the size (default zeros; some tools store an alignment there). */
  reserved?: Uint8Array;
  /** Candidates tried per position (default {@link YAZ0_DEFAULT_CHAIN}); fewer is faster and may find a shorter or nearer match. */
  maxChain?: number;
}

/** The whole window: the search is exact, as the games' encoders. */
export const YAZ0_DEFAULT_CHAIN = 4096;

/** The largest output for `length` input bytes: every item a literal, one flag byte per 8. */
export function yaz0EncodedBound(length: number): number {
  return HEADER_SIZE + length + Math.ceil(length / 8);
}

/** Compresses `data` into a Yaz0 stream. Pure; never throws for any input (sizes up to 4 GiB − 1). */
export function encodeYaz0(data: Uint8Array, options: Yaz0EncodeOptions = {}): Uint8Array {
  const n = data.length;
  if (n > 0xffffffff) throw new RangeError(`Yaz0 holds at most 4 GiB − 1 bytes; got ${n}`);
  const maxChain = Math.max(1, Math.floor(options.maxChain ?? YAZ0_DEFAULT_CHAIN));
  const style = options.style ?? YAZ0_STYLES.nintendo;
  const align = Math.max(1, Math.floor(style.align));
  const out = new Uint8Array(yaz0EncodedBound(n) + align - 1);
  out[0] = 0x59; out[1] = 0x61; out[2] = 0x7a; out[3] = 0x30;
  out[4] = n >>> 24; out[5] = (n >>> 16) & 0xff; out[6] = (n >>> 8) & 0xff; out[7] = n & 0xff;
  if (options.reserved) out.set(options.reserved.subarray(0, 8), 8);

  // head[hash] = last position with that 3-byte prefix + 1 (0: none); prev[pos & 0xFFF] = the one before it + 1.
  const head = new Int32Array(HASH_SIZE);
  const prev = new Int32Array(WINDOW);
  let inserted = 0;
  const hashAt = (p: number): number => (((data[p] << 16) | (data[p + 1] << 8) | data[p + 2]) * 0x9e3779b1) >>> (32 - HASH_BITS);
  /** Adds every position below `upTo` (that has 3 bytes) to the chains. */
  const insertUpTo = (upTo: number): void => {
    const last = Math.min(upTo, n - MIN_MATCH + 1);
    for (; inserted < last; inserted++) {
      const h = hashAt(inserted);
      prev[inserted & (WINDOW - 1)] = head[h];
      head[h] = inserted + 1;
    }
    if (inserted < upTo) inserted = upTo;
  };

  const border = new Int32Array(MAX_MATCH);
  /** The smallest period of data[pos, pos + length) (KMP borders). */
  const smallestPeriod = (pos: number, length: number): number => {
    border[0] = 0;
    for (let i = 1, k = 0; i < length; i++) {
      while (k > 0 && data[pos + i] !== data[pos + k]) k = border[k - 1];
      if (data[pos + i] === data[pos + k]) k++;
      border[i] = k;
    }
    return length - border[length - 1];
  };
  /**
   * Periodic data (runs of one value, repeated floats or records): every candidate in phase matches
   * the whole `length`, so the chain would compare thousands of them. When the bytes at `pos` have a
   * short period p, a whole-length match lies inside a stretch where data[y] = data[y + p]; the
   * window is scanned once for the first such stretch holding the same p bytes. The farthest
   * whole-length match, or -1 when the period is too long for this to pay.
   */
  const farthestPeriodicMatch = (pos: number, length: number): number => {
    const p = smallestPeriod(pos, length);
    if (p > MAX_SCANNED_PERIOD) return -1;
    const need = length - p;
    for (let c = Math.max(0, pos - WINDOW); c < pos;) {
      let k = 0;
      while (k < need && data[c + k] === data[c + k + p]) k++;
      if (k < need) { c += k + 1; continue; }
      // data[y] = data[y + p] on [c, known): each phase of the stretch holds one rotation of the period.
      let known = c + need;
      for (let c2 = c; c2 < c + p && c2 < pos; c2++) {
        while (known < c2 + need && data[known] === data[known + p]) known++;
        if (known < c2 + need) break;
        let j = 0;
        while (j < p && data[c2 + j] === data[pos + j]) j++;
        if (j === p) return c2;
      }
      while (known < pos + need - 1 && data[known] === data[known + p]) known++;
      c = known + 1;
    }
    return -1;
  };

  let matchDistance = 0;
  /** Longest match at `pos` (0 when under 3 bytes); its distance in matchDistance. */
  const findMatch = (pos: number): number => {
    insertUpTo(pos);
    const limit = Math.min(MAX_MATCH, n - pos);
    if (limit < MIN_MATCH) return 0;
    const floor = pos - WINDOW;
    let best = MIN_MATCH - 1;
    let bestAt = -1;
    let fullMatches = 0;
    let compared = 0;
    let candidate = head[hashAt(pos)] - 1;
    for (let tries = 0; candidate >= 0 && candidate >= floor && tries < maxChain; tries++) {
      // A candidate at least as long as the best matches at index best − 1; ties go to the farther one.
      if (data[candidate + best - 1] === data[pos + best - 1] && data[candidate] === data[pos]) {
        let len = 0;
        while (len < limit && data[candidate + len] === data[pos + len]) len++;
        compared += len;
        if (len >= best && len >= MIN_MATCH) {
          best = len;
          bestAt = candidate;
          if (len === limit && ++fullMatches === PERIODIC_PROBE) {
            const far = farthestPeriodicMatch(pos, limit);
            if (far >= 0) {
              bestAt = far;
              break;
            }
          }
        }
        if (compared > MAX_COMPARED) break;
      }
      const next = prev[candidate & (WINDOW - 1)] - 1;
      if (next >= candidate) break;
      candidate = next;
    }
    if (bestAt < 0) return 0;
    matchDistance = pos - bestAt;
    return best;
  };

  let src = 0;
  let dst = HEADER_SIZE;
  let flagAt = dst;
  let bit = 0;
  let pendingLength = 0;
  let pendingDistance = 0;
  const beginItem = (): void => {
    if (bit === 0) {
      flagAt = dst++;
      out[flagAt] = 0;
    }
  };
  const endItem = (): void => {
    bit = (bit + 1) & 7;
  };
  while (src < n) {
    let length: number;
    let distance: number;
    const deferred = pendingLength > 0;
    if (deferred) {
      length = pendingLength;
      distance = pendingDistance;
      pendingLength = 0;
    } else {
      length = findMatch(src);
      distance = matchDistance;
    }
    if (length >= MIN_MATCH && length < MAX_MATCH - 1 && (style.lazyRepeat || !deferred)) {
      const next = findMatch(src + 1);
      if (next >= length + style.lazyGain) {
        pendingLength = next;
        pendingDistance = matchDistance;
        length = 0;
      }
    }
    beginItem();
    if (length < MIN_MATCH) {
      out[flagAt] |= 0x80 >> bit;
      out[dst++] = data[src++];
    } else {
      const d = distance - 1;
      if (length >= 0x12) {
        out[dst++] = d >> 8;
        out[dst++] = d & 0xff;
        out[dst++] = length - 0x12;
      } else {
        out[dst++] = ((length - 2) << 4) | (d >> 8);
        out[dst++] = d & 0xff;
      }
      src += length;
    }
    endItem();
  }
  while (dst % align !== 0) out[dst++] = 0;
  return out.slice(0, dst);
}
