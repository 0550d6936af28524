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

  const before = new DataView(pks.buffer, pks.byteOffset, pks.byteLength);
  const dict = ipac + before.getUint32(ipac + 4, true);
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

  const view = new DataView(out.buffer);
  const newDict = dictAfter ? dict + delta : dict;
  if (dictAfter) view.setUint32(ipac + 4, newDict - ipac, true);
  files.forEach((e, i) => view.setUint32(newDict + (e.recordOffset - dict) + 12, offsets[i] - ipac, true));
  view.setUint32(newDict + (files[target].recordOffset - dict) + 16, data.length, true);
  const contentSize = before.getUint32(ipac + 12, true);
  // The content size counts from the IPAC block; it grows when it reached past the entry.
  if (ipac + contentSize >= files[target].dataOffset + files[target].size) view.setUint32(ipac + 12, contentSize + delta, true);
  return out;
}
