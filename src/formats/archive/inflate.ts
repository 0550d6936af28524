/**
 * DEFLATE (RFC 1951) through fflate 0.8.3 (pure JavaScript, synchronous, Node and browser), and
 * gzip (RFC 1952) framing written here: header fields, CRC-32 and ISIZE checks, concatenated
 * members, trailing data.
 *
 * Never throws. Output is bounded by a hard cap (option `maxSize`), by what the input could
 * possibly expand to (DEFLATE's best ratio is 258 bytes per 2 bits → < 1032:1 plus a little) and
 * by the bomb limit (128:1 past the first MiB: INFLATE_BOMB); the untrusted gzip ISIZE never sizes
 * an allocation. fflate is fed at most 8 KiB per step (less when little room is left), so one
 * step produces at most about 8 MiB before the caps are checked. Output can go to a sink chunk by
 * chunk ({@link inflateRawTo}, {@link gunzipTo}) instead of one array. Its errors map to the codes
 * below; diagnostics carry offsets in the compressed stream (for fflate's errors: the slice being
 * decoded, as fflate does not say where).
 */
import type { Inflate as InflateStream } from 'fflate';
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';

/**
 * fflate is loaded on the first inflate: evaluating it builds its Huffman tables and loads
 * worker_threads (6–9 ms), which every CLI command paid at start-up though few ever inflate.
 */
function fflateInflate(): typeof InflateStream {
  return (require('fflate') as typeof import('fflate')).Inflate;
}

/**
 * Default hard cap on one decompressed stream (the same as Yaz0's): no real archive comes close,
 * as the consoles it comes from had 16 (Dreamcast) to 88 MB (Wii) of memory.
 */
export const INFLATE_DEFAULT_MAX_SIZE = 64 * 1024 * 1024;

/**
 * A decompression bomb: past the first {@link BOMB_FLOOR} bytes, more than this many output bytes
 * per compressed byte. Real data stays far below (gzip -9 of every sample: at most 3.5:1; DEFLATE's
 * own limit is 1032:1, which the hostile whole-gzip-190MB.pks reaches).
 */
export const INFLATE_BOMB_RATIO = 128;
/** Output a stream may always produce, whatever its ratio (a small file of zeros is no bomb). */
export const BOMB_FLOOR = 1024 * 1024;

/** The output at which `compressedLength` bytes of DEFLATE count as a decompression bomb. */
export function inflateBombLimit(compressedLength: number): number {
  return BOMB_FLOOR + INFLATE_BOMB_RATIO * compressedLength;
}

export const INFLATE_CODES: DiagnosticCode[] = [
  { code: 'INFLATE_TRUNCATED', severity: 'error', summary: 'The DEFLATE stream ends before its last block is complete.' },
  { code: 'INFLATE_BAD_BLOCK', severity: 'error', summary: 'A DEFLATE block has the reserved type 3.' },
  { code: 'INFLATE_STORED_LENGTH', severity: 'error', summary: 'A stored DEFLATE block has LEN ≠ ~NLEN. (No longer reported: fflate reads LEN only; such a stream shows as GZIP_CRC / GZIP_SIZE.)' },
  { code: 'INFLATE_BAD_TABLE', severity: 'error', summary: 'A dynamic DEFLATE block describes an invalid Huffman code. (No longer reported: fflate builds the table anyway; such a stream shows as INFLATE_BAD_SYMBOL, INFLATE_TRUNCATED or GZIP_CRC.)' },
  { code: 'INFLATE_BAD_SYMBOL', severity: 'error', summary: 'A DEFLATE stream holds an invalid or unassigned Huffman code.' },
  { code: 'INFLATE_BAD_DISTANCE', severity: 'error', summary: 'A DEFLATE back reference reaches before the start of the output.' },
  { code: 'INFLATE_LIMIT', severity: 'error', summary: 'The decompressed data exceeds the size cap (64 MiB per stream, or what is left of the budget across nested archives); output was cut.' },
  { code: 'INFLATE_BOMB', severity: 'error', summary: 'A decompression bomb: the DEFLATE data expands more than 128:1 past its first MiB (real files: under 10:1); decompression stopped there.' },
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
  /** Expected output size (gzip ISIZE): unused since fflate grows its own buffer; kept for callers. */
  sizeHint?: number;
  /** Output past which the stream is a bomb (INFLATE_BOMB); default {@link inflateBombLimit} of the input. */
  bombLimit?: number;
}

/** Receives decompressed output in order, as it is produced (each chunk is new memory, never reused). */
export type ChunkSink = (chunk: Uint8Array) => void;

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

/**
 * Input fed to fflate per step, at most: one step produces at most 1032 × this before the caps
 * are checked, so a step is also never larger than what is left below them needs (a 64-byte peek
 * feeds 256 bytes, not 8 KiB that could expand to 8 MiB).
 */
const SLICE = 8 * 1024;
const MIN_SLICE = 256;

/**
 * Bytes every Yaz0 / DEFLATE stream of this process has produced: a count the tests bound
 * (what a listing decompresses), never read by the decoders.
 */
export const decompressedBytes = { total: 0 };

/** fflate's error codes (its `ec` table) → ours. */
const FFLATE_CODES: Record<number, string> = { 0: 'INFLATE_TRUNCATED', 1: 'INFLATE_BAD_BLOCK', 2: 'INFLATE_BAD_SYMBOL', 3: 'INFLATE_BAD_DISTANCE' };

/**
 * The parts of fflate 0.8.3's streaming state read here (the version is pinned; the unit tests
 * on stream ends and concatenated members fail if they move): `p` the input not consumed yet,
 * `s.p` the bit position in it, `s.f` the final block was started, `s.l` a block is open.
 */
interface InflateState { p: Uint8Array; s: { p?: number; f?: number; l?: unknown } }

export interface InflateStreamResult {
  /** Bytes given to the sink. */
  total: number;
  /** Offset in the input just after the last byte of the stream (byte-aligned). */
  end: number;
  /** True when the final block was decoded without error and within the caps. */
  complete: boolean;
}

/**
 * Decompresses a raw DEFLATE stream starting at `start`, giving the output to `sink` chunk by
 * chunk (no chunk is kept here: a caller writing to disk holds at most one step's output).
 * Never throws; on corruption or a cap, what was produced so far went to the sink, `complete`
 * is false and a diagnostic says why.
 */
export function inflateRawTo(bytes: Uint8Array, start: number, diagnostics: DiagnosticSink, sink: ChunkSink, options: InflateOptions = {}): InflateStreamResult {
  const inLength = bytes.length;
  const from = Math.min(Math.max(0, start), inLength);
  const cap = Math.max(0, Math.min(options.maxSize ?? INFLATE_DEFAULT_MAX_SIZE, inflateMaxOutput(inLength - from)));
  const bomb = Math.max(0, options.bombLimit ?? inflateBombLimit(inLength - from));
  const limit = Math.min(cap, bomb);
  let total = 0;
  let over = false;
  const Inflate = fflateInflate();
  const inflater = new Inflate((chunk) => {
    if (over || chunk.length === 0) return;
    const room = limit - total;
    if (chunk.length > room) {
      over = true;
      if (room > 0) sink(chunk.slice(0, room));
      decompressedBytes.total += Math.max(0, room);
      total = limit;
      return;
    }
    sink(chunk);
    total += chunk.length;
    decompressedBytes.total += chunk.length;
  });
  const state = inflater as unknown as InflateState;
  let pos = from;
  let complete = false;
  try {
    while (pos < inLength) {
      const step = Math.max(MIN_SLICE, Math.min(SLICE, Math.ceil((limit - total) / 1032)));
      const next = Math.min(inLength, pos + step);
      // The last slice is pushed as final: fflate then reports a stream cut short (its error 0).
      inflater.push(bytes.subarray(pos, next), next >= inLength);
      pos = next;
      if (over) break;
      if (state.s.f && !state.s.l) {
        complete = true;
        break;
      }
    }
    const at = Math.min(pos, inLength);
    if (over && limit === bomb && bomb < cap) {
      diagnostics.error('INFLATE_BOMB', from, at - from, `Decompression bomb: ${at - from} compressed bytes from ${hex(from)} expand to more than ${limit} bytes ` +
        `(over ${INFLATE_BOMB_RATIO}:1 past the first MiB; real files stay under 10:1); decompression stopped.`);
    } else if (over) {
      diagnostics.error('INFLATE_LIMIT', at, 0, `DEFLATE output exceeds ${cap} bytes (cap); cut at compressed offset ${hex(at)}.`);
    } else if (!complete) {
      diagnostics.error('INFLATE_TRUNCATED', inLength, 0, `DEFLATE stream ends at compressed offset ${hex(inLength)} after ${total} decompressed bytes.`);
    }
  } catch (e) {
    complete = false;
    const code = FFLATE_CODES[(e as { code?: number }).code ?? -1] ?? 'INFLATE_TRUNCATED';
    const at = Math.max(from, Math.min(pos, inLength) - SLICE);
    const what = e instanceof Error ? e.message : String(e);
    diagnostics.error(code, at, 0, code === 'INFLATE_TRUNCATED'
      ? `DEFLATE stream ends inside a block (compressed offset ${hex(at)} or later) after ${total} decompressed bytes.`
      : `DEFLATE stream: ${what} at or after compressed offset ${hex(at)}, after ${total} decompressed bytes.`);
  }
  // Where the stream ended: before the input fflate did not consume (the byte holding its last bits belongs to the stream).
  let end = inLength;
  if (complete) {
    const unread = state.p?.length ?? 0;
    const bits = (state.s.p ?? 0) & 7;
    end = Math.min(inLength, Math.max(from, pos - unread + (bits ? 1 : 0)));
  }
  return { total, end, complete };
}

/** Chunks joined into one array (the chunk itself when there is one). */
function joined(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) { out.set(part, o); o += part.length; }
  return out;
}

/**
 * Decompresses a raw DEFLATE stream starting at `start` into one array. Never throws; on
 * corruption the output produced so far is returned with `complete: false` and a diagnostic.
 */
export function inflateRaw(bytes: Uint8Array, start: number, diagnostics: DiagnosticSink, options: InflateOptions = {}): InflateResult {
  const parts: Uint8Array[] = [];
  const r = inflateRawTo(bytes, start, diagnostics, (chunk) => parts.push(chunk), options);
  return { data: joined(parts, r.total), end: r.end, complete: r.complete };
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
 * Decompresses gzip data (one or more members), giving the output to `sink` as it is produced
 * (extract writes a large entry to disk this way). Never throws; returns the bytes produced. The
 * ISIZE field is only checked, never used to allocate. The bomb limit covers all members together.
 */
export function gunzipTo(bytes: Uint8Array, diagnostics: DiagnosticSink, sink: ChunkSink, options: InflateOptions = {}): number {
  const maxSize = Math.max(0, Math.min(options.maxSize ?? INFLATE_DEFAULT_MAX_SIZE, inflateMaxOutput(bytes.length)));
  const bombLimit = options.bombLimit ?? inflateBombLimit(bytes.length);
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
    let memberCrc = 0;
    const result = inflateRawTo(bytes, p, diagnostics, (chunk) => {
      memberCrc = crc32(chunk, memberCrc);
      sink(chunk);
    }, { maxSize: maxSize - total, bombLimit: bombLimit - total });
    total += result.total;
    if (!result.complete) break;
    pos = result.end;
    if (pos + 8 > bytes.length) {
      diagnostics.error('GZIP_TRAILER', pos, bytes.length - pos, `gzip member at ${hex(at)}: the 8-byte trailer at ${hex(pos)} is truncated.`);
      break;
    }
    const crc = u32le(bytes, pos);
    const size = u32le(bytes, pos + 4);
    const actualCrc = memberCrc;
    if (crc !== actualCrc) diagnostics.error('GZIP_CRC', pos, 4, `gzip CRC-32 ${hex(crc, 8)} differs from the data's ${hex(actualCrc, 8)}.`);
    if (size !== result.total >>> 0) {
      diagnostics.error('GZIP_SIZE', pos + 4, 4, `gzip trailer declares ${size} bytes (mod 2^32), but ${result.total} were decompressed.`);
    }
    pos += 8;
  }
  return total;
}

/** {@link gunzipTo} into one array. Never throws; returns what could be decoded. */
export function gunzip(bytes: Uint8Array, diagnostics: DiagnosticSink, options: InflateOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const total = gunzipTo(bytes, diagnostics, (chunk) => parts.push(chunk), options);
  return joined(parts, total);
}
