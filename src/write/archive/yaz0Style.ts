/**
 * Which encoder wrote a Yaz0 file (YAZ0_STYLES), so that a save recompresses it the way it was:
 * the styles are tried on the start of the data and the one that agrees longest with the
 * original stream wins; the padding after the stream and the header's reserved bytes are read
 * from the original.
 */
import { encodeYaz0, Yaz0Style, YAZ0_STYLES, Yaz0StyleName } from './yaz0Encode';

const HEADER_SIZE = 0x10;
/** Enough data to see each style's lazy-matching choices; the encoders differ within the first KiB in every sample. */
const PROBE_BYTES = 16 * 1024;

/** Where the LZ items of a Yaz0 stream end (the first byte of padding, if any); the length when they run out first. */
export function yaz0StreamEnd(stream: Uint8Array, decompressedSize: number): number {
  let src = HEADER_SIZE;
  let produced = 0;
  while (produced < decompressedSize && src < stream.length) {
    const group = stream[src++];
    for (let bit = 0x80; bit !== 0 && produced < decompressedSize; bit >>= 1) {
      if (group & bit) {
        src++;
        produced++;
      } else {
        const n = stream[src] >> 4;
        produced += n === 0 ? stream[src + 2] + 0x12 : n + 2;
        src += n === 0 ? 3 : 2;
      }
      if (src > stream.length) return stream.length;
    }
  }
  return Math.min(src, stream.length);
}

/** The zero padding after the stream: the largest power of two (up to 32) the length is a multiple of, when the tail is shorter. */
function paddingOf(stream: Uint8Array, end: number): number {
  const tail = stream.length - end;
  if (tail <= 0) return 1;
  for (let i = end; i < stream.length; i++) if (stream[i] !== 0) return 1;
  for (let a = 32; a >= 2; a >>= 1) if (stream.length % a === 0 && tail < a) return a;
  return 1;
}

function commonPrefix(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

export interface DetectedYaz0Style {
  name: Yaz0StyleName;
  style: Yaz0Style;
  reserved: Uint8Array;
}

/** The style that best reproduces `original` (a Yaz0 stream) from its `decompressed` bytes; Nintendo's on a tie. */
export function detectYaz0Style(original: Uint8Array, decompressed: Uint8Array): DetectedYaz0Style {
  const probe = decompressed.subarray(0, PROBE_BYTES);
  let bestName: Yaz0StyleName = 'nintendo';
  let bestAgree = -1;
  for (const name of Object.keys(YAZ0_STYLES) as Yaz0StyleName[]) {
    const encoded = encodeYaz0(probe, { style: { ...YAZ0_STYLES[name], align: 1 } });
    // The probe's size in the header differs from the file's: compare the items only.
    const agree = commonPrefix(encoded.subarray(HEADER_SIZE), original.subarray(HEADER_SIZE));
    if (agree > bestAgree) {
      bestAgree = agree;
      bestName = name;
    }
  }
  const align = paddingOf(original, yaz0StreamEnd(original, decompressed.length));
  return { name: bestName, style: { ...YAZ0_STYLES[bestName], align }, reserved: original.slice(8, HEADER_SIZE) };
}
