/**
 * J3D model (BMD/BDL) decoder: the JSYSTEM `J3D2` header, the chunk walk, and the three chunks
 * binding needs — INF1 (hierarchy), JNT1 (joints), MAT3 (material names). Every other chunk is
 * an opaque `data` region with its id and size (SHP1 also shows its shape count).
 *
 * A separate entry point from `decode()` (formats/index.ts): models are not animations.
 * Never throws; bounded by the bytes (every loop is limited by a chunk or a table in the bytes).
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, assignPaths, readFixedString } from '../binary/fields';
import { StructBuilder } from '../binary/builder';
import { checkDeclaredFileSize, ChunkContext, ChunkInfo, JSYSTEM_HEADER_SIZE, rawChunk, walkChunks } from '../jsystem/container';
import { buildHierarchy, decodeInf1, INF1_HEADER_SIZE, Inf1Chunk } from './inf1';
import { decodeJnt1, JNT1_HEADER_SIZE } from './jnt1';
import { decodeMat3, MAT3_HEADER_SIZE, Mat3Chunk } from './mat3';
import type { ModelData, ModelJoint, ModelResult } from './types';

export const MODEL_MAGIC = 'J3D2';
export const MODEL_TYPES: Record<string, 'bmd' | 'bdl'> = { bmd2: 'bmd', bmd3: 'bmd', bdl4: 'bdl' };

/** Chunks of a model that are kept as opaque regions (no diagnostic). */
export const OPAQUE_CHUNKS = new Set(['VTX1', 'EVP1', 'DRW1', 'SHP1', 'TEX1', 'MDL3']);

/** True when the bytes start like a J3D model (`J3D2` + `bmd?`/`bdl?`). */
export function looksLikeModel(bytes: Uint8Array): boolean {
  return readFixedString(bytes, 0, 4) === MODEL_MAGIC && /^(bmd|bdl)/.test(readFixedString(bytes, 4, 4));
}

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
  const rootNode: FieldNode = { name: '', path: '', offset: 0, size: bytes.length, type: 'model', children: [] };
  try {
    return decodeModelUnsafe(bytes, diagnostics, rootNode);
  } catch (e) {
    diagnostics.error('INTERNAL_ERROR', 0, 0, `model decoder failed: ${(e as Error)?.message ?? String(e)}`);
    return { root: assignPaths(rootNode) };
  }
}

function decodeModelUnsafe(bytes: Uint8Array, diagnostics: DiagnosticSink, root: FieldNode): ModelResult {
  const header = readHeader(bytes, diagnostics);
  const children = root.children!;
  children.push(header.node);
  if (bytes.length < JSYSTEM_HEADER_SIZE) {
    root.type = header.type || 'model';
    return { root: assignPaths(root) };
  }
  const chunks = walkChunks(bytes, diagnostics, header.chunkCount, { INF1: INF1_HEADER_SIZE, JNT1: JNT1_HEADER_SIZE, MAT3: MAT3_HEADER_SIZE });
  let inf1: Inf1Chunk | undefined;
  let joints: ModelJoint[] | undefined;
  let mat3: Mat3Chunk | undefined;
  let shapeCount = -1;
  const seen = new Set<string>();
  for (const chunk of chunks) {
    const first = !seen.has(chunk.id);
    seen.add(chunk.id);
    if (first && (chunk.id === 'INF1' || chunk.id === 'JNT1' || chunk.id === 'MAT3')) {
      const ctx = new ChunkContext(bytes, diagnostics, chunk);
      if (chunk.id === 'INF1') inf1 = decodeInf1(ctx);
      else if (chunk.id === 'JNT1') joints = decodeJnt1(ctx);
      else mat3 = decodeMat3(ctx);
      children.push(ctx.build());
    } else if (OPAQUE_CHUNKS.has(chunk.id) || !first) {
      const r = opaqueChunk(bytes, diagnostics, chunk);
      if (first && r.shapeCount !== undefined) shapeCount = r.shapeCount;
      children.push(r.node);
    } else {
      children.push(rawChunk(bytes, diagnostics, chunk));
    }
  }
  const last = children[children.length - 1];
  const tail = last.offset + last.size;
  if (tail < bytes.length && tail >= JSYSTEM_HEADER_SIZE) {
    children.push({
      name: 'fill', path: '', offset: tail, size: bytes.length - tail, type: 'bytes', role: 'padding',
      display: 'bytes after the last chunk (fill up to the file size; content not meaningful)',
    });
  }
  for (const id of ['INF1', 'JNT1', 'MAT3']) {
    if (!seen.has(id)) {
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
  };
  root.type = header.type || 'model';
  return { root: assignPaths(root), model };
}
