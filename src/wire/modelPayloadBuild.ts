/**
 * Builds the page's ModelPayload (modelPayload.ts) in the host from a decoded model and its file's
 * bytes: shapes as typed arrays, materials resolved, textures decoded to RGBA8 within a budget.
 */
import { DiagnosticSink, hex } from '../formats/binary/diagnostics';
import { decodeModelTextures, MAX_DECODED_TEXTURE_BYTES } from '../formats/model/tex1';
import type { ModelData, ModelMaterial, ModelShape, ModelTexture } from '../formats/model/types';
import { mipChain } from '../formats/texture/formats';
import { bindPoseModel } from '../anim/pose';
import { jointInfos } from './modelInfo';
import { MAX_PROBLEMS, MODEL_PAYLOAD_VERSION, TEX_COORDS } from './modelPayload';
import type { ModelPayload, PayloadShape, PayloadTexture, RenderProblem, Vec3 } from './modelPayload';

export interface BuildOptions {
  fileName?: string;
  /** RGBA bytes decoded at most (default: the decoder's MAX_DECODED_TEXTURE_BYTES). */
  textureBudget?: number;
}

class Problems {
  readonly list: RenderProblem[] = [];
  private dropped = 0;
  add(p: RenderProblem): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(p);
    else this.dropped++;
  }
  finish(): RenderProblem[] {
    if (this.dropped) this.list.push({ severity: 'info', message: `${this.dropped} more problem(s) not listed.` });
    this.dropped = 0;
    return this.list;
  }
}

/**
 * INF1: the material each shape pairs with (the last material node read before it, as the game's
 * loader) and the joint whose block encloses it (the current joint, following open/close).
 */
export function shapeBindings(model: Pick<ModelData, 'hierarchy' | 'shapes'>): { material: number[]; joint: number[] } {
  const n = model.shapes?.length ?? 0;
  const material = new Array<number>(n).fill(-1);
  const joint = new Array<number>(n).fill(-1);
  let currentJoint = -1;
  let lastJoint = -1;
  let lastMaterial = -1;
  const stack: number[] = [];
  for (const node of model.hierarchy ?? []) {
    switch (node.kind) {
      case 'open': stack.push(currentJoint); currentJoint = lastJoint; break;
      case 'close': currentJoint = stack.length ? stack.pop()! : -1; lastJoint = currentJoint; break;
      case 'joint': lastJoint = node.index; break;
      case 'material': lastMaterial = node.index; break;
      case 'shape':
        if (node.index < n) {
          material[node.index] = lastMaterial;
          joint[node.index] = lastJoint;
        }
        break;
      case 'end': case 'unknown': break;
    }
  }
  return { material, joint };
}

function narrowIndices(src: Uint32Array | undefined, vertexCount: number): Uint16Array | Uint32Array {
  if (!src) return new Uint16Array(0);
  return vertexCount <= 0x10000 ? Uint16Array.from(src) : src.slice();
}

function shapeSpan(shape: ModelShape): { offset: number; size: number } {
  const packets = shape.packets ?? [];
  if (!packets.length) return { offset: 0, size: 0 };
  const start = Math.min(...packets.map((p) => p.displayListOffset));
  const end = Math.max(...packets.map((p) => p.displayListOffset + p.displayListSize));
  return { offset: start, size: end - start };
}

/** A copy of `a` when it has `n` elements (shared model arrays are never handed out). */
function copyIf<T extends Float32Array | Uint8Array>(a: T | undefined, n: number): T | null {
  return a && a.length === n ? (a.slice() as T) : null;
}

function buildShape(shape: ModelShape, material: number, joint: number, drawCount: number, problems: Problems): PayloadShape {
  const n = shape.vertexCount;
  const drawMatrices = shape.drawMatrices.slice();
  let unresolved = 0;
  for (let v = 0; v < n; v++) {
    if (drawMatrices[v] !== 0xFFFF && drawMatrices[v] >= drawCount) drawMatrices[v] = 0xFFFF;
    if (drawMatrices[v] === 0xFFFF) unresolved++;
  }
  if (unresolved && drawCount > 0) {
    problems.add({ severity: 'warning', shape: shape.index, message: `Shape ${shape.index}: ${unresolved} of ${n} vertices have no draw matrix (DRW1); they are drawn where they are stored.` });
  }
  if (shape.matrixType === 1 || shape.matrixType === 2) {
    problems.add({ severity: 'info', shape: shape.index, message: `Shape ${shape.index} is a ${shape.matrixType === 1 ? '' : 'Y '}billboard: it turns to face the camera as in the game.` });
  }
  return {
    index: shape.index,
    matrixType: shape.matrixType,
    material,
    joint,
    bboxMin: [...shape.bboxMin] as Vec3,
    bboxMax: [...shape.bboxMax] as Vec3,
    vertexCount: n,
    positions: shape.positions.slice(),
    ...(shape.normals && shape.normals.length === n * 3 ? { normals: shape.normals.slice() } : {}),
    colors: [0, 1].map((c) => copyIf(shape.colors?.[c], n * 4)),
    texCoords: Array.from({ length: TEX_COORDS }, (_, c) => copyIf(shape.texCoords?.[c], n * 2)),
    drawMatrices,
    triangles: narrowIndices(shape.triangles, n),
    lines: narrowIndices(shape.lines, n),
    points: narrowIndices(shape.points, n),
    ...shapeSpan(shape),
  };
}

function buildTextures(bytes: Uint8Array, textures: readonly ModelTexture[], budget: number, problems: Problems): PayloadTexture[] {
  const sink = new DiagnosticSink();
  const decoded = decodeModelTextures(bytes, textures, sink, { allLevels: true, maxBytes: budget });
  const budgetNote = sink.finish().find((d) => d.code === 'MDL_TEXTURE_BUDGET');
  if (budgetNote) problems.add({ severity: 'warning', message: budgetNote.message });
  return textures.map((t, i) => {
    const levels = (decoded[i]?.levels ?? []).map((l) => ({ width: l.width, height: l.height, rgba: l.rgba }));
    const chain = mipChain(t.format, t.width, t.height, t.levelOffsets.length);
    let problem: string | undefined;
    if (!t.decodable) problem = `${t.formatName} ${t.width} × ${t.height}: cannot be decoded (see the model's diagnostics at ${hex(t.headerOffset)}).`;
    else if (levels.length === 0) problem = 'not decoded: past the texture budget.';
    else if (levels.length < t.imageCount) problem = `${levels.length} of ${t.imageCount} mip level(s) decoded.`;
    if (problem) problems.add({ severity: levels.length ? 'info' : 'warning', texture: t.index, message: `Texture ${t.index} (${JSON.stringify(t.name)}): ${problem}` });
    return {
      index: t.index, name: t.name, format: t.format, formatName: t.formatName, width: t.width, height: t.height,
      wrapS: t.wrapS, wrapT: t.wrapT, minFilter: t.minFilter, magFilter: t.magFilter, minLod: t.minLod, maxLod: t.maxLod, lodBias: t.lodBias,
      imageCount: t.imageCount, headerOffset: t.headerOffset,
      imageOffset: t.imageOffset, imageByteLength: t.imageOffset >= 0 ? chain.total : 0,
      paletteOffset: t.paletteOffset, paletteByteLength: t.paletteOffset >= 0 ? t.paletteCount * 2 : 0,
      levels,
      ...(problem ? { problem } : {}),
    };
  });
}

function bindBounds(model: ModelData): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const posed = bindPoseModel(model);
  for (const s of posed.shapes) {
    const p = s.positions;
    for (let i = 0; i + 2 < p.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        const v = p[i + a];
        if (!Number.isFinite(v)) continue;
        if (v < min[a]) min[a] = v;
        if (v > max[a]) max[a] = v;
      }
    }
  }
  if (!(min[0] <= max[0])) {
    // No vertices: the joints' origins.
    for (let j = 0; j < model.joints.length; j++) {
      for (let a = 0; a < 3; a++) {
        const v = posed.positions[j * 3 + a];
        if (Number.isFinite(v)) { min[a] = Math.min(min[a], v); max[a] = Math.max(max[a], v); }
      }
    }
  }
  return min[0] <= max[0] ? { min, max } : { min: [0, 0, 0], max: [0, 0, 0] };
}

/** The view's model, built once per model (file bytes for the textures). */
export function buildModelPayload(model: ModelData, bytes: Uint8Array, options: BuildOptions = {}): ModelPayload {
  const problems = new Problems();
  const drw = model.drawMatrices;
  const drawKinds = drw ? drw.kinds.slice() : new Uint8Array(0);
  const drawIndices = drw ? drw.indices.slice() : new Uint16Array(0);
  const env = model.envelopes?.envelopes ?? [];
  const boneCounts = new Uint8Array(env.length);
  const bones: number[] = [];
  const weights: number[] = [];
  env.forEach((e, i) => {
    const count = Math.min(e.joints.length, e.weights.length, 255);
    boneCounts[i] = count;
    for (let b = 0; b < count; b++) { bones.push(e.joints[b]); weights.push(e.weights[b]); }
  });
  const { material, joint } = shapeBindings(model);
  const shapes = (model.shapes ?? []).map((s, i) => buildShape(s, material[i] ?? -1, joint[i] ?? -1, drawKinds.length, problems));
  for (const s of shapes) {
    if (s.material < 0 || s.material >= model.materialData.length) {
      problems.add({ severity: 'warning', shape: s.index, message: `Shape ${s.index}: INF1 pairs it with no material${s.material >= 0 ? ` (material ${s.material} is not in MAT3)` : ''}; it is drawn with the default material.` });
    }
  }
  return {
    kind: 'modelPayload',
    version: MODEL_PAYLOAD_VERSION,
    fileName: options.fileName ?? '',
    scalingRule: model.scalingRule >>> 0,
    hierarchyRoots: (model.hierarchyRoots ?? []).filter((r) => r >= 0 && r < model.joints.length),
    joints: jointInfos(model),
    drawKinds,
    drawIndices,
    envelopes: { boneCounts, joints: Uint16Array.from(bones), weights: Float32Array.from(weights) },
    inverseBinds: Float32Array.from(model.envelopes?.inverseBinds ?? []),
    shapes,
    materials: model.materialData.map(cloneMaterial),
    textures: buildTextures(bytes, model.textures ?? [], options.textureBudget ?? MAX_DECODED_TEXTURE_BYTES, problems),
    bounds: bindBounds(model),
    problems: problems.finish(),
  };
}

function cloneMaterial(m: ModelMaterial): ModelMaterial {
  return JSON.parse(JSON.stringify(m)) as ModelMaterial;
}

/** Bytes a payload takes: every distinct typed-array buffer plus the JSON of the rest. */
export function payloadByteSize(p: ModelPayload): { typed: number; other: number; total: number } {
  const seen = new Set<ArrayBufferLike>();
  let typed = 0;
  const other = JSON.stringify(p, (_k, v: unknown) => {
    if (ArrayBuffer.isView(v)) {
      if (!seen.has(v.buffer)) { seen.add(v.buffer); typed += v.buffer.byteLength; }
      return 0;
    }
    return v;
  }).length;
  return { typed, other, total: typed + other };
}

