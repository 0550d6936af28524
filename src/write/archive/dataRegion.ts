/**
 * The data region of an archive laid out again with one entry's bytes replaced: every other
 * entry's bytes, and the bytes between them, move as they are; only offsets change.
 *
 * The region is cut into slots at every distinct entry offset (a slot runs to the next one, or to
 * the region's end), so padding and bytes no entry claims travel with the slot before them. The
 * replaced slot keeps its length when the size is unchanged (an unedited archive comes back
 * byte-identical); otherwise it is the new size padded with zeros to the archive's alignment.
 * An entry whose data other entries share (a packer's deduplication) gets a slot of its own right
 * after the shared one, so the others keep their bytes.
 */
import { align } from '../padding';

export interface RegionEntry {
  /** Absolute offset of the entry's data. */
  offset: number;
  size: number;
}

export interface RegionReplacement {
  /** The new region's bytes (what was [start, end) in the original). */
  region: Uint8Array;
  /** New absolute offset of every entry, in the order given. */
  offsets: number[];
  /** New region length − old. */
  delta: number;
}

export class ArchiveWriteError extends Error {}

/**
 * Replaces the data of `entries[target]` in the region [start, end) of `bytes` by `data`. Every
 * entry must lie inside the region; the target may not overlap another entry partly. New slots
 * start at multiples of `alignment.to` counted from `alignment.from` (the offsets' base).
 */
export function replaceInRegion(
  bytes: Uint8Array, start: number, end: number, entries: readonly RegionEntry[], target: number, data: Uint8Array,
  alignment: { to: number; from: number },
): RegionReplacement {
  for (const e of entries) {
    if (e.offset < start || e.offset + e.size > end) throw new ArchiveWriteError(`an entry at 0x${e.offset.toString(16)} (${e.size} bytes) lies outside the data section`);
  }
  const t = entries[target];
  const starts = [...new Set(entries.map((e) => e.offset))].sort((a, b) => a - b);
  const slotEnd = (s: number): number => {
    const i = starts.indexOf(s);
    return i + 1 < starts.length ? starts[i + 1] : end;
  };
  if (t.offset + t.size > slotEnd(t.offset)) {
    throw new ArchiveWriteError(`its data (0x${t.offset.toString(16)}, ${t.size} bytes) overlaps another entry's; the archive cannot be rewritten safely`);
  }
  const shared = entries.some((e, i) => i !== target && e.offset === t.offset);

  const pieces: Uint8Array[] = [];
  const moved = new Map<number, number>(); // old slot start → new slot start
  let cursor = start;
  let targetOffset = -1;
  const push = (piece: Uint8Array): void => {
    pieces.push(piece);
    cursor += piece.length;
  };
  const padded = (length: number): Uint8Array => {
    const slot = new Uint8Array(length);
    slot.set(data);
    return slot;
  };
  if (starts.length === 0 || starts[0] > start) push(bytes.subarray(start, starts.length ? starts[0] : end));
  for (const s of starts) {
    const original = bytes.subarray(s, slotEnd(s));
    moved.set(s, cursor);
    if (s !== t.offset) {
      push(original);
      continue;
    }
    if (shared) {
      push(original);
      push(new Uint8Array(align(cursor - alignment.from, alignment.to) + alignment.from - cursor));
      targetOffset = cursor;
      push(padded(align(data.length, alignment.to)));
    } else {
      targetOffset = cursor;
      push(data.length === t.size ? withData(original, data) : padded(align(data.length, alignment.to)));
    }
  }
  const region = concat(pieces, cursor - start);
  const offsets = entries.map((e, i) => (i === target ? targetOffset : moved.get(e.offset)!));
  return { region, offsets, delta: region.length - (end - start) };
}

function withData(slot: Uint8Array, data: Uint8Array): Uint8Array {
  const out = slot.slice();
  out.set(data);
  return out;
}

function concat(pieces: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let o = 0;
  for (const p of pieces) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
