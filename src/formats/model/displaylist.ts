/**
 * GX display lists of SHP1 packets (FORMATS.md §10.8): primitives → one vertex stream per shape
 * plus triangle/line/point index lists.
 *
 * Field tree per packet: `packetN` (the list's bytes) → `primitiveK` (opcode u8, vertexCount
 * u16, `vertices` array of Vertex records laid out by the shape's descriptor: `POS`, `NRM`,
 * `PNMTXIDX` …) and the zero padding. Beyond MAX_PRIMITIVE_NODES primitives per model the
 * rest of a list is one `data` node (still decoded, just not listed).
 */
import { hex } from '../binary/diagnostics';
import type { ElementLayout, FieldNode } from '../binary/fields';
import { attributeName } from './vtx1';
import type { ShapeAttribute } from './types';

export enum GxPrimitive {
  Quads = 0x80,
  Triangles = 0x90,
  TriangleStrip = 0x98,
  TriangleFan = 0xA0,
  Lines = 0xA8,
  LineStrip = 0xB0,
  Points = 0xB8,
}

export const PRIMITIVE_NAMES: Record<number, string> = {
  [GxPrimitive.Quads]: 'quads',
  [GxPrimitive.Triangles]: 'triangles',
  [GxPrimitive.TriangleStrip]: 'triangle strip',
  [GxPrimitive.TriangleFan]: 'triangle fan',
  [GxPrimitive.Lines]: 'lines',
  [GxPrimitive.LineStrip]: 'line strip',
  [GxPrimitive.Points]: 'points',
};

/** Descriptor types (u32 per attribute). */
export enum AttributeType {
  None = 0,
  Direct = 1,
  Index8 = 2,
  Index16 = 3,
}

/** Explicit primitive nodes per model; past it the lists are still decoded but not listed. */
export const MAX_PRIMITIVE_NODES = 20000;

export interface Primitive {
  opcode: number;
  /** Absolute offset of the opcode byte. */
  offset: number;
  vertexCount: number;
}

export interface VertexLayout {
  /** Bytes per vertex. */
  size: number;
  /** Per descriptor entry: byte offset in the vertex and its size (0 for none). */
  fields: { attribute: number; type: number; offset: number; size: number }[];
  element: ElementLayout;
}

/**
 * Bytes of each descriptor entry in a vertex. `directSize(attribute)` gives the size of a direct
 * (raw data) attribute other than a matrix index (from its VTX1 format), undefined when unknown.
 */
export function vertexLayout(attributes: ShapeAttribute[], directSize: (attribute: number) => number | undefined): VertexLayout | string {
  let offset = 0;
  const fields: VertexLayout['fields'] = [];
  const layouts: ElementLayout[] = [];
  for (const a of attributes) {
    let size: number;
    if (a.type === AttributeType.None) size = 0;
    else if (a.type === AttributeType.Index8) size = 1;
    else if (a.type === AttributeType.Index16) size = 2;
    else if (a.type === AttributeType.Direct) {
      if (a.attribute <= 8) size = 1;
      else {
        const d = directSize(a.attribute);
        if (d === undefined) return `${attributeName(a.attribute)} is stored direct and its VTX1 format is unknown, so its size is unknown`;
        size = d;
      }
    } else return `${attributeName(a.attribute)} has descriptor type ${a.type} (not 0 none, 1 direct, 2 index8, 3 index16)`;
    fields.push({ attribute: a.attribute, type: a.type, offset, size });
    if (size > 0) {
      const type = size === 1 ? 'u8' : size === 2 ? 'u16' : 'bytes';
      layouts.push({ name: attributeName(a.attribute), offset, size, type });
    }
    offset += size;
  }
  return { size: offset, fields, element: { name: 'element', offset: 0, size: offset, type: 'Vertex', fields: layouts } };
}

export interface ListReport {
  error(code: string, offset: number, length: number, message: () => string): void;
}

/**
 * Splits one display list into primitives. Stops at the end of the list (zero padding = NOP),
 * at an unknown opcode (MDL_DISPLAY_LIST) or at a primitive that runs past the list.
 * `maxVertices` bounds the vertices accepted (the model's budget).
 */
export function splitPrimitives(
  bytes: Uint8Array, start: number, end: number, vertexSize: number, maxVertices: number, report: ListReport,
): { primitives: Primitive[]; end: number; vertices: number; budgetHit: boolean } {
  const primitives: Primitive[] = [];
  let p = start;
  let vertices = 0;
  let budgetHit = false;
  // Every vertex costs at least one byte here, so a list of size-0 vertices cannot claim millions.
  const stride = Math.max(1, vertexSize);
  while (p < end) {
    const op = bytes[p];
    if (op === 0) { p++; continue; }
    const kind = op & 0xF8;
    if (!(kind in PRIMITIVE_NAMES)) {
      const at = p;
      report.error('MDL_DISPLAY_LIST', at, 1, () => `display list: unknown opcode ${hex(op, 2)} at ${hex(at)} (expected 0x80 … 0xB8 or 0x00 padding); the rest of the list is not read.`);
      break;
    }
    if (p + 3 > end) {
      const at = p;
      report.error('MDL_DISPLAY_LIST', at, end - at, () => `display list: primitive at ${hex(at)} has no room for its vertex count before the list ends at ${hex(end)}.`);
      break;
    }
    const count = (bytes[p + 1] << 8) | bytes[p + 2];
    if (p + 3 + count * stride > end) {
      const at = p;
      report.error('MDL_DISPLAY_LIST', at, end - at, () => `display list: ${PRIMITIVE_NAMES[kind]} at ${hex(at)} has ${count} vertices × ${vertexSize} bytes, past the end of the list at ${hex(end)}; the rest of the list is not read.`);
      break;
    }
    if (vertices + count > maxVertices) {
      budgetHit = true;
      break;
    }
    primitives.push({ opcode: op, offset: p, vertexCount: count });
    vertices += count;
    p += 3 + count * vertexSize;
  }
  return { primitives, end: p, vertices, budgetHit };
}

/** Number of indices a primitive adds to the triangle / line / point lists. */
export function primitiveIndexCounts(opcode: number, n: number): { triangles: number; lines: number; points: number } {
  switch (opcode & 0xF8) {
    case GxPrimitive.Quads: return { triangles: Math.floor(n / 4) * 6, lines: 0, points: 0 };
    case GxPrimitive.Triangles: return { triangles: Math.floor(n / 3) * 3, lines: 0, points: 0 };
    case GxPrimitive.TriangleStrip:
    case GxPrimitive.TriangleFan: return { triangles: Math.max(0, n - 2) * 3, lines: 0, points: 0 };
    case GxPrimitive.Lines: return { triangles: 0, lines: Math.floor(n / 2) * 2, points: 0 };
    case GxPrimitive.LineStrip: return { triangles: 0, lines: Math.max(0, n - 1) * 2, points: 0 };
    default: return { triangles: 0, lines: 0, points: n };
  }
}

/**
 * Writes the primitive's indices (`first` = its first stream vertex) into the lists at the given
 * positions; returns the new positions. Strips swap the first two of every odd triangle, so all
 * triangles keep the GX winding (front faces clockwise).
 */
export function writePrimitiveIndices(
  opcode: number, n: number, first: number,
  tris: Uint32Array, t: number, lines: Uint32Array, l: number, points: Uint32Array, q: number,
): [number, number, number] {
  switch (opcode & 0xF8) {
    case GxPrimitive.Quads:
      for (let i = 0; i + 3 < n; i += 4) {
        const a = first + i;
        tris[t++] = a; tris[t++] = a + 1; tris[t++] = a + 2;
        tris[t++] = a + 2; tris[t++] = a + 3; tris[t++] = a;
      }
      break;
    case GxPrimitive.Triangles:
      for (let i = 0; i + 2 < n; i += 3) { tris[t++] = first + i; tris[t++] = first + i + 1; tris[t++] = first + i + 2; }
      break;
    case GxPrimitive.TriangleStrip:
      for (let i = 0; i + 2 < n; i++) {
        if (i & 1) { tris[t++] = first + i + 1; tris[t++] = first + i; } else { tris[t++] = first + i; tris[t++] = first + i + 1; }
        tris[t++] = first + i + 2;
      }
      break;
    case GxPrimitive.TriangleFan:
      for (let i = 0; i + 2 < n; i++) { tris[t++] = first; tris[t++] = first + i + 1; tris[t++] = first + i + 2; }
      break;
    case GxPrimitive.Lines:
      for (let i = 0; i + 1 < n; i += 2) { lines[l++] = first + i; lines[l++] = first + i + 1; }
      break;
    case GxPrimitive.LineStrip:
      for (let i = 0; i + 1 < n; i++) { lines[l++] = first + i; lines[l++] = first + i + 1; }
      break;
    default:
      for (let i = 0; i < n; i++) points[q++] = first + i;
  }
  return [t, l, q];
}

/** Field nodes of one decoded list (explicit primitives while `nodeBudget` lasts). */
export function listNodes(
  bytes: Uint8Array, name: string, start: number, size: number, listEnd: number, primitives: Primitive[], layout: VertexLayout, nodeBudget: { left: number },
): FieldNode {
  const children: FieldNode[] = [];
  let listed = 0;
  let previousEnd = start;
  for (const prim of primitives) {
    if (nodeBudget.left <= 0) break;
    nodeBudget.left--;
    if (prim.offset > previousEnd) {
      children.push({ name: `nop${listed}`, path: '', offset: previousEnd, size: prim.offset - previousEnd, type: 'bytes', value: undefined, display: 'NOP (0x00) bytes between primitives', role: 'padding', missing: undefined, children: undefined, array: undefined });
    }
    previousEnd = prim.offset + 3 + prim.vertexCount * layout.size;
    const vertices: FieldNode = {
      name: 'vertices',
      path: '',
      offset: prim.offset + 3,
      size: prim.vertexCount * layout.size,
      type: `Vertex[${prim.vertexCount}]`,
      value: undefined,
      display: undefined,
      role: 'data',
      missing: undefined,
      children: undefined,
      array: { count: prim.vertexCount, stride: layout.size, element: layout.element, endian: 'big' },
    };
    children.push({
      name: `primitive${listed}`,
      path: '',
      offset: prim.offset,
      size: 3 + prim.vertexCount * layout.size,
      type: 'Primitive',
      value: undefined,
      display: `${PRIMITIVE_NAMES[prim.opcode & 0xF8]}, ${prim.vertexCount} vertices`,
      role: 'data',
      missing: undefined,
      children: [
        { name: 'opcode', path: '', offset: prim.offset, size: 1, type: 'u8', value: undefined, display: `${hex(prim.opcode, 2)} ${PRIMITIVE_NAMES[prim.opcode & 0xF8]}`, role: 'data', missing: undefined, children: undefined, array: undefined },
        { name: 'vertexCount', path: '', offset: prim.offset + 1, size: 2, type: 'u16', value: prim.vertexCount, display: undefined, role: 'data', missing: undefined, children: undefined, array: undefined },
        vertices,
      ],
      array: undefined,
    });
    listed++;
  }
  const listedEnd = children.length ? children[children.length - 1].offset + children[children.length - 1].size : start;
  if (listed < primitives.length) {
    children.push({
      name: 'more',
      path: '',
      offset: listedEnd,
      size: listEnd - listedEnd,
      type: 'bytes',
      value: undefined,
      display: `${primitives.length - listed} more primitive(s), decoded but not listed (${MAX_PRIMITIVE_NODES} primitives per model are listed)`,
      role: 'data',
      missing: undefined,
      children: undefined,
      array: undefined,
    });
  }
  const tail = Math.max(listedEnd, listed < primitives.length ? listEnd : listedEnd);
  if (tail < start + size) {
    let zero = true;
    for (let i = tail; i < start + size && zero; i++) zero = bytes[i] === 0;
    children.push(zero
      ? { name: 'padding', path: '', offset: tail, size: start + size - tail, type: 'bytes', value: undefined, display: 'NOP (0x00) padding to 32 bytes', role: 'padding', missing: undefined, children: undefined, array: undefined }
      : { name: 'unread', path: '', offset: tail, size: start + size - tail, type: 'bytes', value: undefined, display: 'not read (the list stopped before it: see the diagnostics)', role: 'unknown', missing: undefined, children: undefined, array: undefined });
  }
  return { name, path: '', offset: start, size, type: 'DisplayList', value: undefined, display: `${primitives.length} primitive(s)`, role: 'data', missing: undefined, children, array: undefined };
}
