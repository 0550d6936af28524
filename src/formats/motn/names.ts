/** MOTN names: the NUL-terminated names of the name offset table, and the closing build date. */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, fieldNode } from '../binary/fields';
import { u32le } from './header';

/** Longest name kept; a hostile offset must not make us walk megabytes per name. */
export const MAX_NAME_LENGTH = 255;

export interface NameList {
  /** Name of table index i (undefined when its offset is outside the file). */
  list: (string | undefined)[];
  node?: FieldNode;
  /** First byte of the names (Infinity when none). */
  start: number;
}

function text(bytes: Uint8Array, start: number, end: number): string {
  let plain = true;
  for (let i = start; i < end && plain; i++) plain = bytes[i] >= 0x20 && bytes[i] < 0x7f;
  if (plain) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  let s = '';
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    s += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '\\x' + c.toString(16).padStart(2, '0');
  }
  return s;
}

export function readNames(bytes: Uint8Array, diagnostics: DiagnosticSink, tableOffset: number, count: number): NameList {
  const len = bytes.length;
  const list: (string | undefined)[] = new Array(count);
  const nodes: FieldNode[] = [];
  let outside = 0;
  let unterminated = 0;
  for (let i = 0; i < count; i++) {
    const at = tableOffset + 4 * i;
    const offset = u32le(bytes, at);
    if (offset >= len) {
      if (outside++ < 8) diagnostics.error('MOTN_NAME_OFFSET', at, 4, `Name offset ${i} at ${hex(at)} = ${hex(offset)} is past the end of the file (${hex(len)}).`);
      continue;
    }
    const limit = Math.min(len, offset + MAX_NAME_LENGTH + 1);
    let end = offset;
    while (end < limit && bytes[end] !== 0) end++;
    const terminated = end < limit;
    if (!terminated && unterminated++ < 8) {
      diagnostics.error('MOTN_NAME_OFFSET', offset, end - offset, `Name ${i} at ${hex(offset)} has no terminating NUL within ${end - offset} bytes.`);
    }
    const name = text(bytes, offset, end);
    list[i] = name;
    nodes.push({ name: `[${i}]`, path: '', offset, size: end - offset + (terminated ? 1 : 0), type: 'cstring', value: name, display: undefined, role: 'names', missing: undefined, children: undefined, array: undefined });
  }
  if (outside > 8) diagnostics.error('MOTN_NAME_OFFSET', tableOffset, 4 * count, `${outside} name offsets in total are past the end of the file.`);
  if (unterminated > 8) diagnostics.error('MOTN_NAME_OFFSET', tableOffset, 4 * count, `${unterminated} names in total have no terminating NUL.`);
  if (!nodes.length) return { list, start: Infinity };
  nodes.sort((a, b) => a.offset - b.offset);
  const start = nodes[0].offset;
  const end = nodes.reduce((m, n) => Math.max(m, n.offset + n.size), start);
  return { list, start, node: fieldNode('names', start, end - start, `cstring[${nodes.length}]`, 'names', nodes) };
}

export interface BuildDate {
  offset: number;
  /** Bytes including the NUL when there is one. */
  size: number;
  /** As stored (motion.bin: `Fri Nov 12 16:10:23 1999\n`). */
  text: string;
}

const CTIME = /[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]?\d \d\d:\d\d:\d\d \d{4}/;

function printable(c: number): boolean {
  return (c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The build date closing the file: the text before the trailing NULs. Halves are often
 * printable, so without `from` the text must look like a C `ctime` date; with `from` (the end
 * of the last sequence) any printable text from there to a NUL counts.
 */
export function findBuildDate(bytes: Uint8Array, floor: number, from?: number): BuildDate | undefined {
  let end = bytes.length;
  while (end > floor && bytes[end - 1] === 0) end--;
  if (end <= floor) return undefined;
  const nul = end < bytes.length ? 1 : 0;
  if (from !== undefined) {
    if (from >= end || from < floor || end - from > 64) return undefined;
    for (let i = from; i < end; i++) if (!printable(bytes[i])) return undefined;
    return { offset: from, size: end - from + nul, text: text(bytes, from, end).replace(/\\x0a/g, '\n').replace(/\\x0d/g, '\r').replace(/\\x09/g, '\t') };
  }
  let start = end;
  while (start > floor && end - start < 64 && printable(bytes[start - 1])) start--;
  const run = String.fromCharCode(...bytes.subarray(start, end));
  const m = CTIME.exec(run);
  if (!m) return undefined;
  return { offset: start + m.index, size: end - start - m.index + nul, text: run.slice(m.index) };
}
