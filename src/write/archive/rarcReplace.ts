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

function u32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}
function setU32(b: Uint8Array, o: number, v: number): void {
  b[o] = v >>> 24;
  b[o + 1] = (v >>> 16) & 0xff;
  b[o + 2] = (v >>> 8) & 0xff;
  b[o + 3] = v & 0xff;
}

/** The RARC `rarc` with the file entry `entry` (from parseRarc of the same bytes) holding `data`. */
export function replaceRarcEntry(rarc: Uint8Array, entry: RarcEntry, data: Uint8Array): Uint8Array {
  if (entry.kind !== 'file') throw new ArchiveWriteError(`"${entry.path}" is a folder`);
  const files = parseRarc(rarc, new DiagnosticSink()).entries.filter((e) => e.kind === 'file');
  const target = files.findIndex((e) => e.entryIndex === entry.entryIndex);
  if (target < 0) throw new ArchiveWriteError(`"${entry.path}" is not an entry of this archive`);
  const dataStart = u32(rarc, 0x0c) + RARC_BASE;
  if (dataStart > rarc.length) throw new ArchiveWriteError('its data section starts past the end of the file');

  const { region, offsets, delta } = replaceInRegion(rarc, dataStart, rarc.length, files.map((e) => ({ offset: e.dataOffset, size: e.size })),
    target, data, { to: RARC_ALIGN, from: dataStart });
  const out = new Uint8Array(dataStart + region.length);
  out.set(rarc.subarray(0, dataStart));
  out.set(region, dataStart);
  files.forEach((e, i) => setU32(out, e.recordOffset + 8, offsets[i] - dataStart));
  setU32(out, files[target].recordOffset + 12, data.length);

  setU32(out, 0x04, out.length);
  setU32(out, 0x10, u32(rarc, 0x10) + delta);
  // Main-memory and ARAM lengths: the entry's part grows (every shared archive is all main memory).
  const mram = u32(rarc, 0x14);
  const aram = u32(rarc, 0x18);
  if (aram !== 0 && files[target].dataOffset - dataStart >= mram) setU32(out, 0x18, aram + delta);
  else setU32(out, 0x14, mram + delta);
  return out;
}
