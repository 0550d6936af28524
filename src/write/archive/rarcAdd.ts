/**
 * A new file added to a folder of a RARC (FORMATS.md §6). What the shared Galaxy archives show,
 * and what is kept:
 *
 * - Sections in the order header · info · node table · entry table · string table · data, each
 *   starting on a 32-byte boundary (counted from 0x20, which is also absolute 32-byte alignment);
 *   the string table's size is a multiple of 32 (zero padding) and the data section follows it.
 * - A folder lists its files in one run, either after its subfolder entries (Kuribo, Mogu,
 *   CrystalSwitch) or before them (PowerStar), then `.` and `..`. The new entry goes right after
 *   the folder's last file entry (before `.` when the folder has no files), so both layouts stay.
 * - File ids follow one of two rules: the file's index in the entry table (PowerStar, the
 *   TripodBoss archives) or its ordinal among the file entries (Kuribo, Mogu, CrystalSwitch); the
 *   info block's "next file id" equals the entry count in all of them. The rule the archive follows
 *   is kept (ids of later files renumbered); an archive following neither gets the next file id
 *   and nothing is renumbered. The next file id grows by one.
 * - Files: flags 0x11 (file, main memory), plus 0x84 when the data is Yaz0 (compressed, Yaz0);
 *   data in a 32-byte slot after the last one, zero padded; the header's file size, data length
 *   and main-memory length grow by the slot (archives with an ARAM part are refused).
 *
 * The node table stays where it is, the entry table grows by 20 bytes (the string table and data
 * move by 32 when the padding after the entries does not hold it), the new name is appended to the
 * string table (which grows by 32-byte steps when it does not fit in the padding). Names are
 * ASCII only (the reader decodes other bytes as Shift-JIS), and anything the reader would flag as
 * suspicious or duplicate (case-insensitive) is refused.
 */
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { isYaz0 } from '../../formats/archive/yaz0';
import { isSuspiciousName, parseRarc, rarcNameHash, RARC_BASE, RARC_ENTRY_SIZE, RARC_FLAG_FOLDER, RARC_HEADER_SIZE, RARC_NODE_SIZE } from '../../formats/archive/rarc';
import type { RarcEntry } from '../../formats/archive/rarc';
import { align } from '../padding';
import { ArchiveWriteError } from './dataRegion';

const RARC_ALIGN = 32;
const MAX_NAME_BYTES = 255;
const FLAGS_FILE = 0x11;
const FLAGS_YAZ0 = 0x84;

/** The name as stored, or an ArchiveWriteError saying why it cannot be one. */
export function rarcEntryName(name: string): Uint8Array {
  if (name.length === 0) throw new ArchiveWriteError('an entry name cannot be empty');
  if (name === '.' || name === '..') throw new ArchiveWriteError(`"${name}" cannot be an entry name`);
  const bytes = new Uint8Array(name.length);
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0) throw new ArchiveWriteError('an entry name cannot contain NUL');
    if (c === 0x2f || c === 0x5c) throw new ArchiveWriteError(`the entry name ${JSON.stringify(name)} contains a path separator`);
    if (c >= 0x80) throw new ArchiveWriteError(`the entry name ${JSON.stringify(name)} is not ASCII (RARC names are Shift-JIS; only ASCII names are written)`);
    if (c < 0x20 || c === 0x7f) throw new ArchiveWriteError(`the entry name ${JSON.stringify(name)} contains control characters`);
    bytes[i] = c;
  }
  if (bytes.length > MAX_NAME_BYTES) throw new ArchiveWriteError(`the entry name is ${bytes.length} bytes long; at most ${MAX_NAME_BYTES} are written`);
  if (isSuspiciousName(name)) throw new ArchiveWriteError(`the entry name ${JSON.stringify(name)} contains ".." (the reader flags such names)`);
  return bytes;
}

/**
 * The RARC `rarc` (decompressed) with a new file `name` holding `data` in `folder` (a folder entry
 * from parseRarc of the same bytes: the root or a subfolder). Throws ArchiveWriteError with one
 * line when it cannot.
 */
export function addRarcEntry(rarc: Uint8Array, folder: RarcEntry, name: string, data: Uint8Array): Uint8Array {
  const nameBytes = rarcEntryName(name);
  const sink = new DiagnosticSink();
  const parsed = parseRarc(rarc, sink);
  const firstError = sink.list.find((d) => d.severity === 'error');
  if (firstError) throw new ArchiveWriteError(`it is damaged (${firstError.code} at 0x${firstError.offset.toString(16)}): not rewritten`);
  const folderIndex = parsed.entries.findIndex((e) => e.kind === 'folder' && e.recordOffset === folder.recordOffset && e.nodeIndex === folder.nodeIndex);
  if (folderIndex < 0 || folder.nodeIndex === undefined) throw new ArchiveWriteError(`"${folder.path}" is not a folder of this archive`);
  const lower = name.toLowerCase();
  const clash = parsed.entries.find((e) => e.parent === folderIndex && e.name.toLowerCase() === lower);
  if (clash) throw new ArchiveWriteError(`an entry named "${clash.name}" exists there already`);

  if (rarc.length < 0x40) throw new ArchiveWriteError('its header is cut');
  const view = new DataView(rarc.buffer, rarc.byteOffset, rarc.byteLength);
  if (view.getUint32(0x08) !== RARC_HEADER_SIZE) throw new ArchiveWriteError('its header size is not 0x20');
  const nodeCount = view.getUint32(0x20);
  const nodeTable = view.getUint32(0x24) + RARC_BASE;
  const entryCount = view.getUint32(0x28);
  const entryTable = view.getUint32(0x2c) + RARC_BASE;
  const stringSize = view.getUint32(0x30);
  const stringTable = view.getUint32(0x34) + RARC_BASE;
  const nextFileId = view.getUint16(0x38);
  const dataStart = view.getUint32(0x0c) + RARC_BASE;
  const dataLength = view.getUint32(0x10);
  const mram = view.getUint32(0x14);
  const aram = view.getUint32(0x18);
  if (aram !== 0) throw new ArchiveWriteError('it has an ARAM part; adding entries to such archives is not supported');
  // the usual order, nothing overlapping: header · info · nodes · entries · strings · data
  const inOrder = 0x40 <= nodeTable && nodeTable + nodeCount * RARC_NODE_SIZE <= entryTable
    && entryTable + entryCount * RARC_ENTRY_SIZE <= stringTable && stringTable + stringSize <= dataStart && dataStart <= rarc.length;
  if (!inOrder) throw new ArchiveWriteError('its tables are not in the usual order (nodes, entries, names, data); not rewritten');
  if (entryCount >= 0xffff) throw new ArchiveWriteError('its entry table is full');

  const nodeIndex = folder.nodeIndex;
  const nodeAt = nodeTable + nodeIndex * RARC_NODE_SIZE;
  const nodeFirst = view.getUint32(nodeAt + 12);
  const nodeEntries = view.getUint16(nodeAt + 10);
  if (nodeEntries >= 0xffff) throw new ArchiveWriteError(`"${folder.path}" lists the most entries a folder can`);

  // Where the new entry goes: after the folder's last file entry, else before its `.` / `..`.
  const files = parsed.entries.filter((e) => e.kind === 'file').sort((a, b) => a.entryIndex - b.entryIndex);
  const own = files.filter((e) => e.parent === folderIndex);
  let insertAt: number;
  if (own.length > 0) {
    insertAt = own[own.length - 1].entryIndex + 1;
  } else {
    insertAt = nodeFirst + nodeEntries;
    for (let i = nodeFirst; i < nodeFirst + nodeEntries; i++) {
      const at = entryTable + i * RARC_ENTRY_SIZE;
      const nameAt = stringTable + view.getUint16(at + 6);
      const dot = rarc[nameAt] === 0x2e && (rarc[nameAt + 1] === 0 || (rarc[nameAt + 1] === 0x2e && rarc[nameAt + 2] === 0));
      if ((rarc[at + 4] & RARC_FLAG_FOLDER) !== 0 && dot) { insertAt = i; break; }
    }
  }

  // File ids: by entry index, by file ordinal, or as they are.
  const byIndex = files.every((e) => e.fileId === e.entryIndex);
  const byOrdinal = !byIndex && files.every((e, i) => e.fileId === i);
  const before = files.filter((e) => e.entryIndex < insertAt).length;
  let newId: number;
  let ids: number[]; // every file id once written
  if (byIndex || byOrdinal) {
    newId = byIndex ? insertAt : before;
    ids = files.map((e) => (e.entryIndex < insertAt ? e.fileId : e.fileId + 1));
  } else {
    const taken = new Set(files.map((e) => e.fileId));
    newId = nextFileId;
    while (taken.has(newId)) newId++;
    ids = files.map((e) => e.fileId);
  }
  const maxId = Math.max(newId, ...ids);
  if (maxId >= 0xffff) throw new ArchiveWriteError('it has no file id left (ids are 16-bit, 0xFFFF marks folders)');
  const newNextId = Math.min(0xffff, Math.max(nextFileId + 1, maxId + 1));

  // The name: after the last name in the table (a NUL kept between them); past the whole table
  // when a record points into its zero tail (an empty name there would change).
  let used = stringSize;
  while (used > 0 && rarc[stringTable + used - 1] === 0) used--;
  let nameOffset = stringSize === 0 ? 0 : used + 1;
  const nameOffsets = [
    ...Array.from({ length: nodeCount }, (_, n) => view.getUint32(nodeTable + n * RARC_NODE_SIZE + 4)),
    ...Array.from({ length: entryCount }, (_, i) => view.getUint16(entryTable + i * RARC_ENTRY_SIZE + 6)),
  ];
  if (nameOffsets.some((o) => o >= nameOffset)) nameOffset = stringSize;
  if (nameOffset > 0xffff) throw new ArchiveWriteError('its string table is full (name offsets are 16-bit)');
  const newStringSize = Math.max(stringSize, align(nameOffset + nameBytes.length + 1, RARC_ALIGN));

  // The new layout.
  const entryEnd = entryTable + (entryCount + 1) * RARC_ENTRY_SIZE;
  const newStringTable = entryEnd <= stringTable ? stringTable : stringTable + align(entryEnd - stringTable, RARC_ALIGN);
  const tablesShift = newStringTable - stringTable;
  const newDataStart = dataStart + tablesShift + (newStringSize - stringSize);
  const oldData = rarc.subarray(dataStart);
  const slotOffset = align(oldData.length, RARC_ALIGN);
  const slotLength = align(data.length, RARC_ALIGN);
  const growth = slotOffset + slotLength - oldData.length;
  const out = new Uint8Array(newDataStart + slotOffset + slotLength);

  out.set(rarc.subarray(0, entryTable + insertAt * RARC_ENTRY_SIZE));
  out.set(rarc.subarray(entryTable + insertAt * RARC_ENTRY_SIZE, entryTable + entryCount * RARC_ENTRY_SIZE), entryTable + (insertAt + 1) * RARC_ENTRY_SIZE);
  // bytes between the entry table and the string table (zero padding in the shared archives) are not kept: the gap is zero-filled
  out.set(rarc.subarray(stringTable, stringTable + stringSize), newStringTable);
  out.set(nameBytes, newStringTable + nameOffset);
  out.set(rarc.subarray(stringTable + stringSize, dataStart), newStringTable + newStringSize);
  out.set(oldData, newDataStart);
  out.set(data, newDataStart + slotOffset);

  const w = new DataView(out.buffer);
  // the new entry
  const rec = entryTable + insertAt * RARC_ENTRY_SIZE;
  w.setUint16(rec, newId);
  w.setUint16(rec + 2, rarcNameHash(nameBytes));
  w.setUint8(rec + 4, isYaz0(data) ? FLAGS_FILE | FLAGS_YAZ0 : FLAGS_FILE);
  w.setUint8(rec + 5, 0);
  w.setUint16(rec + 6, nameOffset);
  w.setUint32(rec + 8, slotOffset);
  w.setUint32(rec + 12, data.length);
  w.setUint32(rec + 16, 0);
  // later files' ids
  if (byIndex || byOrdinal) {
    for (const f of files) {
      if (f.entryIndex < insertAt) continue;
      const at = entryTable + (f.entryIndex + 1) * RARC_ENTRY_SIZE;
      w.setUint16(at, f.fileId + 1);
    }
  }
  // nodes: the folder lists one more; nodes starting at or after the insertion point move by one
  for (let n = 0; n < nodeCount; n++) {
    const at = nodeTable + n * RARC_NODE_SIZE;
    if (n === nodeIndex) w.setUint16(at + 10, nodeEntries + 1);
    else if (w.getUint32(at + 12) >= insertAt) w.setUint32(at + 12, w.getUint32(at + 12) + 1);
  }
  // info block and header
  w.setUint32(0x28, entryCount + 1);
  w.setUint32(0x30, newStringSize);
  w.setUint32(0x34, newStringTable - RARC_BASE);
  w.setUint16(0x38, newNextId);
  w.setUint32(0x04, out.length);
  w.setUint32(0x0c, newDataStart - RARC_BASE);
  w.setUint32(0x10, dataLength + growth);
  w.setUint32(0x14, mram + growth);
  return out;
}
