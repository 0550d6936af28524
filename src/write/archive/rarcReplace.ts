/**
 * One RARC entry's data replaced (FORMATS.md §6): the header, the node, entry and string tables
 * and every other entry's bytes are kept; the entries' data offsets and sizes and the header's
 * lengths are updated. The converter's layout, seen in every shared archive: file data in
 * 32-byte slots counted from the data section, zero padding.
 */
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { parseRarc, RARC_BASE } from '../../formats/archive/rarc';
import type { RarcEntry } from '../../formats/archive/rarc';
import { ArchiveWriteError, replaceInRegion } from './dataRegion';

const RARC_ALIGN = 32;

/** The RARC `rarc` with the file entry `entry` (from parseRarc of the same bytes) holding `data`. */
export function replaceRarcEntry(rarc: Uint8Array, entry: RarcEntry, data: Uint8Array): Uint8Array {
  if (entry.kind !== 'file') throw new ArchiveWriteError(`"${entry.path}" is a folder`);
  const files = parseRarc(rarc, new DiagnosticSink()).entries.filter((e) => e.kind === 'file');
  const target = files.findIndex((e) => e.entryIndex === entry.entryIndex);
  if (target < 0) throw new ArchiveWriteError(`"${entry.path}" is not an entry of this archive`);
  const before = new DataView(rarc.buffer, rarc.byteOffset, rarc.byteLength);
  const dataStart = before.getUint32(0x0c) + RARC_BASE;
  if (dataStart > rarc.length) throw new ArchiveWriteError('its data section starts past the end of the file');

  const { region, offsets, delta } = replaceInRegion(rarc, dataStart, rarc.length, files.map((e) => ({ offset: e.dataOffset, size: e.size })),
    target, data, { to: RARC_ALIGN, from: dataStart });
  const out = new Uint8Array(dataStart + region.length);
  out.set(rarc.subarray(0, dataStart));
  out.set(region, dataStart);
  const view = new DataView(out.buffer);
  files.forEach((e, i) => view.setUint32(e.recordOffset + 8, offsets[i] - dataStart));
  view.setUint32(files[target].recordOffset + 12, data.length);

  view.setUint32(0x04, out.length);
  view.setUint32(0x10, before.getUint32(0x10) + delta);
  // Main-memory and ARAM lengths: the entry's part grows (every shared archive is all main memory).
  const mram = before.getUint32(0x14);
  const aram = before.getUint32(0x18);
  if (aram !== 0 && files[target].dataOffset - dataStart >= mram) view.setUint32(0x18, aram + delta);
  else view.setUint32(0x14, mram + delta);
  return out;
}
