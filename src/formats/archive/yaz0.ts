/**
 * Yaz0 (`.szs`, compressed `.arc`): a 16-byte header (`Yaz0`, u32 big-endian decompressed
 * size, 8 reserved bytes) followed by an LZ stream. Each group byte announces 8 items, most
 * significant bit first: bit set = one literal byte, bit clear = a back reference of 2 bytes
 * (length (b0 >> 4) + 2, distance ((b0 & 0xF) << 8 | b1) + 1) or, when b0 >> 4 is 0, 3 bytes
 * (length = third byte + 0x12).
 *
 * Never throws. The output is bounded by the declared size, by what the input could possibly
 * expand to (about 87×), by the bomb limit (32:1 past the first MiB: YAZ0_BOMB) and by a hard
 * cap (64 MiB); the buffer grows as data is really produced, so a
 * hostile declared size costs nothing. Diagnostics carry offsets in the compressed stream.
 */
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';
import { BOMB_FLOOR, decompressedBytes } from './inflate';

export const YAZ0_HEADER_SIZE = 0x10;

/** Longest back reference: third byte 0xFF + 0x12. */
const MAX_MATCH = 0xff + 0x12;

/** Default hard cap on one decompressed stream (no real GameCube/Wii archive comes close: 24/88 MB of memory). */
export const YAZ0_DEFAULT_MAX_SIZE = 64 * 1024 * 1024;

/**
 * A decompression bomb: a declared size of more than this many bytes per compressed byte past the
 * first {@link BOMB_FLOOR} (the samples: at most 2.3:1; Yaz0's own limit is about 87:1).
 */
export const YAZ0_BOMB_RATIO = 32;

export const YAZ0_CODES: DiagnosticCode[] = [
  { code: 'YAZ0_TRUNCATED', severity: 'error', summary: 'The Yaz0 stream ends before the declared decompressed size is reached.' },
  { code: 'YAZ0_BAD_REFERENCE', severity: 'error', summary: 'A Yaz0 back reference points before the start of the output.' },
  { code: 'YAZ0_OVERRUN', severity: 'warning', summary: 'A Yaz0 back reference runs past the declared decompressed size; it was cut.' },
  { code: 'YAZ0_SIZE', severity: 'error', summary: 'The declared Yaz0 decompressed size is larger than the stream could produce (or than the size cap); it was capped.' },
  { code: 'YAZ0_BOMB', severity: 'error', summary: 'A decompression bomb: the Yaz0 header declares more than 32 bytes per compressed byte past the first MiB (real files: under 3:1); decompressed only that far.' },
  { code: 'YAZ0_TRAILING_DATA', severity: 'hint', summary: 'Bytes remain in the Yaz0 stream after the declared size was produced.' },
];

export function isYaz0(bytes: Uint8Array): boolean {
  return bytes.length >= YAZ0_HEADER_SIZE && bytes[0] === 0x59 && bytes[1] === 0x61 && bytes[2] === 0x7a && bytes[3] === 0x30;
}

/** The decompressed size the header declares (0 when the header does not fit). */
export function yaz0DeclaredSize(bytes: Uint8Array): number {
  if (bytes.length < 8) return 0;
  return ((bytes[4] << 24) | (bytes[5] << 16) | (bytes[6] << 8) | bytes[7]) >>> 0;
}

/**
 * The most output a stream of `compressedLength` bytes (header included) can produce. The best
 * ratio is a group byte and eight 3-byte longest references: 25 input bytes → 8 × 0x111 output
 * bytes (≈ 87×); so at most 8 references per 25 payload bytes, rounded up.
 */
export function yaz0MaxOutput(compressedLength: number): number {
  const payload = Math.max(0, compressedLength - YAZ0_HEADER_SIZE);
  return Math.ceil((payload * 8) / 25) * MAX_MATCH;
}

/** The first buffer: proportional to the input (typical archives compress 2–8×), never to the declared size alone. */
function initialCapacity(inLength: number, outLength: number): number {
  return Math.min(outLength, Math.max(0x10000, inLength * 8));
}

export interface Yaz0Options {
  /** Hard cap on the output size (default {@link YAZ0_DEFAULT_MAX_SIZE}). */
  maxSize?: number;
}

/**
 * Decompresses a Yaz0 stream; never throws. The buffer starts proportional to the input and
 * doubles as output is produced, up to the declared size (itself capped by what the input can
 * produce and by `maxSize`).
 */
export function decompressYaz0(bytes: Uint8Array, diagnostics: DiagnosticSink, options: Yaz0Options = {}): Uint8Array {
  const out = decompressYaz0Stream(bytes, diagnostics, options);
  decompressedBytes.total += out.length;
  return out;
}

function decompressYaz0Stream(bytes: Uint8Array, diagnostics: DiagnosticSink, options: Yaz0Options): Uint8Array {
  const inLength = bytes.length;
  if (inLength < YAZ0_HEADER_SIZE) {
    diagnostics.error('YAZ0_TRUNCATED', 0, inLength, `Yaz0 header needs ${YAZ0_HEADER_SIZE} bytes; the stream has ${inLength}.`);
    return new Uint8Array(0);
  }
  const declared = yaz0DeclaredSize(bytes);
  const cap = Math.max(0, Math.min(yaz0MaxOutput(inLength), options.maxSize ?? YAZ0_DEFAULT_MAX_SIZE));
  const bomb = BOMB_FLOOR + YAZ0_BOMB_RATIO * inLength;
  let outLength = declared;
  if (declared > bomb && bomb < cap) {
    diagnostics.error('YAZ0_BOMB', 4, 4, `Decompression bomb: Yaz0 declares ${declared} decompressed bytes from ${inLength} compressed bytes ` +
      `(over ${YAZ0_BOMB_RATIO}:1 past the first MiB; real files stay under 3:1); decompressed up to ${bomb} bytes.`);
    outLength = bomb;
  } else if (declared > cap) {
    diagnostics.error('YAZ0_SIZE', 4, 4,
      `Yaz0 declares ${declared} decompressed bytes, but ${inLength} compressed bytes can produce at most ${cap}; output capped.`);
    outLength = cap;
  }

  let out = new Uint8Array(initialCapacity(inLength, outLength));
  let src = YAZ0_HEADER_SIZE;
  let dst = 0;
  let overrunReported = false;
  // One group needs at most 1 + 8 × 3 input bytes and produces at most 8 × 0x111 output bytes:
  // while both fit, the inner loop runs without bounds checks (fast path).
  const GROUP_OUT = 8 * MAX_MATCH;
  const fastIn = inLength - 25;

  outer:
  while (dst < outLength) {
    if (src >= inLength) break;
    // Room for a whole group, or the buffer is already at its final size (the slow path checks).
    if (dst + GROUP_OUT > out.length && out.length < outLength) {
      const grown = new Uint8Array(Math.min(outLength, Math.max(out.length * 2, dst + GROUP_OUT)));
      grown.set(out.subarray(0, dst));
      out = grown;
    }
    const group = bytes[src++];
    if (src <= fastIn && dst + GROUP_OUT <= out.length) {
      for (let bit = 0x80; bit !== 0; bit >>= 1) {
        if (group & bit) {
          out[dst++] = bytes[src++];
          continue;
        }
        const b0 = bytes[src];
        const b1 = bytes[src + 1];
        let length = b0 >> 4;
        const distance = (((b0 & 0x0f) << 8) | b1) + 1;
        if (length === 0) {
          length = bytes[src + 2] + 0x12;
          src += 3;
        } else {
          length += 2;
          src += 2;
        }
        if (distance > dst) {
          const at = src - (b0 >> 4 === 0 ? 3 : 2);
          diagnostics.error('YAZ0_BAD_REFERENCE', at, src - at,
            `Yaz0 back reference at compressed offset ${hex(at)} reaches ${distance} bytes back, but only ${dst} bytes were produced; decompression stopped.`);
          return out.subarray(0, dst);
        }
        let from = dst - distance;
        const end = dst + length;
        if (distance >= length && length > 32) {
          out.copyWithin(dst, from, from + length);
          dst = end;
        } else {
          while (dst < end) out[dst++] = out[from++];
        }
      }
      continue;
    }
    // Slow path near the ends of input and output: every read and write checked.
    for (let bit = 0x80; bit !== 0 && dst < outLength; bit >>= 1) {
      if (group & bit) {
        if (src >= inLength) break outer;
        out[dst++] = bytes[src++];
        continue;
      }
      const itemStart = src;
      if (src + 1 >= inLength) { src = inLength; break outer; }
      const b0 = bytes[src];
      const b1 = bytes[src + 1];
      src += 2;
      const distance = (((b0 & 0x0f) << 8) | b1) + 1;
      let length = b0 >> 4;
      if (length === 0) {
        if (src >= inLength) { src = inLength; break outer; }
        length = bytes[src++] + 0x12;
      } else {
        length += 2;
      }
      if (distance > dst) {
        diagnostics.error('YAZ0_BAD_REFERENCE', itemStart, src - itemStart,
          `Yaz0 back reference at compressed offset ${hex(itemStart)} reaches ${distance} bytes back, but only ${dst} bytes were produced; decompression stopped.`);
        return out.subarray(0, dst);
      }
      if (dst + length > outLength) {
        if (!overrunReported && outLength === declared) {
          overrunReported = true;
          diagnostics.warning('YAZ0_OVERRUN', itemStart, src - itemStart,
            `Yaz0 back reference at compressed offset ${hex(itemStart)} (length ${length}) runs ${dst + length - outLength} bytes past the declared size; cut.`);
        }
        length = outLength - dst;
      }
      let from = dst - distance;
      const end = dst + length;
      while (dst < end) out[dst++] = out[from++];
    }
  }

  if (dst < outLength) {
    const at = Math.min(src, inLength);
    diagnostics.error('YAZ0_TRUNCATED', at, 0,
      `Yaz0 stream ends at compressed offset ${hex(at)} after ${dst} of ${outLength} decompressed bytes.`);
    return out.subarray(0, dst);
  }
  // Encoders pad the stream (alignment); only mention a real excess.
  if (outLength === declared && inLength - src > 0x20) {
    diagnostics.hint('YAZ0_TRAILING_DATA', src, inLength - src,
      `${inLength - src} bytes follow the end of the Yaz0 stream at compressed offset ${hex(src)}.`);
  }
  return out.length === dst ? out : out.subarray(0, dst);
}
