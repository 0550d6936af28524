import { DiagnosticSink, hex } from './diagnostics';
import { keepShape } from '../../runtime/shapes';
import {
  ArrayLayout, ElementLayout, Endian, FieldNode, fieldNode, FieldRole, SCALAR_SIZE, ScalarType, readFixedString, readScalar,
} from './fields';

/** scalarElement's layouts, one per type. */
const SCALAR_ELEMENTS = new Map<ScalarType, ElementLayout>();

/**
 * Builds one structure node of the field tree while reading it: every read records a child
 * node with its span. Reads never throw: a field past the end of the bytes is recorded as
 * `missing`, reads as 0, and produces one TRUNCATED diagnostic per structure.
 */
export class StructBuilder {
  readonly children: FieldNode[] = [];
  private truncatedReported = false;

  constructor(
    readonly bytes: Uint8Array,
    readonly endian: Endian,
    readonly diagnostics: DiagnosticSink,
    readonly name: string,
    readonly offset: number,
    readonly type: string,
    readonly role: FieldRole = 'header',
  ) {}

  fits(offset: number, size: number): boolean {
    return offset >= 0 && size >= 0 && offset + size <= this.bytes.length;
  }

  private reportTruncated(offset: number, size: number, what: string): void {
    if (this.truncatedReported) return;
    this.truncatedReported = true;
    this.diagnostics.error('TRUNCATED', offset, size,
      `${this.name}: ${what} at ${hex(offset)} runs past the end of the data (${hex(this.bytes.length)} bytes).`);
  }

  /** Reads a scalar field and records it; 0 when it does not fit. */
  scalar(name: string, offset: number, type: ScalarType, display?: (value: number) => string | undefined): number {
    const size = SCALAR_SIZE[type];
    const value = readScalar(this.bytes, offset, type, this.endian);
    const node = fieldNode(name, offset, size, type, this.role);
    if (value === undefined) {
      node.missing = true;
      this.reportTruncated(offset, size, `field ${name}`);
    } else {
      node.value = value;
      const shown = display?.(value);
      if (shown !== undefined) node.display = shown;
    }
    this.children.push(node);
    return value ?? 0;
  }

  u8(name: string, offset: number, display?: (v: number) => string | undefined): number { return this.scalar(name, offset, 'u8', display); }
  u16(name: string, offset: number, display?: (v: number) => string | undefined): number { return this.scalar(name, offset, 'u16', display); }
  s16(name: string, offset: number, display?: (v: number) => string | undefined): number { return this.scalar(name, offset, 's16', display); }
  u32(name: string, offset: number, display?: (v: number) => string | undefined): number { return this.scalar(name, offset, 'u32', display); }
  f32(name: string, offset: number): number { return this.scalar(name, offset, 'f32'); }

  /** Fixed-size character field such as a magic (`char[4]`). */
  chars(name: string, offset: number, length: number): string {
    const node = fieldNode(name, offset, length, `char[${length}]`, this.role);
    if (!this.fits(offset, length)) {
      node.missing = true;
      this.reportTruncated(offset, length, `field ${name}`);
    }
    const value = readFixedString(this.bytes, offset, length);
    node.value = value;
    this.children.push(node);
    return value;
  }

  /** Raw bytes kept as a region (reserved fields, padding, unknown data). */
  bytesField(name: string, offset: number, size: number, role: FieldRole, type = 'bytes'): FieldNode {
    const node = fieldNode(name, offset, size, type, role);
    if (!this.fits(offset, size)) node.missing = true;
    this.children.push(node);
    return node;
  }

  /**
   * A uniform array; elements are resolved on demand. The count is cut to the elements
   * that fit in the bytes (with a TRUNCATED diagnostic), so nothing downstream reads past the end.
   */
  array(name: string, offset: number, count: number, element: ElementLayout, role: FieldRole, stride = element.size): FieldNode {
    let fitting = count;
    if (count > 0 && !this.fits(offset, count * stride)) {
      fitting = offset < 0 || offset >= this.bytes.length ? 0 : Math.max(0, Math.floor((this.bytes.length - offset) / stride));
      this.diagnostics.error('TRUNCATED', offset, count * stride,
        `${name}: ${count} × ${stride} bytes at ${hex(offset)} run past the end of the data; ${fitting} fit.`);
    }
    const layout: ArrayLayout = { count: fitting, stride, element, endian: this.endian };
    const node = fieldNode(name, offset, fitting * stride, `${element.type}[${fitting}]`, role);
    node.array = layout;
    this.children.push(node);
    return node;
  }

  child(node: FieldNode): FieldNode {
    this.children.push(node);
    return node;
  }

  /** The finished node; its size spans from `offset` to the end of the furthest child unless given. */
  build(size?: number): FieldNode {
    const end = this.children.reduce((m, c) => Math.max(m, c.offset + c.size), this.offset);
    // Empty tables (count 0, often offset 0) go after the fields instead of before them.
    const node = fieldNode(this.name, this.offset, size ?? end - this.offset, this.type, this.role);
    node.children = sortInPlace(this.children, byOffsetEmptyLast);
    return node;
  }
}

// A builder and one node of each shape it makes, kept alive (see shapes.ts).
{
  const b = keepShape(new StructBuilder(new Uint8Array(2), 'big', new DiagnosticSink(), '', 0, ''));
  b.u8('', 0, String);
  b.u8('', 0);
  b.u32('', 0);
  b.chars('', 0, 1);
  b.chars('', 0, 4);
  b.bytesField('', 0, 1, 'header');
  b.array('', 0, 1, scalarElement('u8'), 'table');
  keepShape(b.build());
}

/**
 * `list` sorted by `order` in place; a list already in order is left alone without calling sort,
 * which allocates a work array even then (most children arrive in order: 3 MB of motion.bin's
 * decode was sorting).
 */
export function sortInPlace<T>(list: T[], order: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++) if (order(list[i - 1], list[i]) > 0) return list.sort(order);
  return list;
}

const byOffset = (a: FieldNode, b: FieldNode): number => a.offset - b.offset;

/** Field order: by offset, but empty tables (count 0, often offset 0) after the fields, not before them. */
export function byOffsetEmptyLast(a: FieldNode, b: FieldNode): number {
  return Number(a.size === 0) - Number(b.size === 0) || a.offset - b.offset;
}

/** Element layout for a scalar array (`rotationBank` of s16 …). */
export function scalarElement(type: ScalarType): ElementLayout {
  // one object per type (layouts are never changed): the tree packer knows it again without writing it out
  let layout = SCALAR_ELEMENTS.get(type);
  if (!layout) SCALAR_ELEMENTS.set(type, (layout = { name: 'value', offset: 0, size: SCALAR_SIZE[type], type }));
  return layout;
}

/** Element layout for a record of consecutive scalars. */
export function recordElement(type: string, fields: [name: string, type: ScalarType][]): ElementLayout {
  let offset = 0;
  const layouts = fields.map(([name, t]) => {
    const f: ElementLayout = { name, offset, size: SCALAR_SIZE[t], type: t };
    offset += SCALAR_SIZE[t];
    return f;
  });
  return { name: 'element', offset: 0, size: offset, type, fields: layouts };
}

/** Element layout made of consecutive sub-structures (a joint = 9 key table entries). */
export function compositeElement(type: string, parts: [name: string, layout: ElementLayout][]): ElementLayout {
  let offset = 0;
  const fields = parts.map(([name, layout]) => {
    const f: ElementLayout = { ...layout, name, offset };
    offset += layout.size;
    return f;
  });
  return { name: 'element', offset: 0, size: offset, type, fields };
}

/**
 * `children` (in offset order) and `gaps` (in offset order, none empty) in field order, as a stable
 * byOffsetEmptyLast sort of children-then-gaps would give, in one pass.
 */
function mergeGaps(children: FieldNode[], gaps: FieldNode[]): FieldNode[] {
  const merged: FieldNode[] = [];
  const empty: FieldNode[] = [];
  let g = 0;
  for (const c of children) {
    if (c.size === 0) { empty.push(c); continue; }
    while (g < gaps.length && gaps[g].offset < c.offset) merged.push(gaps[g++]);
    merged.push(c);
  }
  while (g < gaps.length) merged.push(gaps[g++]);
  for (const e of empty) merged.push(e);
  return merged;
}

const PADDING_TEXT = 'This is padding data to align';

/** Classifies a gap: padding (fill bytes, padding text) or unknown. */
export function classifyGap(bytes: Uint8Array, start: number, end: number): FieldRole {
  if (end <= start) return 'padding';
  const first = bytes[start];
  let uniform = true;
  for (let i = start + 1; i < end && uniform; i++) uniform = bytes[i] === first;
  if (uniform && (first === 0x00 || first === 0xff || first === 0xcd)) return 'padding';
  const text = readFixedString(bytes, start, Math.min(end - start, PADDING_TEXT.length));
  if (text.length >= 4 && PADDING_TEXT.startsWith(text.slice(0, Math.min(text.length, PADDING_TEXT.length)))) return 'padding';
  return 'unknown';
}

/**
 * Adds explicit padding/unknown nodes for the bytes of `[start, end)` that no child of `node`
 * covers, so every byte of the file is attributable.
 */
export function fillGaps(node: FieldNode, bytes: Uint8Array, start = node.offset, end = node.offset + node.size): FieldNode {
  const children = sortInPlace([...(node.children ?? [])], byOffset);
  const gaps: FieldNode[] = [];
  let pos = start;
  const limit = Math.min(end, bytes.length);
  for (const c of children) {
    if (c.offset > pos && pos < limit) {
      const gapEnd = Math.min(c.offset, limit);
      const role = classifyGap(bytes, pos, gapEnd);
      gaps.push(fieldNode(`${role}@${hex(pos)}`, pos, gapEnd - pos, role, role));
    }
    pos = Math.max(pos, c.offset + c.size);
  }
  if (pos < limit) {
    const role = classifyGap(bytes, pos, limit);
    gaps.push(fieldNode(`${role}@${hex(pos)}`, pos, limit - pos, role, role));
  }
  node.children = gaps.length ? mergeGaps(children, gaps) : sortInPlace(children, byOffsetEmptyLast);
  return node;
}
