/**
 * One PKS entry's data replaced (FORMATS.md §5; little-endian, offsets from the IPAC block): the
 * headers, the dictionary and every other entry's bytes are kept; the entry offsets and sizes,
 * the dictionary offset (when the dictionary follows the data) and the IPAC content size are
 * updated. No real PKS was available: new slots take the alignment every entry offset already
 * has (up to 32), which is what the test archives and the readers' fixtures use.
 */
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { parsePks, PKS_ENTRY_SIZE } from '../../formats/archive/pks';
import type { PksEntry } from '../../formats/archive/pks';
import { ArchiveWriteError, replaceInRegion } from './dataRegion';

function u32(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}
function setU32(b: Uint8Array, o: number, v: number): void {
  b[o] = v & 0xff;
  b[o + 1] = (v >>> 8) & 0xff;
  b[o + 2] = (v >>> 16) & 0xff;
  b[o + 3] = v >>> 24;
}

/** The largest power of two up to 32 that divides every offset. */
function commonAlignment(offsets: number[]): number {
  let align = 32;
  while (align > 1 && offsets.some((o) => o % align !== 0)) align >>= 1;
  return align;
}

export function replacePksEntry(pks: Uint8Array, entry: PksEntry, data: Uint8Array): Uint8Array {
  const parsed = parsePks(pks, new DiagnosticSink());
  const ipac = parsed.ipacOffset;
  if (ipac < 0) throw new ArchiveWriteError('it has no IPAC block');
  const files = parsed.entries;
  const target = files.findIndex((e) => e.index === entry.index);
  if (target < 0) throw new ArchiveWriteError(`"${entry.path}" is not an entry of this archive`);

  const dict = ipac + u32(pks, ipac + 4);
  const dictEnd = dict + files.length * PKS_ENTRY_SIZE;
  const dataStart = Math.min(...files.map((e) => e.dataOffset));
  const dictAfter = dict >= dataStart;
  // The region ends where the dictionary starts when it follows the data, else at the file's end.
  const regionEnd = dictAfter ? dict : pks.length;
  if (files.some((e) => e.dataOffset < dictEnd && e.dataOffset + e.size > dict)) throw new ArchiveWriteError('an entry overlaps the dictionary');

  const align = commonAlignment(files.map((e) => e.dataOffset - ipac));
  const { region, offsets, delta } = replaceInRegion(pks, dataStart, regionEnd, files.map((e) => ({ offset: e.dataOffset, size: e.size })),
    target, data, { to: align, from: ipac });
  const out = new Uint8Array(pks.length + delta);
  out.set(pks.subarray(0, dataStart));
  out.set(region, dataStart);
  out.set(pks.subarray(regionEnd), regionEnd + delta);

  const newDict = dictAfter ? dict + delta : dict;
  if (dictAfter) setU32(out, ipac + 4, newDict - ipac);
  files.forEach((e, i) => setU32(out, newDict + (e.recordOffset - dict) + 12, offsets[i] - ipac));
  setU32(out, newDict + (files[target].recordOffset - dict) + 16, data.length);
  const contentSize = u32(pks, ipac + 12);
  // The content size counts from the IPAC block; it grows when it reached past the entry.
  if (ipac + contentSize >= files[target].dataOffset + files[target].size) setU32(out, ipac + 12, contentSize + delta);
  return out;
}
