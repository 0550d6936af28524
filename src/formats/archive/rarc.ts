/**
 * RARC (`.arc`, big-endian, often inside Yaz0). Layout per FORMATS.md §6:
 * header (0x20) · info block (at 0x20) · node table (16 bytes per folder) · entry table
 * (20 bytes per file/folder entry) · string table · data section. Offsets in the info block and
 * the header's data offset are counted from 0x20.
 *
 * The node tree is walked iteratively with visited sets over nodes and entries, so cyclic or
 * shared references, huge counts and bad offsets end in diagnostics, never in a hang or an
 * unbounded allocation. Names are untrusted data: kept as read, flagged when odd.
 */
import { StructBuilder, fillGaps } from '../binary/builder';
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';
import type { Diagnostic } from '../binary/diagnostics';
import { assignPaths, ElementLayout, FieldNode, fieldNode } from '../binary/fields';
import { hasControlChars } from '../binary/text';
import { decompressYaz0, isYaz0, YAZ0_CODES } from './yaz0';
import type { Yaz0Options } from './yaz0';

export const RARC_HEADER_SIZE = 0x20;
/** Offsets in the info block and the header's data offset are counted from here. */
export const RARC_BASE = 0x20;
export const RARC_NODE_SIZE = 0x10;
export const RARC_ENTRY_SIZE = 0x14;
/** Entry flags. */
export const RARC_FLAG_FILE = 0x01;
export const RARC_FLAG_FOLDER = 0x02;
/** Tables longer than this are described by array layouts instead of explicit nodes. */
const EXPLICIT_TABLE_LIMIT = 4096;

export const RARC_CODES: DiagnosticCode[] = [
  { code: 'ARC_MAGIC', severity: 'error', summary: 'The data does not start with `RARC`.' },
  { code: 'ARC_FILE_SIZE', severity: 'warning', summary: 'The RARC header file size differs from the real length.' },
  { code: 'ARC_HEADER_SIZE', severity: 'warning', summary: 'The RARC header size is not 0x20.' },
  { code: 'ARC_DATA_SIZE', severity: 'warning', summary: 'The RARC data section length does not match the file.' },
  { code: 'ARC_BAD_OFFSET', severity: 'error', summary: 'A RARC table or section offset points outside the file.' },
  { code: 'ARC_HUGE_COUNT', severity: 'error', summary: 'A RARC node or entry count cannot fit in the file; it was cut.' },
  { code: 'ARC_ENTRY_RANGE', severity: 'error', summary: "A RARC node's entries lie outside the entry table; the range was cut." },
  { code: 'ARC_BAD_NODE', severity: 'error', summary: 'A RARC folder entry points to a node that does not exist.' },
  { code: 'ARC_NODE_CYCLE', severity: 'error', summary: 'A RARC folder entry points to a node already visited (cycle or shared folder); not followed.' },
  { code: 'ARC_ENTRY_SHARED', severity: 'error', summary: 'A RARC entry is listed by more than one node; listed once.' },
  { code: 'ARC_UNREACHABLE_NODE', severity: 'warning', summary: 'A RARC node is not reachable from the root.' },
  { code: 'ARC_NODE_RANGE', severity: 'warning', summary: "A RARC node's entries lack its `.` or `..` folder entry: its first entry index or count is likely off." },
  { code: 'ARC_UNLISTED_ENTRY', severity: 'warning', summary: 'RARC entries that no node lists (not reachable by path).' },
  { code: 'ARC_NAME_OFFSET', severity: 'error', summary: 'A RARC name offset lies outside the string table.' },
  { code: 'ARC_NAME_UNTERMINATED', severity: 'warning', summary: 'A RARC name runs to the end of the string table without a NUL.' },
  { code: 'ARC_NAME_HASH', severity: 'warning', summary: 'A RARC name hash does not match the name.' },
  { code: 'ARC_SUSPICIOUS_NAME', severity: 'warning', summary: 'A RARC name is empty or contains `/`, `\\`, `..` or control characters (C0, DEL, C1, bidi).' },
  { code: 'ARC_DUPLICATE_NAME', severity: 'warning', summary: 'Two entries of one RARC folder have the same name (case-insensitive).' },
  { code: 'ARC_NODE_TYPE', severity: 'hint', summary: 'A RARC node type is not `ROOT` / the first 4 letters of its name upper-cased.' },
  { code: 'ARC_NODE_NAME', severity: 'hint', summary: 'A RARC node name differs from the name of the folder entry that opens it.' },
  { code: 'ARC_ENTRY_FLAGS', severity: 'warning', summary: 'A RARC entry is marked neither file nor folder.' },
  { code: 'ARC_ENTRY_PAST_END', severity: 'error', summary: 'A RARC file entry (offset + size) runs past the end of the archive; extraction is cut.' },
  { code: 'ARC_ENTRY_OUTSIDE_DATA', severity: 'warning', summary: 'A RARC file entry lies (partly) outside the declared data section.' },
  { code: 'ARC_DATA_OVERLAP', severity: 'warning', summary: 'Two RARC file entries partly overlap.' },
  { code: 'ARC_SHARED_DATA', severity: 'info', summary: 'Two RARC file entries share exactly the same data (deduplicated by the packer).' },
];

/** Every code the archive layer (Yaz0 + RARC + archive paths) can emit. */
export const ARCHIVE_CODES: DiagnosticCode[] = [
  ...YAZ0_CODES,
  ...RARC_CODES,
  { code: 'ARC_PATH_NOT_FOUND', severity: 'error', summary: 'An archive path names no entry of the archive.' },
  { code: 'ARC_NESTING', severity: 'error', summary: 'Archives nested deeper than the limit were not opened.' },
];

export type RarcEntryKind = 'file' | 'folder';

export interface RarcEntry {
  /** Full inner path, root folder name first: `TripodBossCore/Wait.btk`. */
  path: string;
  /** The name as stored (may be hostile: see `suspicious`). */
  name: string;
  kind: RarcEntryKind;
  /** Index in the entry table; -1 for the root folder (which has no entry). */
  entryIndex: number;
  /** Index in `entries` of the containing folder; -1 for the root folder. */
  parent: number;
  /** Files: size in bytes as declared. Folders: the stored size field (0x10). */
  size: number;
  /** Files: absolute offset in the (decompressed) archive bytes. Folders: -1. */
  dataOffset: number;
  /** Folders: the node index they open. */
  nodeIndex?: number;
  fileId: number;
  flags: number;
  nameHash: number;
  /** Absolute offset of the 20-byte entry record (of the node record for the root). */
  recordOffset: number;
  /** True when the name contains `/`, `\`, `..` or control characters, or is empty. */
  suspicious?: boolean;
}

export interface RarcArchive {
  /** Field tree of the whole archive (root path ''). */
  root: FieldNode;
  /** Root folder first, then depth-first in table order; `.` and `..` are skipped. */
  entries: RarcEntry[];
  /** The live diagnostic list of the sink passed in. */
  diagnostics: Diagnostic[];
}

/** JUTNameTab / RARC hash: h = h·3 + c over the bytes taken as signed chars, 16 bits. */
export function rarcNameHash(bytes: Uint8Array): number {
  let h = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] > 127 ? bytes[i] - 256 : bytes[i];
    h = (h * 3 + c) & 0xffff;
  }
  return h;
}

let sjis: TextDecoder | null | undefined;
function decodeName(raw: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < raw.length; i++) if (raw[i] >= 0x80) { ascii = false; break; }
  if (ascii) {
    let s = '';
    for (let i = 0; i < raw.length; i++) s += String.fromCharCode(raw[i]);
    return s;
  }
  if (sjis === undefined) {
    try { sjis = new TextDecoder('shift_jis'); } catch { sjis = null; }
  }
  if (sjis) return sjis.decode(raw);
  let s = '';
  for (let i = 0; i < raw.length; i++) s += String.fromCharCode(raw[i]);
  return s;
}

/** True for names an extractor or path joiner must not trust. */
export function isSuspiciousName(name: string): boolean {
  if (name.length === 0) return true;
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return true;
  return hasControlChars(name);
}

function u16(b: Uint8Array, o: number): number { return (b[o] << 8) | b[o + 1]; }
function u32(b: Uint8Array, o: number): number { return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0; }

interface NameInfo { name: string; raw: Uint8Array; offset: number; size: number; ok: boolean }

const NODE_LAYOUT: ElementLayout = {
  name: 'element', offset: 0, size: RARC_NODE_SIZE, type: 'RarcNode', fields: [
    { name: 'type', offset: 0, size: 4, type: 'char[4]' },
    { name: 'nameOffset', offset: 4, size: 4, type: 'u32' },
    { name: 'nameHash', offset: 8, size: 2, type: 'u16' },
    { name: 'entryCount', offset: 10, size: 2, type: 'u16' },
    { name: 'firstEntryIndex', offset: 12, size: 4, type: 'u32' },
  ],
};

const ENTRY_LAYOUT: ElementLayout = {
  name: 'element', offset: 0, size: RARC_ENTRY_SIZE, type: 'RarcEntry', fields: [
    { name: 'fileId', offset: 0, size: 2, type: 'u16' },
    { name: 'nameHash', offset: 2, size: 2, type: 'u16' },
    { name: 'flags', offset: 4, size: 1, type: 'u8' },
    { name: 'reserved', offset: 5, size: 1, type: 'u8' },
    { name: 'nameOffset', offset: 6, size: 2, type: 'u16' },
    { name: 'dataOffset', offset: 8, size: 4, type: 'u32' },
    { name: 'dataSize', offset: 12, size: 4, type: 'u32' },
    { name: 'reserved2', offset: 16, size: 4, type: 'u32' },
  ],
};

function emptyArchive(bytes: Uint8Array, diagnostics: DiagnosticSink): RarcArchive {
  const root = fieldNode('', 0, bytes.length, 'RARC', undefined, []);
  fillGaps(root, bytes);
  assignPaths(root);
  return { root, entries: [], diagnostics: diagnostics.list };
}

export function isRarc(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x52 && bytes[1] === 0x41 && bytes[2] === 0x52 && bytes[3] === 0x43;
}

/** Parses a (decompressed) RARC archive as far as the bytes allow. Never throws. */
export function parseRarc(bytes: Uint8Array, diagnostics: DiagnosticSink): RarcArchive {
  if (!isRarc(bytes)) {
    diagnostics.error('ARC_MAGIC', 0, Math.min(4, bytes.length), 'The data does not start with `RARC`.');
    return emptyArchive(bytes, diagnostics);
  }
  const length = bytes.length;
  const rootChildren: FieldNode[] = [];

  // Header.
  const header = new StructBuilder(bytes, 'big', diagnostics, 'header', 0, 'RarcHeader', 'header');
  header.chars('magic', 0, 4);
  const fileSize = header.u32('fileSize', 0x04);
  const headerSize = header.u32('headerSize', 0x08, (v) => `${hex(v)}`);
  const dataOffsetRel = header.u32('dataOffset', 0x0c, (v) => `${hex(v)} (+0x20 → ${hex(v + RARC_BASE)})`);
  const dataSize = header.u32('dataSize', 0x10);
  header.u32('mramSize', 0x14);
  header.u32('reserved18', 0x18);
  header.u32('reserved1C', 0x1c);
  rootChildren.push(header.build(RARC_HEADER_SIZE));
  if (length >= 8 && fileSize !== length) {
    diagnostics.warning('ARC_FILE_SIZE', 4, 4, `Header file size ${fileSize} differs from the real length ${length}.`);
  }
  if (length >= 12 && headerSize !== RARC_HEADER_SIZE) {
    diagnostics.warning('ARC_HEADER_SIZE', 8, 4, `Header size is ${hex(headerSize)}, expected 0x20.`);
  }

  // Info block.
  const info = new StructBuilder(bytes, 'big', diagnostics, 'info', 0x20, 'RarcInfo', 'header');
  let nodeCount = info.u32('nodeCount', 0x20);
  const nodeTableRel = info.u32('nodeTableOffset', 0x24, (v) => `${hex(v)} (+0x20 → ${hex(v + RARC_BASE)})`);
  let entryCount = info.u32('entryCount', 0x28);
  const entryTableRel = info.u32('entryTableOffset', 0x2c, (v) => `${hex(v)} (+0x20 → ${hex(v + RARC_BASE)})`);
  const stringTableSize = info.u32('stringTableSize', 0x30);
  const stringTableRel = info.u32('stringTableOffset', 0x34, (v) => `${hex(v)} (+0x20 → ${hex(v + RARC_BASE)})`);
  info.u16('nextFileId', 0x38);
  info.u8('syncFlag', 0x3a);
  if (length > 0x3b) info.bytesField('padding', 0x3b, Math.min(5, length - 0x3b), 'padding');
  rootChildren.push(info.build());

  const nodeTable = nodeTableRel + RARC_BASE;
  const entryTable = entryTableRel + RARC_BASE;
  const stringTable = stringTableRel + RARC_BASE;
  const dataStart = dataOffsetRel + RARC_BASE;

  // Clamp tables to the bytes.
  const clampCount = (what: string, fieldOffset: number, table: number, count: number, size: number): number => {
    if (count === 0) return 0;
    if (table >= length) {
      diagnostics.error('ARC_BAD_OFFSET', fieldOffset, 4, `${what} offset ${hex(table)} lies past the end of the archive (${hex(length)}).`);
      return 0;
    }
    const fitting = Math.floor((length - table) / size);
    if (count > fitting) {
      diagnostics.error('ARC_HUGE_COUNT', fieldOffset - 4, 4, `${what}: ${count} records of ${size} bytes at ${hex(table)} do not fit; ${fitting} fit.`);
      return fitting;
    }
    return count;
  };
  if (length >= 0x30) {
    nodeCount = clampCount('Node table', 0x24, nodeTable, nodeCount, RARC_NODE_SIZE);
    entryCount = clampCount('Entry table', 0x2c, entryTable, entryCount, RARC_ENTRY_SIZE);
  } else {
    nodeCount = 0;
    entryCount = 0;
  }
  let strEnd = stringTable + stringTableSize;
  if (stringTableSize > 0 && stringTable >= length) {
    diagnostics.error('ARC_BAD_OFFSET', 0x34, 4, `String table offset ${hex(stringTable)} lies past the end of the archive.`);
    strEnd = stringTable;
  } else if (strEnd > length) {
    diagnostics.error('ARC_BAD_OFFSET', 0x30, 4, `String table (${stringTableSize} bytes at ${hex(stringTable)}) runs past the end of the archive; cut.`);
    strEnd = length;
  }
  const strSize = Math.max(0, strEnd - stringTable);
  if (length >= 0x10 && dataStart > length) {
    diagnostics.error('ARC_BAD_OFFSET', 0x0c, 4, `Data section offset ${hex(dataStart)} lies past the end of the archive (${hex(length)}).`);
  } else if (length >= 0x14 && dataStart + dataSize > length) {
    diagnostics.warning('ARC_DATA_SIZE', 0x10, 4, `Data section (${dataSize} bytes at ${hex(dataStart)}) runs past the end of the archive.`);
  }

  // Names (string table), memoised by offset.
  const names = new Map<number, NameInfo>();
  const readName = (offset: number, fieldOffset: number, fieldSize: number, owner: string): NameInfo => {
    const known = names.get(offset);
    if (known) return known;
    let result: NameInfo;
    if (offset >= strSize) {
      diagnostics.error('ARC_NAME_OFFSET', fieldOffset, fieldSize, `${owner}: name offset ${hex(offset)} lies outside the string table (${strSize} bytes).`);
      result = { name: '', raw: new Uint8Array(0), offset: -1, size: 0, ok: false };
    } else {
      const start = stringTable + offset;
      let end = start;
      while (end < strEnd && bytes[end] !== 0) end++;
      if (end >= strEnd) {
        diagnostics.warning('ARC_NAME_UNTERMINATED', start, end - start, `${owner}: name at ${hex(start)} has no NUL before the end of the string table.`);
      }
      const raw = bytes.subarray(start, end);
      result = { name: decodeName(raw), raw, offset: start, size: Math.min(end + 1, strEnd) - start, ok: true };
    }
    names.set(offset, result);
    return result;
  };

  // Node table.
  interface NodeRec { type: string; nameOffset: number; hash: number; count: number; first: number; at: number }
  const nodes: NodeRec[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const at = nodeTable + i * RARC_NODE_SIZE;
    let type = '';
    for (let k = 0; k < 4; k++) type += String.fromCharCode(bytes[at + k]);
    nodes.push({ type, nameOffset: u32(bytes, at + 4), hash: u16(bytes, at + 8), count: u16(bytes, at + 10), first: u32(bytes, at + 12), at });
  }

  const entries: RarcEntry[] = [];
  const entryVisited = new Uint8Array(entryCount);
  const nodeVisited = new Uint8Array(nodeCount);
  const nodeNames: string[] = new Array<string>(nodeCount).fill('');

  const checkName = (info: NameInfo, storedHash: number, recordOffset: number, hashOffset: number, owner: string): boolean => {
    if (!info.ok) return true;
    const expected = rarcNameHash(info.raw);
    if (expected !== storedHash) {
      diagnostics.warning('ARC_NAME_HASH', hashOffset, 2, `${owner} "${info.name}": stored hash ${hex(storedHash, 4)}, expected ${hex(expected, 4)}.`);
    }
    const bad = isSuspiciousName(info.name);
    if (bad) {
      diagnostics.warning('ARC_SUSPICIOUS_NAME', info.offset >= 0 ? info.offset : recordOffset, Math.max(1, info.size),
        `${owner} name ${JSON.stringify(info.name)} is empty or contains a path separator, \`..\` or control characters.`);
    }
    return bad;
  };

  const nodeName = (index: number): NameInfo => {
    const n = nodes[index];
    const info = readName(n.nameOffset, n.at + 4, 4, `Node ${index}`);
    const expectedType = index === 0 ? 'ROOT' : (info.name.slice(0, 4).toUpperCase() + '    ').slice(0, 4);
    if (info.ok && n.type !== expectedType) {
      diagnostics.hint('ARC_NODE_TYPE', n.at, 4, `Node ${index} type ${JSON.stringify(n.type)}, expected ${JSON.stringify(expectedType)}.`);
    }
    return info;
  };

  // Iterative depth-first walk from node 0.
  if (nodeCount > 0) {
    const rootInfo = nodeName(0);
    const rootSuspicious = checkName(rootInfo, nodes[0].hash, nodes[0].at, nodes[0].at + 8, 'Node 0');
    nodeVisited[0] = 1;
    nodeNames[0] = rootInfo.name;
    const rootEntry: RarcEntry = {
      path: rootInfo.name, name: rootInfo.name, kind: 'folder', entryIndex: -1, parent: -1, size: 0, dataOffset: -1,
      nodeIndex: 0, fileId: 0xffff, flags: RARC_FLAG_FOLDER, nameHash: nodes[0].hash, recordOffset: nodes[0].at,
    };
    if (rootSuspicious) rootEntry.suspicious = true;
    entries.push(rootEntry);

    /** `dots`: bit 1 once the node's `.` entry (pointing to itself) is read, bit 2 its `..` (pointing to its parent). */
    interface Frame { node: number; parent: number; next: number; end: number; folder: number; seen: Map<string, number>; dots: number }
    const ownDots = (frame: Frame, dataField: number): void => {
      if (dataField === frame.node) frame.dots |= 1;
      else if (dataField === frame.parent) frame.dots |= 2;
    };
    // Every node lists `.` and `..` after its files and folders (FORMATS.md §6): a range without
    // them has a first index or count that is off, and lists other nodes' entries or misses its own.
    const checkDots = (frame: Frame): void => {
      if (frame.dots === 3) return;
      const n = nodes[frame.node];
      const missing = frame.dots === 0 ? '`.` and `..`' : frame.dots === 1 ? '`..`' : '`.`';
      diagnostics.warning('ARC_NODE_RANGE', n.at + 10, 6,
        `Node ${frame.node} ("${nodeNames[frame.node]}") lists entries ${n.first}..${n.first + n.count - 1} without its ${missing}: its first entry index or count is likely off.`);
    };
    const rangeOf = (nodeIndex: number): [number, number] => {
      const n = nodes[nodeIndex];
      const end = n.first + n.count;
      if (end > entryCount) {
        diagnostics.error('ARC_ENTRY_RANGE', n.at + 10, 6,
          `Node ${nodeIndex} lists entries ${n.first}..${end - 1}, but the entry table has ${entryCount}; cut.`);
        return [Math.min(n.first, entryCount), entryCount];
      }
      return [n.first, end];
    };
    const [s0, e0] = rangeOf(0);
    // The root's `..` points nowhere (0xFFFFFFFF).
    const stack: Frame[] = [{ node: 0, parent: 0xffffffff, next: s0, end: e0, folder: 0, seen: new Map(), dots: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next >= frame.end) {
        checkDots(frame);
        stack.pop();
        continue;
      }
      const index = frame.next++;
      const at = entryTable + index * RARC_ENTRY_SIZE;
      const fileId = u16(bytes, at);
      const hash = u16(bytes, at + 2);
      const flags = bytes[at + 4];
      const nameOff = u16(bytes, at + 6);
      const dataField = u32(bytes, at + 8);
      const size = u32(bytes, at + 12);
      const nameInfo = readName(nameOff, at + 6, 2, `Entry ${index}`);
      if (nameInfo.ok && (nameInfo.name === '.' || nameInfo.name === '..')) {
        entryVisited[index] = 1;
        if ((flags & RARC_FLAG_FOLDER) !== 0) ownDots(frame, dataField);
        continue;
      }
      if (!nameInfo.ok && (flags & RARC_FLAG_FOLDER) !== 0) {
        // Unreadable name (already reported): a folder entry pointing at this node, its parent or
        // nowhere is taken for `.` / `..`.
        if (dataField === frame.node || dataField === frame.parent || dataField === 0xffffffff) {
          entryVisited[index] = 1;
          ownDots(frame, dataField);
          continue;
        }
      }
      if (entryVisited[index]) {
        diagnostics.error('ARC_ENTRY_SHARED', at, RARC_ENTRY_SIZE, `Entry ${index} is listed by more than one node; listed once.`);
        continue;
      }
      entryVisited[index] = 1;
      const parentPath = entries[frame.folder].path;
      const folder = (flags & RARC_FLAG_FOLDER) !== 0;
      if (!folder && (flags & RARC_FLAG_FILE) === 0) {
        diagnostics.warning('ARC_ENTRY_FLAGS', at + 4, 1, `Entry ${index} flags ${hex(flags, 2)} mark neither a file nor a folder; read as a file.`);
      }
      const suspicious = checkName(nameInfo, hash, at, at + 2, `Entry ${index}`);
      const key = nameInfo.name.toLowerCase();
      const previous = frame.seen.get(key);
      if (previous !== undefined) {
        diagnostics.warning('ARC_DUPLICATE_NAME', at, RARC_ENTRY_SIZE,
          `Entry ${index} "${nameInfo.name}" has the same name as entry ${previous} in folder "${parentPath}".`);
      } else {
        frame.seen.set(key, index);
      }
      const entry: RarcEntry = {
        path: `${parentPath}/${nameInfo.name}`, name: nameInfo.name, kind: folder ? 'folder' : 'file', entryIndex: index,
        parent: frame.folder, size, dataOffset: folder ? -1 : dataStart + dataField, fileId, flags, nameHash: hash, recordOffset: at,
      };
      if (suspicious) entry.suspicious = true;
      entries.push(entry);
      if (!folder) {
        const end = entry.dataOffset + size;
        if (end > length) {
          diagnostics.error('ARC_ENTRY_PAST_END', at + 8, 8,
            `File "${entry.path}": ${size} bytes at ${hex(entry.dataOffset)} run past the end of the archive (${hex(length)}).`);
        } else if (entry.dataOffset < dataStart || end > dataStart + dataSize) {
          diagnostics.warning('ARC_ENTRY_OUTSIDE_DATA', at + 8, 8,
            `File "${entry.path}" (${hex(entry.dataOffset)}..${hex(end)}) lies outside the data section (${hex(dataStart)}..${hex(dataStart + dataSize)}).`);
        }
        continue;
      }
      entry.nodeIndex = dataField;
      if (dataField >= nodeCount) {
        diagnostics.error('ARC_BAD_NODE', at + 8, 4, `Folder "${entry.path}" points to node ${dataField}; there are ${nodeCount}.`);
        continue;
      }
      if (nodeVisited[dataField]) {
        diagnostics.error('ARC_NODE_CYCLE', at + 8, 4,
          `Folder "${entry.path}" points to node ${dataField} ("${nodeNames[dataField]}"), already visited; not followed.`);
        continue;
      }
      nodeVisited[dataField] = 1;
      const info = nodeName(dataField);
      nodeNames[dataField] = info.name;
      const n = nodes[dataField];
      if (info.ok && info.name !== nameInfo.name) {
        diagnostics.hint('ARC_NODE_NAME', n.at + 4, 4, `Node ${dataField} is named "${info.name}" but its folder entry "${nameInfo.name}".`);
      }
      checkName(info, n.hash, n.at, n.at + 8, `Node ${dataField}`);
      const [s, e] = rangeOf(dataField);
      stack.push({ node: dataField, parent: frame.node, next: s, end: e, folder: entries.length - 1, seen: new Map(), dots: 0 });
    }
    let unlisted = 0;
    let firstUnlisted = -1;
    for (let i = 0; i < entryCount; i++) {
      if (entryVisited[i]) continue;
      if (unlisted++ === 0) firstUnlisted = i;
    }
    if (unlisted > 0) {
      diagnostics.warning('ARC_UNLISTED_ENTRY', entryTable + firstUnlisted * RARC_ENTRY_SIZE, RARC_ENTRY_SIZE,
        `${unlisted === 1 ? `Entry ${firstUnlisted} is` : `${unlisted} entries (the first: ${firstUnlisted}) are`} listed by no node: no path reaches ${unlisted === 1 ? 'it' : 'them'}.`);
    }
    for (let i = 1; i < nodeCount; i++) {
      if (!nodeVisited[i]) {
        diagnostics.warning('ARC_UNREACHABLE_NODE', nodes[i].at, RARC_NODE_SIZE, `Node ${i} is not reachable from the root.`);
      }
    }
  }

  // Overlapping file data.
  const files = entries.filter((e) => e.kind === 'file' && e.size > 0).sort((a, b) => a.dataOffset - b.dataOffset || a.size - b.size);
  let reach: RarcEntry | undefined;
  for (const f of files) {
    if (reach && f.dataOffset < reach.dataOffset + reach.size) {
      if (f.dataOffset === reach.dataOffset && f.size === reach.size) {
        diagnostics.info('ARC_SHARED_DATA', f.recordOffset + 8, 8, `"${f.path}" shares its data with "${reach.path}" (${f.size} bytes at ${hex(f.dataOffset)}).`);
      } else {
        diagnostics.warning('ARC_DATA_OVERLAP', f.recordOffset + 8, 8,
          `"${f.path}" (${hex(f.dataOffset)}..${hex(f.dataOffset + f.size)}) overlaps "${reach.path}" (${hex(reach.dataOffset)}..${hex(reach.dataOffset + reach.size)}).`);
      }
    }
    if (!reach || f.dataOffset + f.size > reach.dataOffset + reach.size) reach = f;
  }

  // Field tree: tables.
  rootChildren.push(describeTable('nodeTable', nodeTable, nodeCount, NODE_LAYOUT, bytes, (i, el) => {
    const n = nodes[i];
    const nm = names.get(n.nameOffset);
    if (nm?.ok) el.display = nm.name;
  }));
  rootChildren.push(describeTable('entryTable', entryTable, entryCount, ENTRY_LAYOUT, bytes, (i, el) => {
    const nm = names.get(u16(bytes, entryTable + i * RARC_ENTRY_SIZE + 6));
    if (nm?.ok) el.display = nm.name;
  }));

  // String table: one node per name read.
  if (strSize > 0) {
    const strNode = fieldNode('stringTable', stringTable, strSize, 'StringTable', 'names', []);
    const seen = new Set<number>();
    for (const info of names.values()) {
      if (!info.ok || seen.has(info.offset)) continue;
      seen.add(info.offset);
      strNode.children!.push({
        name: `name@${hex(info.offset - stringTable)}`,
        path: '',
        offset: info.offset,
        size: info.size,
        type: 'cstring',
        value: info.name,
        display: undefined,
        role: 'names',
        missing: undefined,
        children: undefined,
        array: undefined,
      });
    }
    strNode.children!.sort((a, b) => a.offset - b.offset);
    fillGaps(strNode, bytes);
    rootChildren.push(strNode);
  }

  // Data section: one node per file entry.
  if (dataStart < length) {
    const dataEnd = Math.min(length, dataStart + dataSize);
    const dataNode = fieldNode('data', dataStart, Math.max(0, dataEnd - dataStart), 'DataSection', 'data', []);
    const used = new Set<string>();
    for (const e of entries) {
      if (e.kind !== 'file') continue;
      let name = e.path;
      if (used.has(name)) name = `${e.path}#${e.entryIndex}`;
      used.add(name);
      const node: FieldNode = {
        name,
        path: '',
        offset: e.dataOffset,
        size: e.size,
        type: 'file',
        value: undefined,
        display: `${e.name}: ${e.size} bytes, file id ${e.fileId}`,
        role: 'data',
        missing: undefined,
        children: undefined,
        array: undefined,
      };
      if (e.dataOffset + e.size > length) node.missing = true;
      dataNode.children!.push(node);
    }
    dataNode.children!.sort((a, b) => a.offset - b.offset);
    fillGaps(dataNode, bytes);
    rootChildren.push(dataNode);
  }

  const root = fieldNode('', 0, length, 'RARC', undefined, rootChildren.sort((a, b) => a.offset - b.offset));
  fillGaps(root, bytes);
  assignPaths(root);
  return { root, entries, diagnostics: diagnostics.list };
}

function describeTable(
  name: string, offset: number, count: number, layout: ElementLayout, bytes: Uint8Array,
  decorate: (index: number, element: FieldNode) => void,
): FieldNode {
  const size = count * layout.size;
  if (count > EXPLICIT_TABLE_LIMIT) {
    return {
      name,
      path: '',
      offset,
      size,
      type: `${layout.type}[${count}]`,
      value: undefined,
      display: undefined,
      role: 'table',
      missing: undefined,
      children: undefined,
      array: { count, stride: layout.size, element: layout, endian: 'big' },
    };
  }
  const children: FieldNode[] = [];
  for (let i = 0; i < count; i++) {
    const base = offset + i * layout.size;
    const el = fieldNode(`[${i}]`, base, layout.size, layout.type, 'table', (layout.fields ?? []).map((f) => {
        const at = base + f.offset;
        const node: FieldNode = { name: f.name, path: '', offset: at, size: f.size, type: f.type, value: undefined, display: undefined, role: 'table', missing: undefined, children: undefined, array: undefined };
        if (f.type === 'u8') node.value = bytes[at];
        else if (f.type === 'u16') node.value = u16(bytes, at);
        else if (f.type === 'u32') node.value = u32(bytes, at);
        else {
          let s = '';
          for (let k = 0; k < f.size; k++) {
            const c = bytes[at + k];
            s += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '\\x' + c.toString(16).padStart(2, '0');
          }
          node.value = s;
        }
        return node;
      }));
    decorate(i, el);
    children.push(el);
  }
  return fieldNode(name, offset, size, `${layout.type}[${count}]`, 'table', children);
}

/** The bytes of a file entry: a view clamped to the archive (empty for folders). */
export function extractEntry(archiveBytes: Uint8Array, entry: RarcEntry): Uint8Array {
  if (entry.kind !== 'file' || entry.dataOffset < 0 || entry.dataOffset >= archiveBytes.length) return new Uint8Array(0);
  const end = Math.min(archiveBytes.length, entry.dataOffset + entry.size);
  return archiveBytes.subarray(entry.dataOffset, end);
}

export interface OpenedArchive extends RarcArchive {
  /** The RARC bytes every offset refers to (decompressed when the input was Yaz0). */
  bytes: Uint8Array;
  /** Set when the input was Yaz0-compressed. */
  compressedSize?: number;
}

/** Parses a RARC archive, unwrapping Yaz0 first when present. Never throws. */
export function openArchive(input: Uint8Array, diagnostics: DiagnosticSink, options: Yaz0Options = {}): OpenedArchive {
  if (isYaz0(input)) {
    const bytes = decompressYaz0(input, diagnostics, options);
    return { ...parseRarc(bytes, diagnostics), bytes, compressedSize: input.length };
  }
  return { ...parseRarc(input, diagnostics), bytes: input };
}

/** True when the bytes are a RARC archive or Yaz0 (which may hold one). */
export function looksLikeArchive(bytes: Uint8Array): boolean {
  return isRarc(bytes) || isYaz0(bytes);
}
