/**
 * What a MOTN's layout holds that its keys form does not say (FormatSpec.keysLayout), carried
 * opaque in `animscope keys` so `build` lays the file out again (docs/writing.md, "MOTN"):
 *
 * - document: `extraData`, the bytes between the sequence table and the name offset table
 *   (FORMATS.md §5: purpose unknown), and `tail`, the bytes after the last sequence (the build
 *   date and its NULs), both base64;
 * - per sequence: `block`, the rank of its data among the file's distinct data offsets (equal
 *   blocks: aliases sharing one data; blocks are written in rank order, which in motion.bin is
 *   close to but not exactly name order); `extra`, its extra data offset counted from the start
 *   of `extraData`; `unknown`, the sequence header's second word; for a sequence that does not
 *   follow the block layout, its `name` and its bytes as they are (`raw`, base64).
 */
import type { KeysLayout } from '../spec';
import { u32le } from '../../formats/motn/header';
import { findBuildDate } from '../../formats/motn/names';
import type { MotnAnim } from '../../formats/motn/types';

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Where the standard sequence at `start` ends: past its last half (its keys' offsets), or its block 5 offset. */
function sequenceEnd(anim: MotnAnim, index: number, bytes: Uint8Array): number {
  const seq = anim.sequences[index];
  let end = seq.offset + 12;
  if (seq.offset + 12 <= bytes.length) end = Math.max(end, seq.offset + (bytes[seq.offset + 10] | (bytes[seq.offset + 11] << 8)));
  for (const track of seq.tracks) for (const key of track.keys) end = Math.max(end, key.offset + 2 * key.halves.length);
  return end;
}

export function motnKeysLayout(anim: MotnAnim, bytes: Uint8Array): KeysLayout {
  const len = bytes.length;
  const seqOff = u32le(bytes, 0x00), nameOff = u32le(bytes, 0x04), base = u32le(bytes, 0x08);
  const count = anim.sequences.length;
  const starts = [...new Set(anim.sequences.map((s) => s.offset))].sort((a, b) => a - b);
  const rank = new Map(starts.map((s, i) => [s, i]));
  const extraStart = Math.min(len, seqOff + 8 * count);
  const extraEnd = Math.max(extraStart, Math.min(len, nameOff));

  // The data ends at the build date when there is one, else after the last sequence.
  const date = base < len ? findBuildDate(bytes, base) : undefined;
  const lastIndex = anim.sequences.findIndex((s) => s.offset === starts[starts.length - 1]);
  const dataEnd = date ? date.offset
    : lastIndex < 0 ? len
    : anim.sequences[lastIndex].standard ? Math.min(len, sequenceEnd(anim, lastIndex, bytes)) : len;
  const rawEnd = (start: number): number => {
    const next = starts[(rank.get(start) as number) + 1];
    return Math.min(next ?? dataEnd, dataEnd, len);
  };

  return {
    document: { extraData: base64(bytes.subarray(extraStart, extraEnd)), tail: base64(bytes.subarray(Math.min(dataEnd, len))) },
    group: (i) => {
      const seq = anim.sequences[i];
      if (!seq) return undefined;
      const at = seqOff + 8 * i + 4;
      const extra = at + 4 <= len ? u32le(bytes, at) - extraStart : 0;
      const own: Record<string, unknown> = { block: rank.get(seq.offset), extra };
      if (seq.standard) {
        own.unknown = seq.unknown;
        // bytes no sequence references between this one's end and the next one (MOTN_SEQUENCE_GAP)
        const end = Math.min(sequenceEnd(anim, i, bytes), len);
        const next = rawEnd(seq.offset);
        if (next > end) own.after = base64(bytes.subarray(end, next));
      } else {
        own.name = seq.name;
        own.raw = base64(bytes.subarray(seq.offset, Math.max(seq.offset, rawEnd(seq.offset))));
      }
      return own;
    },
  };
}
