/**
 * J3D model (BMD/BDL) decoder: the JSYSTEM `J3D2` header, the chunk walk, and every chunk a
 * preview needs — INF1, JNT1, VTX1, EVP1, DRW1, SHP1 with its display lists, MAT3, TEX1 headers
 * (pixels on request: decodeModelTextures). MDL3 (BDL's precompiled material display lists) is
 * an opaque `data` region. Chunks decode in dependency order, each guarded, so a broken chunk
 * never stops the others.
 *
 * A separate entry point from `decode()` (formats/index.ts): models are not animations.
 * Never throws; bounded by the bytes (every loop is limited by a chunk or a table in the bytes).
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, fieldNode } from '../binary/fields';
import { StructBuilder } from '../binary/builder';
import { checkDeclaredFileSize, ChunkContext, ChunkInfo, JSYSTEM_HEADER_SIZE, rawChunk, trailingFill, walkChunks } from '../jsystem/container';
import { buildHierarchy, decodeInf1, INF1_HEADER_SIZE, Inf1Chunk } from './inf1';
import { decodeJnt1, JNT1_HEADER_SIZE } from './jnt1';
import { decodeMat3, MAT3_HEADER_SIZE, Mat3Chunk } from './mat3';
import { decodeVtx1, VTX1_HEADER_SIZE } from './vtx1';
import { decodeEvp1, EVP1_HEADER_SIZE } from './evp1';
import { decodeDrw1, DRW1_HEADER_SIZE } from './drw1';
import { decodeShp1, newShp1Budget, SHP1_HEADER_SIZE, Shp1Chunk } from './shp1';
import { decodeTex1, TEX1_HEADER_SIZE } from './tex1';
import { checkInverseBinds } from './inverseBinds';
import { relabelPadding } from './bounds';
import { MODEL_MAGIC } from './magic';
import type { DrawMatrices, Envelopes, ModelData, ModelJoint, ModelResult, ModelTexture, VertexArrays } from './types';

export const MODEL_TYPES: Record<string, 'bmd' | 'bdl'> = { bmd2: 'bmd', bmd3: 'bmd', bdl4: 'bdl' };

/** Chunks of a model that are kept as opaque regions (no diagnostic). */
export const OPAQUE_CHUNKS = new Set(['MDL3']);

function readHeader(bytes: Uint8Array, diagnostics: DiagnosticSink): { node: FieldNode; type: string; chunkCount: number } {
  const b = new StructBuilder(bytes, 'big', diagnostics, 'header', 0, 'JSystemHeader', 'header');
  const magic = b.chars('magic', 0x00, 4);
  const type = b.chars('type', 0x04, 4);
  const fileSize = b.u32('fileSize', 0x08, (v) => `${v} (${hex(v)})`);
  const chunkCount = b.u32('chunkCount', 0x0C);
  b.chars('svr', 0x10, 4);
  b.bytesField('reserved', 0x14, 12, 'padding');
  if (bytes.length >= 4 && magic !== MODEL_MAGIC) {
    diagnostics.error('MDL_MAGIC', 0, 4, `header: magic at 0x0 is ${JSON.stringify(magic)}, expected "J3D2" (a BMD/BDL model).`);
  }
  if (bytes.length >= 8 && !(type in MODEL_TYPES)) {
    diagnostics.error('MDL_TYPE', 4, 4, `header: model type at 0x4 is ${JSON.stringify(type)}, expected "bmd3", "bdl4" (or "bmd2").`);
  }
  checkDeclaredFileSize(bytes, fileSize, diagnostics);
  if (bytes.length >= 16 && chunkCount === 0) {
    diagnostics.error('J3D_CHUNK_COUNT', 0x0C, 4, 'header: chunk count at 0xC is 0; a model has 8 or 9 chunks. Decoding the first chunk anyway.');
  }
  return { node: b.build(JSYSTEM_HEADER_SIZE), type, chunkCount };
}

function opaqueChunk(bytes: Uint8Array, diagnostics: DiagnosticSink, chunk: ChunkInfo): { node: FieldNode; shapeCount?: number } {
  const ctx = new ChunkContext(bytes, diagnostics, chunk);
  let dataStart = chunk.start + 8;
  let shapeCount: number | undefined;
  if (chunk.id === 'SHP1' && chunk.end >= chunk.start + 0x0C) {
    shapeCount = ctx.b.u16('shapeCount', chunk.start + 0x08);
    ctx.b.u16('padding', chunk.start + 0x0A, (v) => hex(v));
    dataStart = chunk.start + 0x0C;
  }
  if (chunk.end > dataStart) {
    const node = ctx.b.bytesField('data', dataStart, chunk.end - dataStart, 'data');
    node.display = 'opaque (not decoded)';
  }
  return { node: ctx.build(), shapeCount };
}

/** Decodes a BMD/BDL as far as the bytes allow. Never throws. */
export function decodeModel(bytes: Uint8Array, diagnostics: DiagnosticSink): ModelResult {
  const rootNode = fieldNode('', 0, bytes.length, 'model', undefined, []);
  diagnostics.within(bytes.length);
  try {
    return decodeModelUnsafe(bytes, diagnostics, rootNode);
  } catch (e) {
    diagnostics.error('INTERNAL_ERROR', 0, 0, `model decoder failed: ${(e as Error)?.message ?? String(e)}`);
    return { root: rootNode };
  }
}

/** Decode order: a chunk's checks need the counts of the chunks before it here. */
const DECODE_ORDER = ['INF1', 'JNT1', 'VTX1', 'EVP1', 'DRW1', 'SHP1', 'TEX1', 'MAT3'];

function decodeModelUnsafe(bytes: Uint8Array, diagnostics: DiagnosticSink, root: FieldNode): ModelResult {
  const header = readHeader(bytes, diagnostics);
  const children = root.children!;
  children.push(header.node);
  if (bytes.length < JSYSTEM_HEADER_SIZE) {
    root.type = header.type || 'model';
    return { root };
  }
  const chunks = walkChunks(bytes, diagnostics, header.chunkCount, {
    INF1: INF1_HEADER_SIZE, JNT1: JNT1_HEADER_SIZE, MAT3: MAT3_HEADER_SIZE, VTX1: VTX1_HEADER_SIZE, EVP1: EVP1_HEADER_SIZE,
    DRW1: DRW1_HEADER_SIZE, SHP1: SHP1_HEADER_SIZE, TEX1: TEX1_HEADER_SIZE,
  });
  let inf1: Inf1Chunk | undefined;
  let joints: ModelJoint[] | undefined;
  let mat3: Mat3Chunk | undefined;
  let vtx: VertexArrays | undefined;
  let evp: Envelopes | undefined;
  let drw: DrawMatrices | undefined;
  let shp: Shp1Chunk | undefined;
  let textures: ModelTexture[] | undefined;
  const firsts = new Map<string, ChunkInfo>();
  for (const chunk of chunks) if (!firsts.has(chunk.id)) firsts.set(chunk.id, chunk);
  const nodes = new Map<ChunkInfo, FieldNode>();
  const budget = newShp1Budget(bytes.length);
  // Each chunk decodes on its own: a failure inside one is reported and the others still decode.
  const guarded = (chunk: ChunkInfo, decode: (ctx: ChunkContext) => void): void => {
    const ctx = new ChunkContext(bytes, diagnostics, chunk);
    try {
      decode(ctx);
      const node = ctx.build();
      relabelPadding(node, bytes);
      nodes.set(chunk, node);
    } catch (e) {
      diagnostics.error('INTERNAL_ERROR', chunk.start, 4, `${chunk.id} decoder failed: ${(e as Error)?.message ?? String(e)}`);
      nodes.set(chunk, opaqueChunk(bytes, diagnostics, chunk).node);
    }
  };
  for (const id of DECODE_ORDER) {
    const chunk = firsts.get(id);
    if (!chunk) continue;
    guarded(chunk, (ctx) => {
      switch (id) {
        case 'INF1': inf1 = decodeInf1(ctx); break;
        case 'JNT1': joints = decodeJnt1(ctx); break;
        case 'VTX1': vtx = decodeVtx1(ctx); break;
        case 'EVP1': evp = decodeEvp1(ctx, joints ? joints.length : -1); break;
        case 'DRW1': drw = decodeDrw1(ctx, joints ? joints.length : -1, evp ? evp.envelopes.length : firsts.has('EVP1') ? 0 : -1); break;
        case 'SHP1': shp = decodeShp1(ctx, vtx, drw ? drw.kinds.length : -1, budget); break;
        case 'TEX1': textures = decodeTex1(ctx); break;
        case 'MAT3': mat3 = decodeMat3(ctx, textures ? textures.length : -1); break;
      }
    });
  }
  for (const chunk of chunks) {
    const decoded = nodes.get(chunk);
    if (decoded) children.push(decoded);
    else if (OPAQUE_CHUNKS.has(chunk.id) || firsts.get(chunk.id) !== chunk) children.push(opaqueChunk(bytes, diagnostics, chunk).node);
    else children.push(rawChunk(bytes, diagnostics, chunk));
  }
  const shapeCount = shp ? shp.shapes.length : -1;
  const fill = trailingFill(children, bytes);
  if (fill) children.push(fill);
  for (const id of ['INF1', 'JNT1', 'MAT3']) {
    if (!firsts.has(id)) {
      const message = `No ${id} chunk found: ${id === 'INF1' ? 'the joint hierarchy is unknown (every joint is a root)' : id === 'JNT1' ? 'the model has no joints' : 'material names are unknown'}.`;
      if (id === 'MAT3') diagnostics.warning('MDL_CHUNK_MISSING', JSYSTEM_HEADER_SIZE, 0, message);
      else diagnostics.error('MDL_CHUNK_MISSING', JSYSTEM_HEADER_SIZE, 0, message);
    }
  }

  const modelJoints = joints ?? [];
  const materials = mat3?.names ?? [];
  // Names for every material index (a short name table leaves '' entries).
  const materialNames = mat3 ? Array.from({ length: mat3.count }, (_, i) => materials[i] ?? '') : [];
  const hierarchyRoots = inf1
    ? buildHierarchy(inf1.nodes, modelJoints, mat3 ? mat3.count : -1, shapeCount, diagnostics, materialNames, inf1.elementNodes)
    : [];
  const model: ModelData = {
    format: MODEL_TYPES[header.type] ?? 'unknown',
    type: header.type,
    loadFlags: inf1?.loadFlags ?? 0,
    scalingRule: (inf1?.loadFlags ?? 0) & 0x0F,
    hierarchy: inf1?.nodes ?? [],
    hierarchyRoots,
    joints: modelJoints,
    materials: materialNames,
    materialEntryIndex: mat3?.remap ?? [],
    shapeCount,
    vertexCount: inf1?.vertexCount ?? 0,
    vertexArrays: vtx,
    envelopes: evp,
    drawMatrices: drw,
    shapes: shp?.shapes ?? [],
    materialData: mat3?.materials ?? [],
    textures: textures ?? [],
  };
  crossCheck(model, inf1, shp, diagnostics);
  root.type = header.type || 'model';
  return { root, model };
}

/** Checks between chunks (FORMATS.md §10.15 items 2 and 5). */
function crossCheck(model: ModelData, inf1: Inf1Chunk | undefined, shp: Shp1Chunk | undefined, diagnostics: DiagnosticSink): void {
  if (inf1 && shp && inf1.packetCount !== shp.packetCount) {
    diagnostics.warning('MDL_PACKET_COUNT', inf1.offset + 0x0C, 4,
      `INF1: packet count ${inf1.packetCount} at ${hex(inf1.offset + 0x0C)} differs from the ${shp.packetCount} packet(s) of the SHP1 shapes.`);
  }
  const positions = model.vertexArrays?.positions;
  if (inf1 && positions && inf1.vertexCount > positions.count) {
    diagnostics.error('MDL_VERTEX_COUNT', inf1.offset + 0x10, 4,
      `INF1: vertex count ${inf1.vertexCount} at ${hex(inf1.offset + 0x10)} is more than the VTX1 position array holds (${positions.count} at most).`);
  }
  for (const d of checkInverseBinds(model)) diagnostics.add(d.severity, d.code, d.offset, d.length, d.message);
}
