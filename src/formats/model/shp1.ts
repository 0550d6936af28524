/**
 * SHP1 — shapes (FORMATS.md §10.7) and their GX display lists (§10.8).
 *
 * Field tree: `SHP1` → id, size, shapeCount, padding, the eight table offsets, `shapes`
 * (0x28-byte ShapeRecord records), `remapTable`, `nameTable` (when present), one
 * `descriptors@0xNN` array per vertex-descriptor list (AttributeDescriptor records up to the
 * 0xFF end), `matrixTable` (u16 DRW1 indices), `matrixGroups` (8-byte records), `drawRecords`
 * (8-byte records) and `displayLists` → `shapeN` → `packetM` (see displaylist.ts).
 *
 * Decoding gives, per shape, one vertex stream with every display-list vertex in order (packet
 * by packet, primitive by primitive), the VTX1 values looked up, each vertex's matrix slot and
 * DRW1 index (the packet's slot table, with 0xFFFF = keep the earlier packet's matrix), and
 * triangle/line/point index lists into the stream.
 */
import { hex } from '../binary/diagnostics';
import { FieldNode, fieldNode } from '../binary/fields';
import { recordElement, scalarElement } from '../binary/builder';
import { ChunkContext, fillJ3dGaps } from '../jsystem/container';
import { readU16, readU32 } from '../jsystem/banks';
import { readGroupNames } from '../jsystem/nametable';
import { boundedCount } from './bounds';
import {
  AttributeType, listNodes, MAX_PRIMITIVE_NODES, Primitive, primitiveIndexCounts, splitPrimitives, vertexLayout,
  VertexLayout, writePrimitiveIndices,
} from './displaylist';
import { attributeName } from './vtx1';
import { ModelShape, ShapeAttribute, ShapeMatrixType, ShapePacket, VertexArray, VertexArrays, VertexAttribute } from './types';

export const SHP1_HEADER_SIZE = 0x2C;
export const SHAPE_RECORD_SIZE = 0x28;
/** Matrix slots of a packet (GX position matrix memory holds 10). */
export const MATRIX_SLOTS = 10;
/** Display-list vertices decoded per model at most (MDL_BUDGET past it). */
export const MAX_STREAM_VERTICES = 1 << 21;

const SHAPE_RECORD = recordElement('ShapeRecord', [
  ['matrixType', 'u8'], ['padding', 'u8'], ['packetCount', 'u16'], ['descriptorOffset', 'u16'],
  ['firstMatrixGroup', 'u16'], ['firstDrawRecord', 'u16'], ['padding2', 'u16'], ['boundingRadius', 'f32'],
  ['bboxMinX', 'f32'], ['bboxMinY', 'f32'], ['bboxMinZ', 'f32'], ['bboxMaxX', 'f32'], ['bboxMaxY', 'f32'], ['bboxMaxZ', 'f32'],
]);
const DESCRIPTOR = recordElement('AttributeDescriptor', [['attribute', 'u32'], ['type', 'u32']]);
const MATRIX_GROUP = recordElement('MatrixGroup', [['drawMatrixIndex', 'u16'], ['slotCount', 'u16'], ['firstEntry', 'u32']]);
const DRAW_RECORD = recordElement('DrawRecord', [['displayListSize', 'u32'], ['displayListOffset', 'u32']]);

const MATRIX_TYPES: Record<number, string> = {
  [ShapeMatrixType.Single]: 'single matrix',
  [ShapeMatrixType.Billboard]: 'billboard',
  [ShapeMatrixType.BillboardY]: 'Y billboard',
  [ShapeMatrixType.Multi]: 'multi matrix',
};

export interface Shp1Budget {
  /** Stream vertices left for this model. */
  vertices: number;
  /** Explicit primitive nodes left. */
  nodes: { left: number };
  /**
   * Bytes of SHP1 structure left to read: every shape costs its record (0x28), every packet its
   * matrix group and draw record (16), every descriptor list its entries (8 each) and every
   * display list its size. In a real file these are distinct bytes, so they add up to less than
   * the file; shapes sharing one record, or packets sharing lists (remap entries and counts from a
   * hostile file), would otherwise multiply the work by the shape count.
   */
  bytes: number;
  /** Set once `bytes` ran out (MDL_BUDGET reported once): nothing more is decoded. */
  exhausted: boolean;
}

/**
 * The per-model budget. A real list is read once and each vertex takes at least a byte of it,
 * so a model has fewer stream vertices than bytes; packets re-reading one list (a hostile packet
 * count) could otherwise multiply it.
 */
export function newShp1Budget(fileSize: number): Shp1Budget {
  return { vertices: Math.min(MAX_STREAM_VERTICES, fileSize), nodes: { left: MAX_PRIMITIVE_NODES }, bytes: fileSize, exhausted: false };
}

/** Packets a shape record's tables can hold: a packet needs a matrix group and a draw record inside them. */
function packetsInTables(r: { packetCount: number; firstMatrixGroup: number; firstDrawRecord: number }, groups: number, draws: number): number {
  return Math.max(0, Math.min(r.packetCount, groups - r.firstMatrixGroup, draws - r.firstDrawRecord));
}

/** Takes `cost` bytes of the model's SHP1 budget; false (MDL_BUDGET reported once) when they are not left. */
function spend(ctx: ChunkContext, budget: Shp1Budget, cost: number, at: number, what: string): boolean {
  if (budget.exhausted) return false;
  if (cost <= budget.bytes) {
    budget.bytes -= cost;
    return true;
  }
  budget.exhausted = true;
  ctx.diagnostics.error('MDL_BUDGET', at, 0,
    `SHP1: ${what} at ${hex(at)} would take the shapes past the file's own size in records, packets and display lists (shapes sharing records or lists again and again); it and the rest are not decoded.`);
  return false;
}

interface ShapeRecord {
  offset: number;
  matrixType: number;
  packetCount: number;
  descriptorOffset: number;
  firstMatrixGroup: number;
  firstDrawRecord: number;
  boundingRadius: number;
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
}

function f32(view: DataView, bytes: Uint8Array, at: number): number {
  return at >= 0 && at + 4 <= bytes.length ? view.getFloat32(at, false) : 0;
}

/** Inferred length of the VTX1 array an attribute indexes; -1 when VTX1 has none. */
function arrayFor(vtx: VertexArrays | undefined, attribute: number): VertexArray | undefined {
  if (!vtx) return undefined;
  if (attribute === VertexAttribute.Position) return vtx.positions;
  if (attribute === VertexAttribute.Normal || attribute === VertexAttribute.NormalBinormalTangent) return vtx.normals;
  if (attribute === VertexAttribute.Color0 || attribute === VertexAttribute.Color1) return vtx.colors[attribute - VertexAttribute.Color0];
  if (attribute >= VertexAttribute.Tex0 && attribute < VertexAttribute.Tex0 + 8) return vtx.texCoords[attribute - VertexAttribute.Tex0];
  return undefined;
}

export interface Shp1Chunk {
  shapes: ModelShape[];
  /** Σ packets over the shapes (INF1's packet count should equal it). */
  packetCount: number;
}

/**
 * `drawMatrixCount`: DRW1's entry count (-1 when DRW1 is missing: matrix-table entries are then
 * not checked). `budget` is shared by every SHP1 chunk of the model.
 */
export function decodeShp1(ctx: ChunkContext, vtx: VertexArrays | undefined, drawMatrixCount: number, budget: Shp1Budget): Shp1Chunk {
  const { bytes } = ctx;
  const s = ctx.start;
  const out: Shp1Chunk = { shapes: [], packetCount: 0 };
  const declared = ctx.b.u16('shapeCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const recordRel = ctx.offsetField('shapeRecordOffset', 0x0C);
  const remapRel = ctx.offsetField('remapTableOffset', 0x10);
  const nameRel = ctx.offsetField('nameTableOffset', 0x14);
  const descRel = ctx.offsetField('descriptorOffset', 0x18);
  const matrixRel = ctx.offsetField('matrixTableOffset', 0x1C);
  const listRel = ctx.offsetField('displayListOffset', 0x20);
  const groupRel = ctx.offsetField('matrixGroupOffset', 0x24);
  const drawRel = ctx.offsetField('drawRecordOffset', 0x28);
  if (s + SHP1_HEADER_SIZE > bytes.length) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkEnd = s + Math.min(ctx.chunk.declaredSize, bytes.length - s);

  const count = boundedCount(ctx, 'shape count', 0x08, declared, remapRel, 2, SHP1_HEADER_SIZE);
  const remapTable = ctx.table('remapTable', remapRel, count, scalarElement('u16'), 'table');
  const remap: number[] = [];
  let entries = 0;
  for (let i = 0; i < count; i++) {
    let v = i < remapTable.count ? readU16(bytes, remapTable.offset + i * 2) : i;
    if (v >= count) {
      const at = remapTable.offset + i * 2, value = v;
      ctx.limited.add('warning', 'MDL_SHAPE_INDEX', at, 2, () => `SHP1: remap entry ${i} at ${hex(at)} is ${value}, not below the shape count ${count}; entry ${i} is assumed.`);
      v = i;
    }
    if (v !== i) {
      const at = remapTable.offset + i * 2, value = v;
      ctx.limited.add('info', 'MDL_REMAP', at, 2, () => `SHP1: remap entry ${i} at ${hex(at)} is ${value}: shape ${i} uses record ${value} (honoured).`);
    }
    remap.push(v);
    entries = Math.max(entries, v + 1);
  }
  const records = ctx.table('shapes', recordRel, entries, SHAPE_RECORD, 'table');
  if (nameRel !== 0) readGroupNames(ctx, 'nameTable', nameRel, count, s + 0x14);

  const readRecord = (e: number): ShapeRecord | undefined => {
    if (e >= records.count) return undefined;
    const p = records.offset + e * SHAPE_RECORD_SIZE;
    return {
      offset: p, matrixType: bytes[p], packetCount: readU16(bytes, p + 2), descriptorOffset: readU16(bytes, p + 4),
      firstMatrixGroup: readU16(bytes, p + 6), firstDrawRecord: readU16(bytes, p + 8), boundingRadius: f32(view, bytes, p + 0x0C),
      bboxMin: [f32(view, bytes, p + 0x10), f32(view, bytes, p + 0x14), f32(view, bytes, p + 0x18)],
      bboxMax: [f32(view, bytes, p + 0x1C), f32(view, bytes, p + 0x20), f32(view, bytes, p + 0x24)],
    };
  };

  // Pass 1: the tables' lengths (not stored) from what the records use, bounded by the chunk.
  const recordList = remap.map(readRecord);
  let groupCount = 0, drawCount = 0;
  for (const r of recordList) {
    if (!r) continue;
    groupCount = Math.max(groupCount, r.firstMatrixGroup + r.packetCount);
    drawCount = Math.max(drawCount, r.firstDrawRecord + r.packetCount);
  }
  const groups = ctx.table('matrixGroups', groupRel, Math.min(groupCount, Math.floor((chunkEnd - s) / 8)), MATRIX_GROUP, 'table');
  const draws = ctx.table('drawRecords', drawRel, Math.min(drawCount, Math.floor((chunkEnd - s) / 8)), DRAW_RECORD, 'table');
  let matrixEntries = 0;
  for (let g = 0; g < groups.count; g++) {
    const p = groups.offset + g * 8;
    matrixEntries = Math.max(matrixEntries, readU32(bytes, p + 4) + Math.min(readU16(bytes, p + 2), MATRIX_SLOTS));
  }
  const matrixFit = matrixRel > 0 ? Math.max(0, Math.floor((chunkEnd - (s + matrixRel)) / 2)) : 0;
  const matrixTable = ctx.table('matrixTable', matrixRel, Math.min(matrixEntries, matrixFit + 1), scalarElement('u16'), 'table');

  // Descriptor lists, one node per distinct offset.
  const descriptorCache = new Map<number, ShapeAttribute[] | undefined>();
  const readDescriptors = (rel: number, recordAt: number): ShapeAttribute[] | undefined => {
    if (descriptorCache.has(rel)) return descriptorCache.get(rel);
    const start = s + descRel + rel;
    const list: ShapeAttribute[] = [];
    let ended = false;
    let n = 0;
    if (descRel >= SHP1_HEADER_SIZE) {
      for (let p = start; p + 8 <= chunkEnd; p += 8) {
        if (!spend(ctx, budget, 8, p, 'the vertex descriptor')) break;
        n++;
        const attribute = readU32(bytes, p);
        if (attribute === VertexAttribute.End) { ended = true; break; }
        list.push({ attribute, type: readU32(bytes, p + 4) });
      }
    }
    const result = ended ? list : undefined;
    if (!ended && !budget.exhausted) {
      ctx.limited.add('error', 'MDL_DISPLAY_LIST', recordAt + 4, 2,
        () => `SHP1: the vertex descriptor list at ${hex(start)} (record at ${hex(recordAt)}) has no end entry (0xFF) inside the chunk; the shape is not decoded.`);
    }
    if (n > 0) {
      const node = ctx.table(`descriptors@${hex(rel)}`, descRel + rel, n, DESCRIPTOR, 'table').node;
      node.display = list.map((a) => `${attributeName(a.attribute)} ${['none', 'direct', 'index8', 'index16'][a.type] ?? a.type}`).join(', ');
    }
    descriptorCache.set(rel, result);
    return result;
  };

  const listsNode = fieldNode('displayLists', s + listRel, 0, 'DisplayLists', 'data', []);
  const seenLists = new Set<number>();
  for (let i = 0; i < count; i++) {
    const r = recordList[i];
    if (!r) continue;
    out.packetCount += r.packetCount;
    if (!spend(ctx, budget, SHAPE_RECORD_SIZE, r.offset, `shape ${i}`)) break;
    if (!(r.matrixType in MATRIX_TYPES)) {
      const at = r.offset, t = r.matrixType;
      ctx.limited.add('warning', 'MDL_SHAPE_MATRIX_TYPE', at, 1, () => `SHP1: shape ${i} (record at ${hex(at)}) has matrix type ${t}, not 0 single, 1 billboard, 2 Y billboard or 3 multi; it is drawn as single-matrix.`);
    }
    const attributes = readDescriptors(r.descriptorOffset, r.offset);
    const shape = decodeShape(ctx, i, r, attributes ?? [], vtx, drawMatrixCount, budget, {
      groups, draws, matrixTable, listRel, chunkEnd, view,
    }, listsNode, seenLists);
    out.shapes.push(shape);
  }
  if (listsNode.children!.length > 0) {
    const first = Math.min(...listsNode.children!.map((c) => c.offset));
    const last = Math.max(...listsNode.children!.map((c) => c.offset + c.size));
    listsNode.offset = first;
    listsNode.size = last - first;
    // Lists need not be back to back (a hostile draw record): name the bytes between them.
    for (const shapeNode of listsNode.children!) fillJ3dGaps(shapeNode, bytes);
    fillJ3dGaps(listsNode, bytes);
    ctx.b.child(listsNode);
  }
  return out;
}

interface Tables {
  groups: { offset: number; count: number };
  draws: { offset: number; count: number };
  matrixTable: { offset: number; count: number };
  listRel: number;
  chunkEnd: number;
  view: DataView;
}

function decodeShape(
  ctx: ChunkContext, index: number, r: ShapeRecord, attributes: ShapeAttribute[], vtx: VertexArrays | undefined,
  drawMatrixCount: number, budget: Shp1Budget, t: Tables, listsNode: FieldNode, seenLists: Set<number>,
): ModelShape {
  const { bytes } = ctx;
  const s = ctx.start;
  const shape: ModelShape = {
    index, matrixType: r.matrixType, boundingRadius: r.boundingRadius, bboxMin: r.bboxMin, bboxMax: r.bboxMax,
    attributes, packets: [], vertexCount: 0, positions: new Float32Array(0), colors: [undefined, undefined],
    texCoords: new Array(8).fill(undefined), positionIndices: new Uint32Array(0), matrixSlots: new Uint8Array(0),
    drawMatrices: new Uint16Array(0), triangles: new Uint32Array(0), lines: new Uint32Array(0), points: new Uint32Array(0),
  };
  if (attributes.length === 0) return shape;
  const layoutOrError = vertexLayout(attributes, (attribute) => arrayFor(vtx, attribute)?.elementSize);
  if (typeof layoutOrError === 'string') {
    const at = r.offset;
    ctx.limited.add('error', 'MDL_DISPLAY_LIST', at, SHAPE_RECORD_SIZE, () => `SHP1: shape ${index} (record at ${hex(at)}): ${layoutOrError}; the shape is not decoded.`);
    return shape;
  }
  const layout: VertexLayout = layoutOrError;
  for (const f of layout.fields) {
    if (f.type === AttributeType.Direct && f.attribute > 8) {
      const at = r.offset;
      ctx.limited.add('warning', 'MDL_DIRECT_ATTRIBUTE', at, SHAPE_RECORD_SIZE,
        () => `SHP1: shape ${index} stores ${attributeName(f.attribute)} direct (raw data in the display list); not supported by the preview, the attribute is left out.`);
    }
    if ((f.type === AttributeType.Index8 || f.type === AttributeType.Index16) && f.attribute > 8 && !arrayFor(vtx, f.attribute)) {
      const at = r.offset;
      ctx.limited.add('error', 'MDL_VERTEX_INDEX', at, SHAPE_RECORD_SIZE,
        () => `SHP1: shape ${index} indexes ${attributeName(f.attribute)}, but VTX1 has no such array; the attribute is left out.`);
    }
  }
  const multi = r.matrixType === ShapeMatrixType.Multi;

  // Pass 1: primitives of every packet (bounded by the lists and the vertex budget).
  interface PacketWork { packet: ShapePacket; primitives: Primitive[] }
  const work: PacketWork[] = [];
  const report = { error: (code: string, offset: number, length: number, message: () => string) => ctx.limited.add('error', code, offset, length, () => `SHP1: shape ${index}: ${message()}`) };
  const slots = new Array<number>(MATRIX_SLOTS).fill(-1);
  let total = 0, triCount = 0, lineCount = 0, pointCount = 0;
  // Packets past the tables are reported once, not walked one by one (a count of 65,535 per shape).
  const packets = packetsInTables(r, t.groups.count, t.draws.count);
  if (packets < r.packetCount) {
    const at = r.offset;
    ctx.limited.add('error', 'J3D_TABLE_RANGE', at + 6, 4,
      () => `SHP1: shape ${index} packets ${packets} … ${r.packetCount - 1}: matrix groups from ${r.firstMatrixGroup + packets} / draw records from ${r.firstDrawRecord + packets} are not in their tables (${t.groups.count} / ${t.draws.count} inside the chunk); the packets are skipped.`);
  }
  for (let p = 0; p < packets; p++) {
    const g = r.firstMatrixGroup + p;
    const d = r.firstDrawRecord + p;
    if (!spend(ctx, budget, 16, t.groups.offset + g * 8, `shape ${index} packet ${p}`)) break;
    const gp = t.groups.offset + g * 8;
    const groupDrw = readU16(bytes, gp);
    const slotCount = readU16(bytes, gp + 2);
    const firstEntry = readU32(bytes, gp + 4);
    const inherited: number[] = [];
    if (slotCount > MATRIX_SLOTS) {
      ctx.limited.add('error', 'MDL_MATRIX_SLOT', gp + 2, 2, () => `SHP1: shape ${index} packet ${p}: matrix group at ${hex(gp)} has ${slotCount} slots; GX has ${MATRIX_SLOTS}, the rest are ignored.`);
    }
    if (multi) {
      for (let k = 0; k < Math.min(slotCount, MATRIX_SLOTS); k++) {
        const e = firstEntry + k;
        if (e >= t.matrixTable.count) {
          ctx.limited.add('error', 'J3D_TABLE_RANGE', gp + 4, 4, () => `SHP1: shape ${index} packet ${p}: matrix table entry ${e} is outside the matrix table inside the chunk.`);
          break;
        }
        const at = t.matrixTable.offset + e * 2;
        const v = readU16(bytes, at);
        if (v === 0xFFFF) { inherited.push(k); continue; }
        if (drawMatrixCount >= 0 && v >= drawMatrixCount) {
          ctx.limited.add('error', 'MDL_MATRIX_TABLE_INDEX', at, 2, () => `SHP1: matrix table entry ${e} at ${hex(at)} is draw matrix ${v}, but DRW1 has ${drawMatrixCount}.`);
        }
        slots[k] = v;
      }
    } else {
      if (drawMatrixCount >= 0 && groupDrw >= drawMatrixCount && groupDrw !== 0xFFFF) {
        ctx.limited.add('error', 'MDL_MATRIX_TABLE_INDEX', gp, 2, () => `SHP1: shape ${index} packet ${p}: matrix group at ${hex(gp)} names draw matrix ${groupDrw}, but DRW1 has ${drawMatrixCount}.`);
      }
      if (groupDrw !== 0xFFFF) slots[0] = groupDrw;
      else inherited.push(0);
    }
    const dp = t.draws.offset + d * 8;
    const listSize = readU32(bytes, dp);
    const listOff = readU32(bytes, dp + 4);
    const start = s + t.listRel + listOff;
    let end = start + listSize;
    if (t.listRel < SHP1_HEADER_SIZE || start < s || start > t.chunkEnd || end > t.chunkEnd) {
      ctx.limited.add('error', 'MDL_DISPLAY_LIST', dp, 8,
        () => `SHP1: shape ${index} packet ${p}: display list ${hex(start)} … ${hex(end)} (draw record at ${hex(dp)}) is not inside the chunk (ends at ${hex(t.chunkEnd)})${start <= t.chunkEnd && start >= s ? '; it is read up to the chunk end' : ''}.`);
      if (!(start >= s && start <= t.chunkEnd && t.listRel >= SHP1_HEADER_SIZE)) continue;
      end = t.chunkEnd;
    }
    if (!spend(ctx, budget, end - start, start, `shape ${index} packet ${p}'s display list`)) break;
    const split = splitPrimitives(bytes, start, end, layout.size, budget.vertices, report);
    if (split.budgetHit) {
      ctx.limited.add('error', 'MDL_BUDGET', start, end - start,
        () => `SHP1: the model's display lists hold more vertices than the file has bytes (or ${MAX_STREAM_VERTICES}): lists are read again and again; the rest are not decoded.`);
    }
    budget.vertices -= split.vertices;
    const packet: ShapePacket = {
      vertexStart: total, vertexCount: split.vertices, triangleIndexStart: 0, triangleIndexCount: 0,
      slotCount: multi ? Math.min(slotCount, MATRIX_SLOTS) : 1,
      matrixSlots: slots.slice(), inheritedSlots: inherited, displayListOffset: start, displayListSize: listSize,
    };
    for (const prim of split.primitives) {
      const c = primitiveIndexCounts(prim.opcode, prim.vertexCount);
      triCount += c.triangles; lineCount += c.lines; pointCount += c.points;
    }
    total += split.vertices;
    work.push({ packet, primitives: split.primitives });
    if (!seenLists.has(start)) {
      seenLists.add(start);
      let shapeNode = listsNode.children!.find((c) => c.name === `shape${index}`);
      if (!shapeNode) {
        shapeNode = fieldNode(`shape${index}`, start, 0, 'Shape', 'data', []);
        listsNode.children!.push(shapeNode);
      }
      shapeNode.children!.push(listNodes(bytes, `packet${p}`, start, Math.min(listSize, t.chunkEnd - start), split.end, split.primitives, layout, budget.nodes));
      const first = Math.min(...shapeNode.children!.map((c) => c.offset));
      const last = Math.max(...shapeNode.children!.map((c) => c.offset + c.size));
      shapeNode.offset = first;
      shapeNode.size = last - first;
    }
  }

  // Pass 2: fill the vertex stream.
  shape.vertexCount = total;
  shape.positions = new Float32Array(total * 3);
  shape.positionIndices = new Uint32Array(total);
  shape.matrixSlots = new Uint8Array(total);
  shape.drawMatrices = new Uint16Array(total).fill(0xFFFF);
  shape.triangles = new Uint32Array(triCount);
  shape.lines = new Uint32Array(lineCount);
  shape.points = new Uint32Array(pointCount);
  interface Sink { field: VertexLayout['fields'][number]; source: VertexArray | undefined; target: Float32Array | Uint8Array | undefined; width: number }
  const sinks: Sink[] = [];
  for (const f of layout.fields) {
    if (f.size === 0 || f.attribute <= 8 || f.type === AttributeType.Direct) continue;
    const source = arrayFor(vtx, f.attribute);
    let target: Float32Array | Uint8Array | undefined;
    let width = 0;
    if (f.attribute === VertexAttribute.Position) { target = shape.positions; width = 3; }
    else if (f.attribute === VertexAttribute.Normal || f.attribute === VertexAttribute.NormalBinormalTangent) {
      if (source) { shape.normals ??= new Float32Array(total * 3); target = shape.normals; width = 3; }
    } else if (f.attribute === VertexAttribute.Color0 || f.attribute === VertexAttribute.Color1) {
      if (source) { target = shape.colors[f.attribute - VertexAttribute.Color0] = new Uint8Array(total * 4); width = 4; }
    } else if (f.attribute >= VertexAttribute.Tex0 && f.attribute < VertexAttribute.Tex0 + 8) {
      if (source) { target = shape.texCoords[f.attribute - VertexAttribute.Tex0] = new Float32Array(total * 2); width = 2; }
    }
    sinks.push({ field: f, source, target, width });
  }
  const pnmtx = layout.fields.find((f) => f.attribute === VertexAttribute.PositionMatrixIndex && f.size > 0);
  // The per-vertex loop builds no closures (a captured block variable would cost a context
  // allocation per vertex): problems go through these helpers.
  const slotNotMultiple = (at: number, raw: number): void => ctx.limited.add('error', 'MDL_MATRIX_SLOT', at, 1,
    () => `SHP1: shape ${index}: PNMTXIDX ${raw} at ${hex(at)} is not a multiple of 3 (3 × slot); slot ${Math.floor(raw / 3)} is used.`);
  const slotNotLoaded = (at: number, slot: number, loaded: number, held: boolean): void => ctx.limited.add('error', 'MDL_MATRIX_SLOT', at, 1,
    () => `SHP1: shape ${index}: vertex at ${hex(at)} uses matrix slot ${slot}, but its packet loads ${loaded} slot(s)${held ? '; the matrix an earlier packet left there is used' : ''}.`);
  const slotUnset = (at: number, slot: number): void => ctx.limited.add('error', 'MDL_MATRIX_SLOT_UNSET', at, 1,
    () => `SHP1: shape ${index}: vertex at ${hex(at)} uses matrix slot ${slot}, which is 0xFFFF ("keep") in its packet, but no earlier packet of the shape set it; the vertex has no matrix.`);
  const indexPast = (at: number, size: number, attribute: number, idx: number, count: number): void => ctx.limited.add('error', 'MDL_VERTEX_INDEX', at, size,
    () => `SHP1: shape ${index}: ${attributeName(attribute)} index ${idx} at ${hex(at)} is past the VTX1 array (${count} element(s) at most); 0 is used.`);
  const pnmtxOffset = pnmtx ? pnmtx.offset : -1;
  let v = 0, ti = 0, li = 0, pi = 0;
  for (const { packet, primitives } of work) {
    packet.triangleIndexStart = ti;
    const slotsOfPacket = packet.matrixSlots;
    const loaded = packet.slotCount;
    for (const prim of primitives) {
      [ti, li, pi] = writePrimitiveIndices(prim.opcode, prim.vertexCount, v, shape.triangles, ti, shape.lines, li, shape.points, pi);
      let p = prim.offset + 3;
      for (let k = 0; k < prim.vertexCount; k++, v++, p += layout.size) {
        let slot = 0;
        if (pnmtxOffset >= 0) {
          const raw = bytes[p + pnmtxOffset];
          slot = Math.floor(raw / 3);
          if (raw % 3 !== 0) slotNotMultiple(p + pnmtxOffset, raw);
        }
        if (!multi) slot = 0;
        shape.matrixSlots[v] = Math.min(slot, 255);
        const drw = slot < MATRIX_SLOTS ? slotsOfPacket[slot] : -1;
        const at = pnmtxOffset >= 0 ? p + pnmtxOffset : prim.offset;
        if (slot >= loaded) slotNotLoaded(at, slot, loaded, drw >= 0);
        if (drw >= 0) shape.drawMatrices[v] = drw;
        else if (slot < loaded) slotUnset(at, slot);
        for (let q = 0; q < sinks.length; q++) {
          const sink = sinks[q];
          const fieldAt = p + sink.field.offset;
          const idx = sink.field.size === 1 ? bytes[fieldAt] : (bytes[fieldAt] << 8) | bytes[fieldAt + 1];
          if (sink.field.attribute === VertexAttribute.Position) shape.positionIndices[v] = idx;
          const src = sink.source, target = sink.target;
          if (!src || !target) continue;
          if (idx >= src.count) { indexPast(fieldAt, sink.field.size, sink.field.attribute, idx, src.count); continue; }
          const w = sink.width, data = src.data, from = idx * src.stride, to = v * w;
          for (let c = 0; c < w; c++) target[to + c] = data[from + c];
        }
      }
    }
    packet.triangleIndexCount = ti - packet.triangleIndexStart;
    shape.packets.push(packet);
  }
  return shape;
}
