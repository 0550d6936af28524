/**
 * JUTNameTab (FORMATS.md §1): u16 count, u16 padding (0xFFFF), count × {u16 hash, u16 string
 * offset from the table start}, then NUL-terminated strings (Shift-JIS possible).
 * Hash: h = (h·3 + c) & 0xFFFF over the bytes, each byte taken as a signed char.
 *
 * Field tree: `<name>` (JUTNameTab) → `count`, `padding`, `entries[i].hash` / `entries[i].offset`
 * (array), `strings` → `[i]` (one cstring node per entry, at the entry's offset).
 */
import { hex } from '../binary/diagnostics';
import { FieldNode, fieldNode } from '../binary/fields';
import { StructBuilder, recordElement } from '../binary/builder';
import { ChunkContext, fillJ3dGaps } from './container';

/** Longest name read (material names are short); beyond it the string counts as unterminated. */
export const MAX_NAME_LENGTH = 1024;
/** String bytes read per name table at most: keeps hostile tables (65,535 overlapping names) bounded. */
export const NAME_TABLE_BUDGET = 1 << 20;

export const NAME_ENTRY = recordElement('NameTabEntry', [['hash', 'u16'], ['offset', 'u16']]);

/** JUTNameTab hash over bytes[start, end): each byte as a signed char. */
export function nameHash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) {
    const c = bytes[i] >= 0x80 ? bytes[i] - 0x100 : bytes[i];
    h = (h * 3 + c) & 0xFFFF;
  }
  return h;
}

/** Hash of a string's bytes (code units taken as bytes, for ASCII / pre-encoded names). */
export function nameHashOfBytes(data: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i] & 0xFF;
    h = (h * 3 + (b >= 0x80 ? b - 0x100 : b)) & 0xFFFF;
  }
  return h;
}

let sjis: TextDecoder | null | undefined;

/** Decodes name bytes: ASCII as is, otherwise Shift-JIS when available, else `\xNN` escapes. */
export function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let ascii = true;
  for (let i = start; i < end; i++) if (bytes[i] >= 0x80 || bytes[i] < 0x20) { ascii = false; break; }
  if (ascii) {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
    return s;
  }
  if (sjis === undefined) {
    try { sjis = new TextDecoder('shift_jis'); } catch { sjis = null; }
  }
  let s = '';
  if (sjis) {
    s = sjis.decode(bytes.subarray(start, end));
  } else {
    for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
  }
  // Control characters are never part of a real name: make them visible.
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

export interface NameTable {
  node: FieldNode;
  /** One name per entry that fits ('' where the string could not be read). */
  names: string[];
}

interface StringInfo {
  value: string;
  end: number;
  terminated: boolean;
  hash: number;
}

/**
 * Reads the name table at chunk-relative `relOffset` and adds its node to the chunk.
 * `expectedCount` is the group's entry count (a different name count is a warning).
 */
export function readNameTable(ctx: ChunkContext, name: string, relOffset: number, expectedCount: number): NameTable {
  const { bytes, diagnostics, chunk } = ctx;
  const id = chunk.id;
  const start = chunk.start + relOffset;
  const chunkEnd = Math.max(chunk.start + chunk.declaredSize, chunk.end);
  const b = new StructBuilder(bytes, 'big', diagnostics, name, start, 'JUTNameTab', 'names');
  const names: string[] = [];

  if (start + 4 > chunkEnd) {
    diagnostics.error('J3D_TABLE_RANGE', start, 4,
      `${id}: ${name} at ${hex(start)} starts past the end of the chunk at ${hex(chunkEnd)}.`);
  }
  const count = b.u16('count', start);
  b.u16('padding', start + 2, (v) => hex(v));
  if (start + 4 > bytes.length) {
    const node = b.build();
    ctx.b.child(node);
    return { node, names };
  }

  if (count !== expectedCount) {
    diagnostics.warning('J3D_NAME_COUNT', start, 2,
      `${id}: ${name} at ${hex(start)} holds ${count} name(s) but the group has ${expectedCount} entr${expectedCount === 1 ? 'y' : 'ies'}.`);
  }

  const entriesAt = start + 4;
  let fit = count;
  if (entriesAt + count * 4 > bytes.length) {
    fit = Math.max(0, Math.floor((bytes.length - entriesAt) / 4));
    diagnostics.error('TRUNCATED', entriesAt, count * 4,
      `${id}: ${name} entries (${count} × 4 bytes at ${hex(entriesAt)}) run past the end of the data (${hex(bytes.length)} bytes); ${fit} fit.`);
  } else if (entriesAt + count * 4 > chunkEnd) {
    diagnostics.error('J3D_TABLE_RANGE', entriesAt, count * 4,
      `${id}: ${name} entries (${count} × 4 bytes at ${hex(entriesAt)}) run past the end of the chunk at ${hex(chunkEnd)}.`);
  }
  b.array('entries', entriesAt, fit, NAME_ENTRY, 'names');

  const cache = new Map<number, StringInfo>();
  const strings: FieldNode[] = [];
  let budget = NAME_TABLE_BUDGET;
  let budgetReported = false;
  const limit = Math.min(bytes.length, chunkEnd);
  for (let i = 0; i < fit; i++) {
    const e = entriesAt + i * 4;
    const hash = (bytes[e] << 8) | bytes[e + 1];
    const rel = (bytes[e + 2] << 8) | bytes[e + 3];
    const at = start + rel;
    if (at >= limit || rel < 4 + fit * 4) {
      if (at >= limit) {
        ctx.limited.add('error', 'J3D_NAME_OFFSET', e + 2, 2,
          () => `${id}: ${name} entry ${i} at ${hex(e)}: string offset ${hex(rel)} (absolute ${hex(at)}) is outside the chunk (ends at ${hex(limit)}).`);
        names.push('');
        continue;
      }
      // A string inside the table's own header or entries: legal to read, but not a real name.
      ctx.limited.add('warning', 'J3D_NAME_OVERLAP', e + 2, 2,
        () => `${id}: ${name} entry ${i} at ${hex(e)}: string offset ${hex(rel)} points into the name table's own entries.`);
    }
    let info = cache.get(at);
    if (!info) {
      if (budget <= 0) {
        if (!budgetReported) {
          budgetReported = true;
          diagnostics.warning('J3D_NAME_BUDGET', e, 4,
            `${id}: ${name}: more than ${NAME_TABLE_BUDGET} bytes of strings; names from entry ${i} on are not read.`);
        }
        names.push('');
        continue;
      }
      const maxEnd = Math.min(limit, at + MAX_NAME_LENGTH);
      let end = at;
      while (end < maxEnd && bytes[end] !== 0) end++;
      budget -= end - at + 1;
      const terminated = end < limit && bytes[end] === 0;
      info = { value: decodeName(bytes, at, end), end, terminated, hash: nameHash(bytes, at, end) };
      cache.set(at, info);
    }
    names.push(info.value);
    const size = info.end - at + (info.terminated ? 1 : 0);
    const node: FieldNode = { name: `[${i}]`, path: '', offset: at, size, type: 'cstring', value: info.value, display: undefined, role: 'names', missing: undefined, children: undefined, array: undefined };
    strings.push(node);
    if (!info.terminated) {
      const s = info;
      ctx.limited.add('warning', 'J3D_NAME_UNTERMINATED', at, size,
        () => `${id}: ${name} string ${i} at ${hex(at)} has no terminating NUL within ${s.end - at} bytes (before ${hex(s.end)}).`);
    }
    if (info.hash !== hash) {
      const s = info;
      ctx.limited.add('warning', 'J3D_NAME_HASH', e, 2,
        () => `${id}: ${name} entry ${i} at ${hex(e)}: hash ${hex(hash, 4)} does not match ${JSON.stringify(s.value)} (computed ${hex(s.hash, 4)}).`);
    }
  }
  if (strings.length > 0) {
    let lo = Infinity;
    let hi = 0;
    for (const s of strings) { lo = Math.min(lo, s.offset); hi = Math.max(hi, s.offset + s.size); }
    const stringsNode = fieldNode('strings', lo, hi - lo, `cstring[${strings.length}]`, 'names', strings);
    fillJ3dGaps(stringsNode, bytes);
    b.child(stringsNode);
  }
  const node = b.build();
  fillJ3dGaps(node, bytes);
  ctx.b.child(node);
  return { node, names };
}

/**
 * The names of a group (BTK entries, BRK register/konstant entries). The count decides: an
 * empty group's name table is shown when its offset leads to an empty table inside the chunk
 * and is otherwise ignored without complaint; a non-empty group with offset 0 has no names (error).
 */
export function readGroupNames(ctx: ChunkContext, name: string, relOffset: number, count: number, offsetFieldAt: number): string[] {
  if (count === 0) {
    const at = ctx.chunk.start + relOffset;
    if (relOffset === 0 || relOffset + 4 > ctx.chunk.declaredSize || at + 4 > ctx.bytes.length) return [];
    // Only an empty table (`00 00 FF FF`) is shown: anything else is not this group's.
    if (ctx.bytes[at] !== 0 || ctx.bytes[at + 1] !== 0) return [];
    return readNameTable(ctx, name, relOffset, 0).names;
  }
  if (relOffset === 0) {
    ctx.diagnostics.error('J3D_TABLE_RANGE', offsetFieldAt, 4,
      `${ctx.chunk.id}: ${name} offset at ${hex(offsetFieldAt)} is 0 but the group has ${count} entries; their names are unknown.`);
    return [];
  }
  return readNameTable(ctx, name, relOffset, count).names;
}
