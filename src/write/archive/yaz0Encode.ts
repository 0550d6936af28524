/**
 * Yaz0 compression (the inverse of src/formats/archive/yaz0.ts): the same 16-byte header, then
 * groups of 8 items, each a literal byte or a back reference of 3 to 0x111 bytes at a distance
 * of 1 to 0x1000.
 *
 * The match search is the one Nintendo's encoder makes, found with hash chains instead of its
 * brute-force scan of the window: the longest match wins, the farthest one among equals, and
 * one byte of lookahead — when the match at the next byte is at least 2 longer, a literal is
 * written first. No npm package writes Yaz0, so this is the product's own code.
 *
 * Work is bounded: each position walks at most `maxChain` earlier positions of the same 3-byte
 * hash (the whole window by default), and a match reaching the longest length ends the walk
 * (there the distance may differ from Nintendo's, never the size).
 */

const WINDOW = 0x1000;
const MIN_MATCH = 3;
const MAX_MATCH = 0xff + 0x12;
const HASH_BITS = 15;
const HASH_SIZE = 1 << HASH_BITS;

export interface Yaz0EncodeOptions {
  /** Earlier positions of the same hash tried per byte (default: the whole window). */
  maxChain?: number;
  /** The 8 bytes after the size in the header (kept from the original file when rewriting one). */
  reserved?: Uint8Array;
}

function hash3(src: Uint8Array, i: number): number {
  return (((src[i] << 16) | (src[i + 1] << 8) | src[i + 2]) * 0x9e3779b1) >>> (32 - HASH_BITS);
}

class MatchFinder {
  private readonly head = new Int32Array(HASH_SIZE).fill(-1);
  private readonly prev: Int32Array;
  /** Positions below this are in the chains. */
  private inserted = 0;
  length = 0;
  position = 0;

  constructor(private readonly src: Uint8Array, private readonly maxChain: number) {
    this.prev = new Int32Array(src.length);
  }

  private insertUpTo(pos: number): void {
    const src = this.src;
    const end = Math.min(pos, src.length - MIN_MATCH + 1);
    for (let i = this.inserted; i < end; i++) {
      const h = hash3(src, i);
      this.prev[i] = this.head[h];
      this.head[h] = i;
    }
    if (end > this.inserted) this.inserted = end;
  }

  /** The longest (then farthest) match for `pos`; sets `length` (0 when under 3) and `position`. */
  find(pos: number): number {
    const src = this.src;
    const n = src.length;
    this.insertUpTo(pos);
    this.length = 0;
    if (pos + MIN_MATCH > n) return 0;
    const limit = Math.min(MAX_MATCH, n - pos);
    const windowStart = pos - WINDOW;
    let candidate = this.head[hash3(src, pos)];
    let best = 0;
    let bestPos = 0;
    for (let tries = this.maxChain; candidate >= 0 && candidate >= windowStart && tries > 0; tries--) {
      // Quick reject: a match at least as long as the best must agree on the best's last byte.
      if (best === 0 || src[candidate + best - 1] === src[pos + best - 1]) {
        let j = 0;
        while (j < limit && src[candidate + j] === src[pos + j]) j++;
        // Walking from near to far, `>=` keeps the farthest of equal matches (Nintendo's scan keeps the first it meets).
        if (j >= best && j >= MIN_MATCH) {
          best = j;
          bestPos = candidate;
          // The longest possible: farther equals would only change the distance, not the size.
          if (j === limit) break;
        }
      }
      candidate = this.prev[candidate];
    }
    if (best >= MIN_MATCH) {
      this.length = best;
      this.position = bestPos;
    }
    return this.length;
  }
}

/** Yaz0-compresses `src`. */
export function encodeYaz0(src: Uint8Array, options: Yaz0EncodeOptions = {}): Uint8Array {
  const n = src.length;
  // Worst case: every item a literal, one group byte per 8.
  const out = new Uint8Array(16 + n + Math.ceil(n / 8) + 8);
  out.set([0x59, 0x61, 0x7a, 0x30], 0);
  out[4] = (n >>> 24) & 0xff;
  out[5] = (n >>> 16) & 0xff;
  out[6] = (n >>> 8) & 0xff;
  out[7] = n & 0xff;
  if (options.reserved) out.set(options.reserved.subarray(0, 8), 8);
  const finder = new MatchFinder(src, Math.max(1, options.maxChain ?? WINDOW));

  let o = 16;
  let groupAt = o++;
  let group = 0;
  let items = 0;
  const flush = (): void => {
    out[groupAt] = group;
    groupAt = o++;
    group = 0;
    items = 0;
  };

  let pos = 0;
  let pending = 0; // a match found by the lookahead, to be written at `pos`
  let pendingPos = 0;
  while (pos < n) {
    let length: number;
    let matchPos = 0;
    if (pending > 0) {
      length = pending;
      matchPos = pendingPos;
      pending = 0;
    } else {
      length = finder.find(pos);
      matchPos = finder.position;
      if (length >= MIN_MATCH && finder.find(pos + 1) >= length + 2) {
        pending = finder.length;
        pendingPos = finder.position;
        length = 1;
      }
    }
    if (length < MIN_MATCH) {
      group |= 0x80 >> items;
      out[o++] = src[pos++];
    } else {
      const distance = pos - matchPos - 1;
      if (length >= 0x12) {
        out[o++] = distance >> 8;
        out[o++] = distance & 0xff;
        out[o++] = length - 0x12;
      } else {
        out[o++] = ((length - 2) << 4) | (distance >> 8);
        out[o++] = distance & 0xff;
      }
      pos += length;
    }
    if (++items === 8) flush();
  }
  if (items > 0) out[groupAt] = group;
  else o--; // the last group byte was opened but holds nothing
  return out.slice(0, o);
}
