/**
 * Shenmue PKS (`PAKS`) archives, little-endian, per FORMATS.md §5:
 *
 *   PAKS header: 0x00 `PAKS`, 0x04 u32 IPAC offset, 0x08 u32 unknown, 0x0C u32 entry count − 1
 *   IPAC (at the IPAC offset): +0x00 `IPAC`, +0x04 u32 dictionary offset, +0x08 u32 file count,
 *     +0x0C u32 content size
 *   Dictionary: file count × 20 bytes = name[8], ext[4], u32 offset from the IPAC start, u32 size
 *
 * The dictionary offset is taken as counted from the IPAC start, like the entry offsets
 * (inferred: no real sample was available — PKS support is less tested than RARC). A bare
 * `IPAC` block (no PAKS header) is accepted too. Whole-file gzip is unwrapped by
 * {@link openPks} (and by archive.ts's openAnyArchive).
 *
 * Never throws; counts are clamped to what the bytes can hold, so hostile headers cannot
 * cause unbounded allocation.
 */
import { StructBuilder, fillGaps } from '../binary/builder';
import { DiagnosticCode, DiagnosticSink, hex } from '../binary/diagnostics';
import { assignPaths, ElementLayout, FieldNode, fieldNode } from '../binary/fields';
import { gunzip, isGzip } from './inflate';
import { isSuspiciousName } from './rarc';
import type { InflateOptions } from './inflate';

export const PAKS_HEADER_SIZE = 0x10;
export const IPAC_HEADER_SIZE = 0x10;
export const PKS_ENTRY_SIZE = 0x14;
/** Dictionaries longer than this are described by an array layout instead of explicit nodes. */
const EXPLICIT_TABLE_LIMIT = 4096;

export const PKS_CODES: DiagnosticCode[] = [
  { code: 'PKS_MAGIC', severity: 'error', summary: 'The data starts with neither `PAKS` nor `IPAC`.' },
  { code: 'PKS_IPAC_MISSING', severity: 'error', summary: 'The PAKS header\'s IPAC offset does not point to an `IPAC` block inside the file.' },
  { code: 'PKS_BAD_OFFSET', severity: 'error', summary: 'The IPAC dictionary offset points outside the file.' },
  { code: 'PKS_HUGE_COUNT', severity: 'error', summary: 'The IPAC file count cannot fit in the file; the dictionary was cut.' },
  { code: 'PKS_COUNT_MISMATCH', severity: 'hint', summary: 'The PAKS entry count − 1 field does not match the IPAC file count (field meaning inferred).' },
  { code: 'PKS_CONTENT_SIZE', severity: 'warning', summary: 'The IPAC content size runs past the end of the file.' },
  { code: 'PKS_ENTRY_PAST_END', severity: 'error', summary: 'A PKS entry (offset + size) runs past the end of the archive; extraction is cut.' },
  { code: 'PKS_ENTRY_IN_HEADER', severity: 'warning', summary: 'A PKS entry\'s data overlaps the headers or the dictionary.' },
  { code: 'PKS_SUSPICIOUS_NAME', severity: 'warning', summary: 'A PKS entry name is empty or contains `/`, `\\`, `..` or control characters (C0, DEL, C1, bidi).' },
  { code: 'PKS_DUPLICATE_NAME', severity: 'warning', summary: 'Two PKS entries have the same name (case-insensitive); lookups find the first.' },
];

export interface PksEntry {
  /** `NAME.EXT` (the name without a dot when the extension is empty). PKS has no folders. */
  path: string;
  name: string;
  /** The raw 8-byte name and 4-byte extension, NUL-trimmed. */
  baseName: string;
  extension: string;
  index: number;
  /** Declared size. */
  size: number;
  /** Absolute offset in the (decompressed) PKS bytes. */
  dataOffset: number;
  /** Absolute offset of the 20-byte dictionary record. */
  recordOffset: number;
  suspicious?: boolean;
}

export interface PksArchive {
  root: FieldNode;
  entries: PksEntry[];
  /** Absolute offset of the IPAC block (0 for a bare IPAC), -1 when none was found. */
  ipacOffset: number;
  diagnostics: DiagnosticSink['list'];
}

export function isPaks(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x41 && bytes[2] === 0x4b && bytes[3] === 0x53;
}
export function isIpac(bytes: Uint8Array, at = 0): boolean {
  return at >= 0 && bytes.length >= at + 4 && bytes[at] === 0x49 && bytes[at + 1] === 0x50 && bytes[at + 2] === 0x41 && bytes[at + 3] === 0x43;
}
/** PAKS or a bare IPAC block. */
export function isPks(bytes: Uint8Array): boolean {
  return isPaks(bytes) || isIpac(bytes);
}

function u32le(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

function fixedName(bytes: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < at + length; i++) {
    const c = bytes[i];
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s;
}

const ENTRY_LAYOUT: ElementLayout = {
  name: 'element', offset: 0, size: PKS_ENTRY_SIZE, type: 'IpacEntry', fields: [
    { name: 'name', offset: 0, size: 8, type: 'char[8]' },
    { name: 'extension', offset: 8, size: 4, type: 'char[4]' },
    { name: 'offset', offset: 12, size: 4, type: 'u32' },
    { name: 'size', offset: 16, size: 4, type: 'u32' },
  ],
};

export interface ParsePksOptions {
  /**
   * The bytes are only the start of the archive (a listing that stopped decompressing after the
   * tables and the entries' heads): its end is unknown, so the checks against it
   * (PKS_CONTENT_SIZE, PKS_ENTRY_PAST_END) are not made.
   */
  prefix?: boolean;
}

/** Parses a (decompressed) PKS archive as far as the bytes allow. Never throws. */
export function parsePks(bytes: Uint8Array, diagnostics: DiagnosticSink, options: ParsePksOptions = {}): PksArchive {
  const length = bytes.length;
  const endKnown = !options.prefix;
  const children: FieldNode[] = [];
  const entries: PksEntry[] = [];
  const finish = (ipacOffset: number): PksArchive => {
    const root = fieldNode('', 0, length, 'PKS', undefined, children.sort((a, b) => a.offset - b.offset));
    fillGaps(root, bytes);
    assignPaths(root);
    return { root, entries, ipacOffset, diagnostics: diagnostics.list };
  };

  let ipac = 0;
  let paksCount: number | undefined;
  if (isPaks(bytes)) {
    const h = new StructBuilder(bytes, 'little', diagnostics, 'header', 0, 'PaksHeader', 'header');
    h.chars('magic', 0, 4);
    ipac = h.u32('ipacOffset', 0x04, (v) => hex(v));
    h.u32('unknown', 0x08, (v) => `${hex(v)} (meaning unknown)`);
    const countField = h.u32('entryCountMinus1', 0x0c, (v) => `${v} (+1 → ${v + 1} entries)`);
    if (length >= 0x10) paksCount = countField + 1;
    children.push(h.build(PAKS_HEADER_SIZE));
    if (!isIpac(bytes, ipac)) {
      if (length >= 8) {
        diagnostics.error('PKS_IPAC_MISSING', 4, 4, ipac + 4 > length
          ? `IPAC offset ${hex(ipac)} lies past the end of the archive (${hex(length)}).`
          : `No \`IPAC\` at the IPAC offset ${hex(ipac)}.`);
      }
      return finish(-1);
    }
  } else if (!isIpac(bytes)) {
    diagnostics.error('PKS_MAGIC', 0, Math.min(4, length), 'The data starts with neither `PAKS` nor `IPAC`.');
    return finish(-1);
  }

  const rel = (v: number): string => `${hex(v)} (+IPAC → ${hex(ipac + v)})`;
  const ih = new StructBuilder(bytes, 'little', diagnostics, 'ipac', ipac, 'IpacHeader', 'header');
  ih.chars('magic', ipac, 4);
  const dictRel = ih.u32('dictionaryOffset', ipac + 0x04, rel);
  let fileCount = ih.u32('fileCount', ipac + 0x08);
  const contentSize = ih.u32('contentSize', ipac + 0x0c);
  children.push(ih.build(IPAC_HEADER_SIZE));
  if (ipac + IPAC_HEADER_SIZE > length) return finish(ipac);

  if (paksCount !== undefined && paksCount !== fileCount) {
    diagnostics.hint('PKS_COUNT_MISMATCH', 0x0c, 4, `PAKS entry count − 1 says ${paksCount} entries, IPAC file count says ${fileCount}.`);
  }
  if (endKnown && ipac + contentSize > length) {
    diagnostics.warning('PKS_CONTENT_SIZE', ipac + 0x0c, 4, `IPAC content size ${contentSize} (from ${hex(ipac)}) runs past the end of the archive (${hex(length)}).`);
  }
  const dict = ipac + dictRel;
  if (fileCount > 0 && dict >= length) {
    diagnostics.error('PKS_BAD_OFFSET', ipac + 4, 4, `Dictionary offset ${rel(dictRel)} lies past the end of the archive (${hex(length)}).`);
    return finish(ipac);
  }
  const fitting = Math.floor((length - dict) / PKS_ENTRY_SIZE);
  if (fileCount > fitting) {
    diagnostics.error('PKS_HUGE_COUNT', ipac + 8, 4, `${fileCount} dictionary entries of ${PKS_ENTRY_SIZE} bytes at ${hex(dict)} do not fit; ${fitting} fit.`);
    fileCount = fitting;
  }
  const dictEnd = dict + fileCount * PKS_ENTRY_SIZE;
  const headers: [number, number][] = [[ipac, ipac + IPAC_HEADER_SIZE]];
  if (isPaks(bytes)) headers.push([0, PAKS_HEADER_SIZE]);
  const overlaps = (ranges: [number, number][], start: number, end: number): boolean => ranges.some(([a, b]) => start < b && end > a);

  const seen = new Map<string, number>();
  for (let i = 0; i < fileCount; i++) {
    const at = dict + i * PKS_ENTRY_SIZE;
    const baseName = fixedName(bytes, at, 8);
    const extension = fixedName(bytes, at + 8, 4);
    const name = extension ? `${baseName}.${extension}` : baseName;
    const offset = u32le(bytes, at + 12);
    const size = u32le(bytes, at + 16);
    const dataOffset = ipac + offset;
    const entry: PksEntry = { path: name, name, baseName, extension, index: i, size, dataOffset, recordOffset: at };
    if (isSuspiciousName(name)) {
      entry.suspicious = true;
      diagnostics.warning('PKS_SUSPICIOUS_NAME', at, 12, `Entry ${i} name ${JSON.stringify(name)} is empty or contains a path separator, \`..\` or control characters.`);
    }
    const key = name.toLowerCase();
    const prior = seen.get(key);
    if (prior !== undefined) {
      diagnostics.warning('PKS_DUPLICATE_NAME', at, 12, `Entry ${i} ${JSON.stringify(name)} has the same name as entry ${prior}.`);
    } else {
      seen.set(key, i);
    }
    if (endKnown && dataOffset + size > length) {
      diagnostics.error('PKS_ENTRY_PAST_END', at + 12, 8,
        `Entry ${i} ${JSON.stringify(name)}: ${size} bytes at ${hex(dataOffset)} run past the end of the archive (${hex(length)}); extraction is cut.`);
    } else if (size > 0) {
      const overlapsHeaders = overlaps(headers, dataOffset, dataOffset + size);
      const overlapsDict = overlaps([[dict, dictEnd]], dataOffset, dataOffset + size);
      if (overlapsHeaders || overlapsDict) {
        diagnostics.warning('PKS_ENTRY_IN_HEADER', at + 12, 8, `Entry ${i} ${JSON.stringify(name)} (${size} bytes at ${hex(dataOffset)}) overlaps the ${overlapsDict ? 'dictionary' : 'headers'}.`);
      }
    }
    entries.push(entry);
  }

  // Dictionary node.
  if (fileCount > 0) {
    if (fileCount > EXPLICIT_TABLE_LIMIT) {
      children.push({
        name: 'dictionary',
        path: '',
        offset: dict,
        size: fileCount * PKS_ENTRY_SIZE,
        type: `IpacEntry[${fileCount}]`,
        value: undefined,
        display: undefined,
        role: 'table',
        missing: undefined,
        children: undefined,
        array: { count: fileCount, stride: PKS_ENTRY_SIZE, element: ENTRY_LAYOUT, endian: 'little' },
      });
    } else {
      const els: FieldNode[] = entries.map((e) => ({
        name: `[${e.index}]`,
        path: '',
        offset: e.recordOffset,
        size: PKS_ENTRY_SIZE,
        type: 'IpacEntry',
        value: undefined,
        display: e.name,
        role: 'table',
        missing: undefined,
        children: [
          { name: 'name', path: '', offset: e.recordOffset, size: 8, type: 'char[8]', value: e.baseName, display: undefined, role: 'table', missing: undefined, children: undefined, array: undefined },
          { name: 'extension', path: '', offset: e.recordOffset + 8, size: 4, type: 'char[4]', value: e.extension, display: undefined, role: 'table', missing: undefined, children: undefined, array: undefined },
          { name: 'offset', path: '', offset: e.recordOffset + 12, size: 4, type: 'u32', value: e.dataOffset - ipac, display: rel(e.dataOffset - ipac), role: 'table', missing: undefined, children: undefined, array: undefined },
          { name: 'size', path: '', offset: e.recordOffset + 16, size: 4, type: 'u32', value: e.size, display: undefined, role: 'table', missing: undefined, children: undefined, array: undefined },
        ],
        array: undefined,
      }));
      children.push(fieldNode('dictionary', dict, fileCount * PKS_ENTRY_SIZE, `IpacEntry[${fileCount}]`, 'table', els));
    }
  }

  // Data: one node per entry that starts inside the file, under a `data` node spanning them.
  const dataNodes: FieldNode[] = [];
  const used = new Set<string>();
  for (const e of entries) {
    if (e.dataOffset >= length || e.size === 0) continue;
    let name = e.name || `entry${e.index}`;
    if (used.has(name)) name = `${name}#${e.index}`;
    used.add(name);
    const node: FieldNode = { name, path: '', offset: e.dataOffset, size: Math.min(e.size, length - e.dataOffset), type: 'file', value: undefined, display: `${e.name}: ${e.size} bytes`, role: 'data', missing: undefined, children: undefined, array: undefined };
    if (endKnown && e.dataOffset + e.size > length) node.missing = true;
    dataNodes.push(node);
  }
  if (dataNodes.length > 0) {
    dataNodes.sort((a, b) => a.offset - b.offset);
    const start = dataNodes[0].offset;
    const end = dataNodes.reduce((m, n) => Math.max(m, n.offset + n.size), start);
    // Only when the data does not overlap the tables (otherwise the tree would double-cover bytes).
    if (!overlaps([...headers, [dict, dictEnd]], start, end)) {
      const dataNode = fieldNode('data', start, end - start, 'DataSection', 'data', dataNodes);
      fillGaps(dataNode, bytes);
      children.push(dataNode);
    }
  }
  return finish(ipac);
}

/**
 * Where the PKS headers and dictionary end according to their raw fields (a listing decompresses
 * at least this far before parsing): a header past the bytes asks for the bytes up to its end.
 */
export function pksTablesEnd(bytes: Uint8Array): number {
  let ipac = 0;
  if (isPaks(bytes)) {
    if (bytes.length < PAKS_HEADER_SIZE) return PAKS_HEADER_SIZE;
    ipac = u32le(bytes, 4);
  }
  if (bytes.length < ipac + IPAC_HEADER_SIZE) return ipac + IPAC_HEADER_SIZE;
  if (!isIpac(bytes, ipac)) return ipac + IPAC_HEADER_SIZE;
  const count = u32le(bytes, ipac + 8);
  return count > 0 ? Math.max(ipac + IPAC_HEADER_SIZE, ipac + u32le(bytes, ipac + 4) + count * PKS_ENTRY_SIZE) : ipac + IPAC_HEADER_SIZE;
}

export interface OpenedPks extends PksArchive {
  /** The PKS bytes every offset refers to (decompressed when the input was gzip). */
  bytes: Uint8Array;
  /** Set when the input was gzip-compressed. */
  compressedSize?: number;
}

/** Parses a PKS archive, unwrapping whole-file gzip first when present. Never throws. */
export function openPks(input: Uint8Array, diagnostics: DiagnosticSink, options: InflateOptions = {}): OpenedPks {
  if (isGzip(input)) {
    const bytes = gunzip(input, diagnostics, options);
    return { ...parsePks(bytes, diagnostics), bytes, compressedSize: input.length };
  }
  return { ...parsePks(input, diagnostics), bytes: input };
}

/** The bytes of an entry: a view clamped to the archive. */
export function extractPksEntry(archiveBytes: Uint8Array, entry: PksEntry): Uint8Array {
  if (entry.dataOffset < 0 || entry.dataOffset >= archiveBytes.length) return new Uint8Array(0);
  return archiveBytes.subarray(entry.dataOffset, Math.min(archiveBytes.length, entry.dataOffset + entry.size));
}
