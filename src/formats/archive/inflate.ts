/**
 * DEFLATE (RFC 1951) and gzip (RFC 1952) decompression, written for AnimScope: pure, no Node
 * `zlib`, browser-safe. Stored, fixed-Huffman and dynamic-Huffman blocks.
 *
 * Never throws. Output is bounded by a hard cap (option `maxSize`), by what the input could
 * possibly expand to (DEFLATE's best ratio is 258 bytes per 1 bit → < 1032:1 plus a little),
 * and — for gzip — never pre-allocated from the untrusted ISIZE field beyond that bound.
 * Every loop consumes input or produces output, so corrupt streams cannot hang.
 * Diagnostics carry offsets in the compressed stream.
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';

/** Default hard cap on one decompressed stream (the same as Yaz0's). */
export const INFLATE_DEFAULT_MAX_SIZE = 512 * 1024 * 1024;

export const INFLATE_CODES: DiagnosticCode[] = [
  { code: 'INFLATE_TRUNCATED', severity: 'error', summary: 'The DEFLATE stream ends before its last block is complete.' },
  { code: 'INFLATE_BAD_BLOCK', severity: 'error', summary: 'A DEFLATE block has the reserved type 3.' },
  { code: 'INFLATE_STORED_LENGTH', severity: 'error', summary: 'A stored DEFLATE block has LEN ≠ ~NLEN.' },
  { code: 'INFLATE_BAD_TABLE', severity: 'error', summary: 'A dynamic DEFLATE block describes an invalid Huffman code (over-subscribed, incomplete, too many codes, bad repeat).' },
  { code: 'INFLATE_BAD_SYMBOL', severity: 'error', summary: 'A DEFLATE stream holds an invalid or unassigned Huffman code.' },
  { code: 'INFLATE_BAD_DISTANCE', severity: 'error', summary: 'A DEFLATE back reference reaches before the start of the output.' },
  { code: 'INFLATE_LIMIT', severity: 'error', summary: 'The decompressed data exceeds the size cap; output was cut.' },
  { code: 'GZIP_HEADER', severity: 'error', summary: 'The gzip header is truncated, uses an unknown method or sets reserved flags.' },
  { code: 'GZIP_HEADER_CRC', severity: 'warning', summary: 'The gzip header CRC16 does not match.' },
  { code: 'GZIP_CRC', severity: 'error', summary: 'The CRC-32 of the decompressed gzip data does not match the trailer.' },
  { code: 'GZIP_SIZE', severity: 'error', summary: 'The gzip trailer size (ISIZE) does not match the decompressed length (mod 2^32).' },
  { code: 'GZIP_TRAILER', severity: 'error', summary: 'The gzip trailer (CRC-32 and ISIZE) is missing or truncated.' },
  { code: 'GZIP_TRAILING_DATA', severity: 'hint', summary: 'Bytes that are not a gzip member follow the gzip stream.' },
];

export interface InflateOptions {
  /** Hard cap on the output size (default {@link INFLATE_DEFAULT_MAX_SIZE}). */
  maxSize?: number;
  /** Expected output size (gzip ISIZE): used only as a bounded first allocation. */
  sizeHint?: number;
}

export interface InflateResult {
  data: Uint8Array;
  /** Offset in the input just after the last byte of the stream (byte-aligned). */
  end: number;
  /** True when the final block was decoded without error and within the cap. */
  complete: boolean;
}

/**
 * Upper bound of what `compressedLength` bytes of DEFLATE can produce: a match (≤ 258 bytes)
 * costs at least 2 bits (1-bit length code + 1-bit distance code), so < 1032 bytes per byte.
 */
export function inflateMaxOutput(compressedLength: number): number {
  return compressedLength * 1032 + 1024;
}

// --- tables (RFC 1951 §3.2.5) ---
const LENGTH_BASE = new Uint16Array([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LENGTH_EXTRA = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
const DIST_BASE = new Uint16Array([1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]);
const DIST_EXTRA = new Uint8Array([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * A single-level lookup table indexed by the next `bits` input bits (LSB first): entry =
 * symbol << 4 | code length; 0 = no code (incomplete code / unused symbol).
 */
interface Huffman { table: Uint16Array; bits: number }

/**
 * Builds a canonical Huffman table from code lengths. Returns a string describing the problem
 * for over-subscribed codes, or for incomplete ones unless `allowIncomplete` (zlib accepts
 * incomplete codes only when a single code of length 1 is used).
 */
function buildHuffman(lengths: Uint8Array, count: number): Huffman | string {
  const blCount = new Uint16Array(16);
  let maxLen = 0;
  for (let i = 0; i < count; i++) {
    const l = lengths[i];
    blCount[l]++;
    if (l > maxLen) maxLen = l;
  }
  blCount[0] = 0;
  // Check completeness: left = codes still available at each length.
  let left = 1;
  for (let len = 1; len <= 15; len++) {
    left = left * 2 - blCount[len];
    if (left < 0) return 'over-subscribed';
  }
  if (left > 0 && !(maxLen === 1 && blCount[1] === 1)) {
    if (maxLen === 0) return 'no codes';
    return 'incomplete';
  }
  const bits = Math.max(1, maxLen);
  const table = new Uint16Array(1 << bits);
  const nextCode = new Uint16Array(16);
  let code = 0;
  for (let len = 1; len <= 15; len++) {
    code = (code + blCount[len - 1]) << 1;
    nextCode[len] = code;
  }
  for (let sym = 0; sym < count; sym++) {
    const len = lengths[sym];
    if (len === 0) continue;
    let c = nextCode[len]++;
    // Reverse the code's bits (DEFLATE packs Huffman codes most significant bit first).
    let rev = 0;
    for (let k = 0; k < len; k++) { rev = (rev << 1) | (c & 1); c >>= 1; }
    const entry = (sym << 4) | len;
    for (let idx = rev; idx < table.length; idx += 1 << len) table[idx] = entry;
  }
  return { table, bits };
}

let fixedLit: Huffman | undefined;
let fixedDist: Huffman | undefined;
function fixedTables(): [Huffman, Huffman] {
  if (!fixedLit || !fixedDist) {
    const l = new Uint8Array(288);
    l.fill(8, 0, 144); l.fill(9, 144, 256); l.fill(7, 256, 280); l.fill(8, 280, 288);
    fixedLit = buildHuffman(l, 288) as Huffman;
    // Fixed distance codes: 30 used + 2 unused 5-bit codes (complete as a 32-symbol code).
    fixedDist = buildHuffman(new Uint8Array(32).fill(5), 32) as Huffman;
  }
  return [fixedLit, fixedDist];
}

class Stop extends Error {}

/**
 * Decompresses a raw DEFLATE stream starting at `start`. Never throws; on corruption the
 * output produced so far is returned with `complete: false` and a diagnostic.
 */
export function inflateRaw(bytes: Uint8Array, start: number, diagnostics: DiagnosticSink, options: InflateOptions = {}): InflateResult {
  const inLength = bytes.length;
  const cap = Math.max(0, Math.min(options.maxSize ?? INFLATE_DEFAULT_MAX_SIZE, inflateMaxOutput(Math.max(0, inLength - start))));
  // The hint (gzip ISIZE) is untrusted: it only sizes the first allocation, within a bound
  // proportional to the input; the buffer then grows by doubling as output is really produced.
  const soft = (inLength - start) * 16 + 0x10000;
  const hint = options.sizeHint !== undefined && options.sizeHint >= 0 ? Math.min(options.sizeHint, soft) : (inLength - start) * 4;
  let out = new Uint8Array(Math.min(cap, Math.max(64, hint)));
  let dst = 0;
  let pos = start;
  let bitBuf = 0;
  let bitCnt = 0;
  /** Zero bits appended past the end of the input (to let a table lookup peek); consuming them = truncation. */
  let padBits = 0;
  let complete = false;

  const truncated = (what: string): never => {
    diagnostics.error('INFLATE_TRUNCATED', Math.min(pos, inLength), 0, `DEFLATE stream ends inside ${what} at compressed offset ${hex(Math.min(pos, inLength))} after ${dst} decompressed bytes.`);
    throw new Stop();
  };
  const fill = (n: number): void => {
    while (bitCnt < n) {
      if (pos < inLength) bitBuf |= bytes[pos++] << bitCnt;
      else padBits += 8;
      bitCnt += 8;
    }
  };
  const consume = (n: number, what: string): void => {
    bitBuf >>>= n;
    bitCnt -= n;
    if (bitCnt < padBits) truncated(what);
  };
  const getBits = (n: number, what: string): number => {
    if (n === 0) return 0;
    fill(n);
    const v = bitBuf & ((1 << n) - 1);
    consume(n, what);
    return v;
  };
  const decodeSym = (h: Huffman, what: string): number => {
    fill(h.bits);
    const e = h.table[bitBuf & ((1 << h.bits) - 1)];
    const len = e & 15;
    if (len === 0) {
      const at = Math.max(start, pos - 1);
      diagnostics.error('INFLATE_BAD_SYMBOL', at, 1, `Invalid ${what} code at compressed offset ${hex(at)}.`);
      throw new Stop();
    }
    consume(len, what);
    return e >> 4;
  };
  const ensure = (extra: number): boolean => {
    const need = dst + extra;
    if (need > cap) return false;
    if (need <= out.length) return true;
    let size = out.length;
    while (size < need) size *= 2;
    const grown = new Uint8Array(Math.min(cap, size));
    grown.set(out.subarray(0, dst));
    out = grown;
    return true;
  };
  const limit = (): never => {
    diagnostics.error('INFLATE_LIMIT', Math.min(pos, inLength), 0, `DEFLATE output exceeds ${cap} bytes (cap); cut at compressed offset ${hex(Math.min(pos, inLength))}.`);
    throw new Stop();
  };

  try {
    let final = 0;
    while (!final) {
      const blockAt = pos;
      final = getBits(1, 'a block header');
      const type = getBits(2, 'a block header');
      if (type === 0) {
        // Stored: skip to the byte boundary, LEN, NLEN, LEN bytes.
        pos -= Math.max(0, bitCnt - padBits) >> 3; // whole unread bytes go back to the input
        bitBuf = 0; bitCnt = 0; padBits = 0;
        if (pos + 4 > inLength) { pos = inLength; truncated('a stored block header'); }
        const len = bytes[pos] | (bytes[pos + 1] << 8);
        const nlen = bytes[pos + 2] | (bytes[pos + 3] << 8);
        if ((len ^ 0xffff) !== nlen) {
          diagnostics.error('INFLATE_STORED_LENGTH', pos, 4, `Stored DEFLATE block at compressed offset ${hex(pos)}: LEN ${len} does not match NLEN ${nlen}.`);
          throw new Stop();
        }
        pos += 4;
        const avail = Math.min(len, inLength - pos);
        if (!ensure(avail)) {
          const room = cap - dst;
          ensure(room);
          out.set(bytes.subarray(pos, pos + room), dst);
          dst += room;
          pos += room;
          limit();
        }
        out.set(bytes.subarray(pos, pos + avail), dst);
        dst += avail;
        pos += avail;
        if (avail < len) truncated('a stored block');
        continue;
      }
      if (type === 3) {
        diagnostics.error('INFLATE_BAD_BLOCK', blockAt, 1, `DEFLATE block at compressed offset ${hex(blockAt)} has the reserved type 3.`);
        throw new Stop();
      }
      let lit: Huffman, dist: Huffman;
      if (type === 1) {
        [lit, dist] = fixedTables();
      } else {
        const hlit = getBits(5, 'a dynamic block header') + 257;
        const hdist = getBits(5, 'a dynamic block header') + 1;
        const hclen = getBits(4, 'a dynamic block header') + 4;
        const bad = (why: string): never => {
          diagnostics.error('INFLATE_BAD_TABLE', blockAt, Math.max(1, pos - blockAt), `Dynamic DEFLATE block at compressed offset ${hex(blockAt)}: ${why}.`);
          throw new Stop();
        };
        if (hlit > 286 || hdist > 30) bad(`${hlit} literal/length and ${hdist} distance codes (at most 286 and 30)`);
        const clLengths = new Uint8Array(19);
        for (let i = 0; i < hclen; i++) clLengths[CODE_LENGTH_ORDER[i]] = getBits(3, 'a dynamic block header');
        const cl = buildHuffman(clLengths, 19);
        if (typeof cl === 'string') return bad(`code length code is ${cl}`);
        const lengths = new Uint8Array(hlit + hdist);
        for (let i = 0; i < hlit + hdist;) {
          const sym = decodeSym(cl, 'code length');
          if (sym < 16) { lengths[i++] = sym; continue; }
          let repeat: number;
          let value = 0;
          if (sym === 16) {
            if (i === 0) bad('a repeat code (16) with no previous length');
            value = lengths[i - 1];
            repeat = 3 + getBits(2, 'a dynamic block header');
          } else if (sym === 17) {
            repeat = 3 + getBits(3, 'a dynamic block header');
          } else {
            repeat = 11 + getBits(7, 'a dynamic block header');
          }
          if (i + repeat > hlit + hdist) bad('code length repeats run past the number of codes');
          lengths.fill(value, i, i + repeat);
          i += repeat;
        }
        if (lengths[256] === 0) bad('no end-of-block code');
        const l = buildHuffman(lengths.subarray(0, hlit), hlit);
        if (typeof l === 'string') return bad(`literal/length code is ${l}`);
        const d = buildHuffman(lengths.subarray(hlit), hdist);
        // A block with only literals may have no distance codes at all (one length-0 code).
        if (typeof d === 'string') {
          if (d !== 'no codes') return bad(`distance code is ${d}`);
          dist = { table: new Uint16Array(2), bits: 1 };
        } else {
          dist = d;
        }
        lit = l;
      }
      // Huffman-coded data.
      for (;;) {
        const sym = decodeSym(lit, 'literal/length');
        if (sym < 256) {
          if (dst >= out.length && !ensure(1)) limit();
          out[dst++] = sym;
          continue;
        }
        if (sym === 256) break;
        const li = sym - 257;
        if (li >= 29) {
          const at = Math.max(start, pos - 1);
          diagnostics.error('INFLATE_BAD_SYMBOL', at, 1, `Invalid length symbol ${sym} at compressed offset ${hex(at)}.`);
          throw new Stop();
        }
        const length = LENGTH_BASE[li] + getBits(LENGTH_EXTRA[li], 'a length');
        const ds = decodeSym(dist, 'distance');
        if (ds >= 30) {
          const at = Math.max(start, pos - 1);
          diagnostics.error('INFLATE_BAD_SYMBOL', at, 1, `Invalid distance symbol ${ds} at compressed offset ${hex(at)}.`);
          throw new Stop();
        }
        const distance = DIST_BASE[ds] + getBits(DIST_EXTRA[ds], 'a distance');
        if (distance > dst) {
          const at = Math.max(start, pos - 1);
          diagnostics.error('INFLATE_BAD_DISTANCE', at, 1,
            `DEFLATE back reference at compressed offset ${hex(at)} reaches ${distance} bytes back, but only ${dst} bytes were produced.`);
          throw new Stop();
        }
        let n = length;
        if (!ensure(length)) n = cap - dst;
        let from = dst - distance;
        if (distance >= n) {
          out.copyWithin(dst, from, from + n);
          dst += n;
        } else {
          const end = dst + n;
          while (dst < end) out[dst++] = out[from++];
        }
        if (n < length) limit();
      }
    }
    complete = true;
  } catch (e) {
    if (!(e instanceof Stop)) {
      diagnostics.error('INFLATE_TRUNCATED', Math.min(pos, inLength), 0, `DEFLATE decoding failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  // Unused whole bytes in the bit buffer go back to the input (the stream ends at a byte boundary).
  const realBits = Math.max(0, bitCnt - padBits);
  const end = Math.max(start, pos - (realBits >> 3));
  return { data: out.subarray(0, dst), end: Math.min(inLength, end), complete };
}

// --- CRC-32 (IEEE, reflected 0xEDB88320) ---
let crcTable: Int32Array | undefined;
export function crc32(bytes: Uint8Array, crc = 0): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;
}

function u32le(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

/** Members after the first are decoded too (RFC 1952 allows concatenation); at most this many. */
const MAX_MEMBERS = 1024;

/**
 * Decompresses gzip data (one or more members). Never throws; returns what could be decoded.
 * The ISIZE field is only a hint for the first allocation, capped by what the input can produce.
 */
export function gunzip(bytes: Uint8Array, diagnostics: DiagnosticSink, options: InflateOptions = {}): Uint8Array {
  const maxSize = Math.max(0, Math.min(options.maxSize ?? INFLATE_DEFAULT_MAX_SIZE, inflateMaxOutput(bytes.length)));
  const parts: Uint8Array[] = [];
  let total = 0;
  let pos = 0;
  if (bytes.length === 0) diagnostics.error('GZIP_HEADER', 0, 0, 'The gzip data is empty.');
  for (let member = 0; member < MAX_MEMBERS && pos < bytes.length; member++) {
    const at = pos;
    if (!isGzip(bytes.subarray(pos))) {
      if (member === 0) {
        diagnostics.error('GZIP_HEADER', 0, Math.min(3, bytes.length), 'The data does not start with the gzip magic 1F 8B 08.');
      } else if (bytes.subarray(pos).some((b) => b !== 0)) {
        diagnostics.hint('GZIP_TRAILING_DATA', pos, bytes.length - pos, `${bytes.length - pos} bytes after the gzip stream at ${hex(pos)} are not a gzip member.`);
      }
      break;
    }
    if (bytes.length - pos < 10) {
      diagnostics.error('GZIP_HEADER', pos, bytes.length - pos, `gzip header at ${hex(pos)} is truncated.`);
      break;
    }
    const flags = bytes[pos + 3];
    if (flags & 0xe0) {
      diagnostics.error('GZIP_HEADER', pos + 3, 1, `gzip header at ${hex(pos)} sets reserved flag bits (${hex(flags)}).`);
      break;
    }
    let p = pos + 10;
    let bad = false;
    if (flags & 4) {
      if (p + 2 > bytes.length) bad = true;
      else p += 2 + (bytes[p] | (bytes[p + 1] << 8));
    }
    const skipString = (): void => {
      while (p < bytes.length && bytes[p] !== 0) p++;
      if (p >= bytes.length) bad = true;
      p++;
    };
    if (!bad && flags & 8) skipString();
    if (!bad && flags & 16) skipString();
    if (!bad && flags & 2) {
      if (p + 2 > bytes.length) bad = true;
      else {
        const stored = bytes[p] | (bytes[p + 1] << 8);
        const actual = crc32(bytes.subarray(pos, p)) & 0xffff;
        if (stored !== actual) diagnostics.warning('GZIP_HEADER_CRC', p, 2, `gzip header CRC16 ${hex(stored)} differs from ${hex(actual)}.`);
        p += 2;
      }
    }
    if (bad || p > bytes.length) {
      diagnostics.error('GZIP_HEADER', pos, Math.min(bytes.length, p) - pos, `gzip header at ${hex(pos)} runs past the end of the data.`);
      break;
    }
    // ISIZE of this member, if a trailer could be at the very end (single member: the usual case).
    const isize = member === 0 && bytes.length >= p + 8 ? u32le(bytes, bytes.length - 4) : undefined;
    const result = inflateRaw(bytes, p, diagnostics, { maxSize: maxSize - total, sizeHint: isize });
    parts.push(result.data);
    total += result.data.length;
    if (!result.complete) break;
    pos = result.end;
    if (pos + 8 > bytes.length) {
      diagnostics.error('GZIP_TRAILER', pos, bytes.length - pos, `gzip member at ${hex(at)}: the 8-byte trailer at ${hex(pos)} is truncated.`);
      break;
    }
    const crc = u32le(bytes, pos);
    const size = u32le(bytes, pos + 4);
    const actualCrc = crc32(result.data);
    if (crc !== actualCrc) diagnostics.error('GZIP_CRC', pos, 4, `gzip CRC-32 ${hex(crc, 8)} differs from the data's ${hex(actualCrc, 8)}.`);
    if (size !== result.data.length >>> 0) {
      diagnostics.error('GZIP_SIZE', pos + 4, 4, `gzip trailer declares ${size} bytes (mod 2^32), but ${result.data.length} were decompressed.`);
    }
    pos += 8;
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) { out.set(part, o); o += part.length; }
  return out;
}
