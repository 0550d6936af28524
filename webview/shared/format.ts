/** Formatting for offsets, bytes and field values. Pure (no DOM). */
import type { FieldNode, FieldRole } from '../../src/formats/binary/fields';
import { plural } from '../../src/formats/binary/text';

const HEX2: string[] = [];
const ASCII: string[] = [];
for (let b = 0; b < 256; b++) {
  HEX2.push(b.toString(16).toUpperCase().padStart(2, '0'));
  ASCII.push(b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.');
}

/** `2A` for a byte. Precomputed: no allocation while rendering. */
export function hexByte(b: number): string {
  return HEX2[b & 0xff];
}

/** The printable ASCII character of a byte, `.` otherwise. */
export function asciiByte(b: number): string {
  return ASCII[b & 0xff];
}

/** `0x0000002A` (at least 8 digits). */
export function hexOffset(n: number, width = 8): string {
  return '0x' + n.toString(16).toUpperCase().padStart(width, '0');
}

/** `0x2A` (no padding). */
export function hexShort(n: number): string {
  return '0x' + n.toString(16).toUpperCase();
}

/** `0x2A (42)`. */
export function offsetBoth(n: number): string {
  return `${hexShort(n)} (${n})`;
}

/** What a field past the page's bytes says while the rest of a big file arrives (LoadedFile.partial). */
export const ARRIVING = '(arriving: the rest of the file is on its way)';

/** Whether `node` lacks its bytes only because the page has the file's start so far (`wholeLength`: the file's). */
export function isArriving(node: FieldNode, wholeLength: number | undefined): boolean {
  return !!node.missing && wholeLength !== undefined && node.offset + node.size <= wholeLength;
}

/**
 * `1A 2B 3C …` (at most `max` bytes, then an ellipsis). `wholeLength`: the file's, when `bytes` are
 * only its start (LoadedFile.partial).
 */
export function rawBytes(bytes: Uint8Array, offset: number, size: number, max = 32, wholeLength = bytes.length): string {
  const end = Math.min(bytes.length, offset + Math.min(size, max));
  const parts: string[] = [];
  for (let i = Math.max(0, offset); i < end; i++) parts.push(HEX2[bytes[i]]);
  let s = parts.join(' ');
  if (size > max && offset + max < bytes.length) s += ' …';
  const shownEnd = offset + Math.min(size, max);
  if (shownEnd > bytes.length) s += (s ? ' ' : '') + (shownEnd <= wholeLength ? '(arriving)' : '(past end of data)');
  return s;
}

export function formatNumber(v: number, type: string): string {
  if (type === 'f32' || type === 'f16') {
    if (!Number.isFinite(v)) return String(v);
    if (v === 0) return '0';
    const a = Math.abs(v);
    if (a >= 1e7 || a < 1e-5) return v.toExponential(6);
    return String(Number(v.toPrecision(7)));
  }
  return String(v);
}

/** Strings are quoted (JSON-style escapes), so `""` and `" "` are visible. */
export function quote(s: string): string {
  return JSON.stringify(s);
}

/** What the Value column shows: `display` when present, else the value (strings quoted). */
export function formatValue(node: FieldNode, wholeLength?: number): string {
  if (node.missing) return isArriving(node, wholeLength) ? ARRIVING : '(missing: past the end of the data)';
  if (node.display !== undefined) {
    if (typeof node.value === 'string' && node.display === node.value) return quote(node.value);
    return node.display;
  }
  if (typeof node.value === 'string') return quote(node.value);
  if (typeof node.value === 'number') return formatNumber(node.value, node.type);
  if (node.array) return `${node.array.count} × ${node.array.stride} bytes`;
  if (node.children && node.children.length > 0 && node.children.length <= 6
    && node.children.every((c) => !c.children && !c.array && c.value !== undefined)) {
    // A small record (a key table entry): `count 1 · index 0 · tangentMode 0`.
    return node.children.map((c) => `${c.name} ${typeof c.value === 'string' ? quote(c.value) : formatNumber(c.value as number, c.type)}`).join(' · ');
  }
  return '';
}

/** The decoded value for the hover card: value and display when both say something. */
export function formatDecoded(node: FieldNode, wholeLength?: number): string {
  if (node.missing) return formatValue(node, wholeLength);
  const v = node.value === undefined ? undefined
    : typeof node.value === 'string' ? quote(node.value) : formatNumber(node.value, node.type);
  if (v !== undefined && node.display !== undefined && node.display !== node.value && node.display !== v) return `${v} — ${node.display}`;
  if (v !== undefined) return v;
  return formatValue(node);
}

export function formatSize(n: number): string {
  return plural(n, 'byte');
}

export const ROLES: readonly FieldRole[] = ['header', 'table', 'bank', 'names', 'data', 'padding', 'unknown'];

/** Role as a small integer (0 = none) for compact per-byte maps. */
export function roleCode(role: FieldRole | undefined): number {
  return role ? ROLES.indexOf(role) + 1 : 0;
}

export function roleLabel(role: FieldRole | undefined): string {
  return role ?? 'none';
}
