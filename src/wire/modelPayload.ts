/**
 * The decoded model as the page's 3D view gets it (ModelPayload), built once per model in the
 * host from ModelData and its decoded textures (modelPayloadBuild.ts), checked on arrival in the
 * page (here: the page's script carries no model decoder).
 *
 *   host:  buildModelPayload(model, bytes)  → ModelPayload (typed arrays ready to upload)
 *   page:  unpackModelPayload(unknown)      → { payload, problems } (nothing trusted)
 *
 * Per shape: the display lists' vertex stream as typed arrays (positions, normals, colours,
 * texture coordinates), the DRW1 index of each vertex (its packet's matrix slot resolved), and
 * triangle / line / point indices. Per model: the DRW1 table, the EVP1 envelopes (flattened) and
 * inverse binds, the joints (bind pose, hierarchy), every MAT3 material as resolved plain values
 * and every TEX1 texture as RGBA8 levels within the decoder's byte budget. Posing (skeleton.ts)
 * and the envelope sums run in the page; nothing here changes per frame.
 *
 * Plain data and typed arrays only: it survives structured clone (postMessage) with its typed
 * arrays typed, and headers that share image data share one RGBA array.
 * Pure: no `vscode`, no DOM.
 */
import { isBool, isCount, isFiniteNum, isInt, isObj, isStr, isVec3, Obj } from '../formats/binary/guards';
import type {
  AlphaCompare, BlendMode, ChannelControl, ModelMaterial, Rgba, TevOrder, TevStage, TexGen,
  TexMatrixInfo, ZMode,
} from '../formats/model/types';
import { defaultMaterial } from '../formats/model/defaultMaterial';
import { initialState, ModelForState, PoseState } from '../anim/poseState';
import type { ModelJointInfo } from './modelInfo';

export const MODEL_PAYLOAD_VERSION = 1;

/** Texture-matrix slots, texmap slots, TEV stages, colour channels a material has (GX limits). */
export const TEX_MATRIX_SLOTS = 10;
export const TEX_MAP_SLOTS = 8;
export const TEV_STAGES = 16;
export const TEX_COORDS = 8;

export type Vec3 = [number, number, number];

export interface PayloadShape {
  index: number;
  /** SHP1 matrix type: 0 single, 1 billboard, 2 Y billboard, 3 multi. */
  matrixType: number;
  /** The material the INF1 hierarchy pairs the shape with (the last material node before it); -1 none. */
  material: number;
  /** The joint whose block encloses the shape in INF1; -1 none. */
  joint: number;
  bboxMin: Vec3;
  bboxMax: Vec3;
  vertexCount: number;
  /** 3 per vertex: model bind space (envelope vertices) or joint space (joint vertices), as stored. */
  positions: Float32Array;
  /** 3 per vertex, when the shape has normals. */
  normals?: Float32Array;
  /** CLR0, CLR1: RGBA8, 4 per vertex; null when absent. */
  colors: (Uint8Array | null)[];
  /** TEX0–TEX7: 2 per vertex; null when absent. */
  texCoords: (Float32Array | null)[];
  /** DRW1 index per vertex; 0xFFFF = unresolved (drawn unskinned). */
  drawMatrices: Uint16Array;
  /** 3 indices per triangle into this shape's vertices (GX front faces wind clockwise). */
  triangles: Uint16Array | Uint32Array;
  /** 2 indices per line. */
  lines: Uint16Array | Uint32Array;
  points: Uint16Array | Uint32Array;
  /** Absolute offset and total size of the shape's display lists (what the editor selects). */
  offset: number;
  size: number;
}

export interface PayloadTextureLevel {
  width: number;
  height: number;
  /** RGBA8, row-major, width × height × 4 bytes (GX t = 0 is the first row). */
  rgba: Uint8Array;
}

export interface PayloadTexture {
  index: number;
  name: string;
  format: number;
  formatName: string;
  width: number;
  height: number;
  /** 0 clamp, 1 repeat, 2 mirror. */
  wrapS: number;
  wrapT: number;
  /** 0 near, 1 linear, 2–5 near/linear × mip near/linear. */
  minFilter: number;
  magFilter: number;
  minLod: number;
  maxLod: number;
  lodBias: number;
  /** Mip levels the header declares. */
  imageCount: number;
  headerOffset: number;
  /** Absolute offset and byte length of the image data (every level inside the chunk); -1 / 0 without. */
  imageOffset: number;
  imageByteLength: number;
  paletteOffset: number;
  paletteByteLength: number;
  /** Decoded levels (level 0 first); empty when the texture cannot be decoded or is past the budget. */
  levels: PayloadTextureLevel[];
  /** Why `levels` is empty or shorter than imageCount. */
  problem?: string;
}

export interface PayloadEnvelopes {
  /** Bones per envelope. */
  boneCounts: Uint8Array;
  /** JNT1 joint per bone, envelopes back to back. */
  joints: Uint16Array;
  weights: Float32Array;
}

export type ProblemSeverity = 'error' | 'warning' | 'info';

/** Something the 3D view cannot show as the game does (not a file diagnostic: those travel with ModelInfo). */
export interface RenderProblem {
  severity: ProblemSeverity;
  message: string;
  shape?: number;
  material?: number;
  texture?: number;
}

export interface ModelPayload {
  kind: 'modelPayload';
  version: typeof MODEL_PAYLOAD_VERSION;
  fileName: string;
  /** INF1 scaling rule: 0 Basic, 1 Softimage, 2 Maya. */
  scalingRule: number;
  hierarchyRoots: number[];
  joints: ModelJointInfo[];
  /** DRW1: per entry 0 joint / 1 envelope, and its JNT1 joint or EVP1 envelope index. */
  drawKinds: Uint8Array;
  drawIndices: Uint16Array;
  envelopes: PayloadEnvelopes;
  /** EVP1 inverse binds: 12 numbers (3×4 row-major) per JNT1 joint, as many as stored. */
  inverseBinds: Float32Array;
  shapes: PayloadShape[];
  /** MAT3 materials in index order, every index resolved (unset → the game's defaults). */
  materials: ModelMaterial[];
  textures: PayloadTexture[];
  /** Bind-pose bounds of every vertex (CPU skinned once, here). */
  bounds: { min: Vec3; max: Vec3 };
  problems: RenderProblem[];
}

/** Problems listed per payload at most (a hostile file could produce one per vertex). */
export const MAX_PROBLEMS = 200;

/**
 * The payload's own pose state (bind pose, its material values, every shape visible): what the page
 * hands the animations' apply facets each frame, as initialState does for ModelData in the host.
 */
export function payloadPoseState(p: Pick<ModelPayload, 'joints' | 'materials' | 'shapes'>): PoseState {
  return initialState({ joints: p.joints, materialData: p.materials, shapes: p.shapes } as unknown as ModelForState);
}

// ---- validation in the page ------------------------------------------------------------------

/** Vertices per shape and joints per model the page accepts (u16 counts in the file; streams bounded by the file size). */
const MAX_VERTICES = 1 << 22;
const MAX_ITEMS = 0x10000;

const isU8 = (x: unknown): x is number => isInt(x) && x >= 0 && x <= 0xFF;
const isU16 = (x: unknown): x is number => isInt(x) && x >= 0 && x <= 0xFFFF;
const isRgba = (x: unknown): x is Rgba => Array.isArray(x) && x.length === 4 && x.every(isFiniteNum);
const isNullOr = <T>(x: unknown, f: (y: unknown) => y is T): x is T | null => x === null || f(x);
const isArrayOf = <T>(x: unknown, n: number, f: (y: unknown) => y is T): x is T[] => Array.isArray(x) && x.length === n && x.every(f);

function isChannelControl(x: unknown): x is ChannelControl {
  return isObj(x) && isBool(x.lightingEnabled) && isU8(x.materialSource) && isU8(x.lightMask) && isU8(x.diffuseFunction) &&
    isU8(x.attenuationFunction) && isU8(x.ambientSource);
}
const isTexGen = (x: unknown): x is TexGen => isObj(x) && isU8(x.type) && isU8(x.source) && isU8(x.matrix);
function isTexMatrixInfo(x: unknown): x is TexMatrixInfo {
  return isObj(x) && isU8(x.projection) && isU8(x.mode) && isBool(x.maya) && isVec3(x.center) &&
    Array.isArray(x.scale) && x.scale.length === 2 && x.scale.every(isFiniteNum) && isFiniteNum(x.rotation) &&
    Array.isArray(x.translation) && x.translation.length === 2 && x.translation.every(isFiniteNum) &&
    Array.isArray(x.effectMatrix) && x.effectMatrix.length === 16 && x.effectMatrix.every(isFiniteNum);
}
const isTevOrder = (x: unknown): x is TevOrder => isObj(x) && isU8(x.texCoord) && isU8(x.texMap) && isU8(x.channel);
const isU8x4 = (x: unknown): x is [number, number, number, number] => Array.isArray(x) && x.length === 4 && x.every(isU8);
function isTevStage(x: unknown): x is TevStage {
  return isObj(x) && isU8x4(x.colorIn) && isU8(x.colorOp) && isU8(x.colorBias) && isU8(x.colorScale) && isBool(x.colorClamp) &&
    isU8(x.colorRegister) && isU8x4(x.alphaIn) && isU8(x.alphaOp) && isU8(x.alphaBias) && isU8(x.alphaScale) && isBool(x.alphaClamp) &&
    isU8(x.alphaRegister);
}
const isAlphaCompare = (x: unknown): x is AlphaCompare => isObj(x) && isU8(x.comp0) && isU8(x.ref0) && isU8(x.op) && isU8(x.comp1) && isU8(x.ref1);
const isBlend = (x: unknown): x is BlendMode => isObj(x) && isU8(x.mode) && isU8(x.source) && isU8(x.destination) && isU8(x.logicOp);
const isZMode = (x: unknown): x is ZMode => isObj(x) && isBool(x.compare) && isU8(x.func) && isBool(x.update);

/** A material as the shader generator needs it; `textureCount` bounds the tex numbers. */
export function isPayloadMaterial(x: unknown, textureCount: number): x is ModelMaterial {
  return isObj(x) && isCount(x.index) && isStr(x.name) && isInt(x.entryIndex) && isInt(x.offset) &&
    isU8(x.mode) && isCount(x.cullMode) && isU8(x.colorChannelCount) && isU8(x.texGenCount) && isU8(x.tevStageCount) &&
    isArrayOf(x.materialColors, 2, isRgba) && isArrayOf(x.ambientColors, 2, isRgba) &&
    isArrayOf(x.channelControls, 4, (c): c is ChannelControl | null => isNullOr(c, isChannelControl)) &&
    isArrayOf(x.texGens, TEX_COORDS, isTexGen) &&
    isArrayOf(x.texMatrices, TEX_MATRIX_SLOTS, (t): t is TexMatrixInfo | null => isNullOr(t, isTexMatrixInfo)) &&
    isArrayOf(x.texNumbers, TEX_MAP_SLOTS, (t): t is number | null => t === null || (isU16(t) && t < Math.max(textureCount, 0x10000))) &&
    isArrayOf(x.tevOrders, TEV_STAGES, (t): t is TevOrder | null => isNullOr(t, isTevOrder)) &&
    isArrayOf(x.tevColors, 4, isRgba) && isArrayOf(x.konstColors, 4, isRgba) &&
    isArrayOf(x.konstColorSelectors, TEV_STAGES, (t): t is number | null => isNullOr(t, isU8)) &&
    isArrayOf(x.konstAlphaSelectors, TEV_STAGES, (t): t is number | null => isNullOr(t, isU8)) &&
    isArrayOf(x.tevStages, TEV_STAGES, (t): t is TevStage | null => isNullOr(t, isTevStage)) &&
    isAlphaCompare(x.alphaCompare) && isBlend(x.blend) && isZMode(x.zMode);
}

const isIndexArray = (x: unknown): x is Uint16Array | Uint32Array => x instanceof Uint16Array || x instanceof Uint32Array;

/** Why a shape cannot be drawn, or undefined when it can. */
function shapeProblem(x: Obj, drawCount: number): string | undefined {
  if (!isCount(x.vertexCount) || x.vertexCount > MAX_VERTICES) return 'its vertex count is not a count';
  const n = x.vertexCount;
  if (!(x.positions instanceof Float32Array) || x.positions.length !== n * 3) return 'its positions are not 3 floats per vertex';
  if (x.normals !== undefined && !(x.normals instanceof Float32Array && x.normals.length === n * 3)) return 'its normals are not 3 floats per vertex';
  if (!Array.isArray(x.colors) || x.colors.length !== 2 || !x.colors.every((c) => c === null || (c instanceof Uint8Array && c.length === n * 4))) return 'its colours are not RGBA8 per vertex';
  if (!Array.isArray(x.texCoords) || x.texCoords.length !== TEX_COORDS || !x.texCoords.every((c) => c === null || (c instanceof Float32Array && c.length === n * 2))) return 'its texture coordinates are not 2 floats per vertex';
  if (!(x.drawMatrices instanceof Uint16Array) || x.drawMatrices.length !== n) return 'its draw-matrix indices are not one u16 per vertex';
  for (const k of x.drawMatrices) if (k !== 0xFFFF && k >= drawCount) return `a vertex uses draw matrix ${k}, but DRW1 has ${drawCount}`;
  for (const [name, per] of [['triangles', 3], ['lines', 2], ['points', 1]] as const) {
    const list = x[name];
    if (!isIndexArray(list) || list.length % per !== 0) return `its ${name} are not an index list`;
    for (const i of list) if (i >= n) return `its ${name} use vertex ${i}, but it has ${n}`;
  }
  if (!isU8(x.matrixType) || !isInt(x.material) || !isInt(x.joint) || !isVec3(x.bboxMin) || !isVec3(x.bboxMax) || !isCount(x.offset) || !isCount(x.size)) return 'its header fields are malformed';
  return undefined;
}

function isLevel(x: unknown): x is PayloadTextureLevel {
  return isObj(x) && isCount(x.width) && isCount(x.height) && x.width >= 1 && x.height >= 1 && x.width <= 1024 && x.height <= 1024 &&
    x.rgba instanceof Uint8Array && x.rgba.length === x.width * x.height * 4;
}

function isTextureHeader(x: unknown): x is PayloadTexture {
  return isObj(x) && isCount(x.index) && isStr(x.name) && isU8(x.format) && isStr(x.formatName) && isU16(x.width) && isU16(x.height) &&
    isU8(x.wrapS) && isU8(x.wrapT) && isU8(x.minFilter) && isU8(x.magFilter) && isFiniteNum(x.minLod) && isFiniteNum(x.maxLod) &&
    isFiniteNum(x.lodBias) && isU8(x.imageCount) && isCount(x.headerOffset) && isInt(x.imageOffset) && isCount(x.imageByteLength) &&
    isInt(x.paletteOffset) && isCount(x.paletteByteLength) && Array.isArray(x.levels) && (x.problem === undefined || isStr(x.problem));
}

function isJoint(x: unknown, n: number): x is ModelJointInfo {
  return isObj(x) && isStr(x.name) && isInt(x.parent) && x.parent >= -1 && x.parent < n && Array.isArray(x.children) &&
    x.children.every((c) => isCount(c) && c < n) && isVec3(x.scale) && isVec3(x.rotationDegrees) && isVec3(x.translation) &&
    isBool(x.scaleCompensate) && isVec3(x.bboxMin) && isVec3(x.bboxMax);
}

const isProblem = (x: unknown): x is RenderProblem => isObj(x) && (x.severity === 'error' || x.severity === 'warning' || x.severity === 'info') && isStr(x.message);

export interface UnpackResult {
  /** Undefined when the payload is not a model payload at all; otherwise its usable parts. */
  payload?: ModelPayload;
  /** What was dropped or replaced (the payload's own problems included). */
  problems: RenderProblem[];
}

/**
 * The page's model from whatever arrived. The model-wide tables must be well-formed (else no
 * payload); a malformed shape is left out (its index keeps an empty placeholder), a malformed
 * material becomes the default material, a malformed texture loses its pixels — each with a
 * problem, so the rest still draws.
 */
export function unpackModelPayload(x: unknown): UnpackResult {
  const problems: RenderProblem[] = [];
  const fail = (message: string): UnpackResult => ({ problems: [{ severity: 'error', message: `The model cannot be shown: ${message}.` }] });
  if (!isObj(x) || x.kind !== 'modelPayload') return fail('what arrived is not a model payload');
  if (x.version !== MODEL_PAYLOAD_VERSION) return fail(`payload version ${String(x.version)}, this page reads ${MODEL_PAYLOAD_VERSION}`);
  if (!isStr(x.fileName) || !isCount(x.scalingRule)) return fail('its header is malformed');
  if (!Array.isArray(x.joints) || x.joints.length > MAX_ITEMS || !x.joints.every((j) => isJoint(j, (x.joints as unknown[]).length))) return fail('its joints are malformed');
  const jointCount = x.joints.length;
  if (!Array.isArray(x.hierarchyRoots) || !x.hierarchyRoots.every((r) => isCount(r) && r < jointCount)) return fail('its hierarchy roots are malformed');
  if (!(x.drawKinds instanceof Uint8Array) || !(x.drawIndices instanceof Uint16Array) || x.drawKinds.length !== x.drawIndices.length) return fail('its draw-matrix table is malformed');
  const env = x.envelopes;
  if (!isObj(env) || !(env.boneCounts instanceof Uint8Array) || !(env.joints instanceof Uint16Array) || !(env.weights instanceof Float32Array) ||
    env.joints.length !== env.weights.length) return fail('its envelopes are malformed');
  let bones = 0;
  for (const c of env.boneCounts) bones += c;
  if (bones !== env.joints.length) return fail('its envelope bone counts do not add up');
  for (const j of env.joints) if (j >= jointCount) return fail(`an envelope uses joint ${j}, but there are ${jointCount}`);
  for (const w of env.weights) if (!Number.isFinite(w)) return fail('an envelope weight is not a number');
  for (let k = 0; k < x.drawKinds.length; k++) {
    const limit = x.drawKinds[k] === 1 ? env.boneCounts.length : jointCount;
    if (x.drawIndices[k] >= limit) return fail(`draw matrix ${k} uses ${x.drawKinds[k] === 1 ? 'envelope' : 'joint'} ${x.drawIndices[k]}, but there are ${limit}`);
  }
  if (!(x.inverseBinds instanceof Float32Array) || x.inverseBinds.length % 12 !== 0 || x.inverseBinds.length > jointCount * 12) return fail('its inverse binds are malformed');
  for (const v of x.inverseBinds) if (!Number.isFinite(v)) return fail('an inverse bind is not a number');
  if (!isObj(x.bounds) || !isVec3(x.bounds.min) || !isVec3(x.bounds.max)) return fail('its bounds are malformed');
  if (!Array.isArray(x.shapes) || x.shapes.length > MAX_ITEMS || !Array.isArray(x.materials) || x.materials.length > MAX_ITEMS ||
    !Array.isArray(x.textures) || x.textures.length > MAX_ITEMS) return fail('its shape, material or texture lists are malformed');
  if (Array.isArray(x.problems)) for (const p of x.problems.slice(0, MAX_PROBLEMS)) if (isProblem(p)) problems.push(p);

  const drawCount = x.drawKinds.length;
  const textureCount = x.textures.length;
  const textures: PayloadTexture[] = x.textures.map((t, i) => {
    if (!isTextureHeader(t) || t.index !== i) {
      problems.push({ severity: 'error', texture: i, message: `Texture ${i}: its header is malformed; it is drawn as a placeholder.` });
      return placeholderTexture(i);
    }
    const levels = t.levels.filter(isLevel);
    if (levels.length !== t.levels.length || (levels[0] && (levels[0].width !== t.width || levels[0].height !== t.height))) {
      problems.push({ severity: 'error', texture: i, message: `Texture ${i} (${JSON.stringify(t.name)}): its pixels are malformed; it is drawn as a placeholder.` });
      return { ...t, levels: [], problem: 'pixels malformed' };
    }
    return t;
  });
  const materials: ModelMaterial[] = x.materials.map((m, i) => {
    if (isPayloadMaterial(m, textureCount) && m.index === i) return m;
    problems.push({ severity: 'error', material: i, message: `Material ${i}: its values are malformed; the default material is used.` });
    return defaultMaterial(i, isObj(m) && isStr(m.name) ? m.name : '', -1);
  });
  const shapes: PayloadShape[] = x.shapes.map((s, i) => {
    const why = isObj(s) ? (s.index === i ? shapeProblem(s, drawCount) : 'its index is wrong') : 'it is not an object';
    if (why === undefined) return s as unknown as PayloadShape;
    problems.push({ severity: 'error', shape: i, message: `Shape ${i} is not drawn: ${why}.` });
    return emptyShape(i);
  });
  const payload: ModelPayload = {
    kind: 'modelPayload', version: MODEL_PAYLOAD_VERSION, fileName: x.fileName, scalingRule: x.scalingRule,
    hierarchyRoots: x.hierarchyRoots as number[], joints: x.joints as ModelJointInfo[], drawKinds: x.drawKinds, drawIndices: x.drawIndices,
    envelopes: env as unknown as PayloadEnvelopes, inverseBinds: x.inverseBinds, shapes, materials, textures,
    bounds: x.bounds as ModelPayload['bounds'], problems,
  };
  return { payload, problems };
}

/** A shape that draws nothing (stands in for one that failed validation). */
export function emptyShape(index: number): PayloadShape {
  return {
    index, matrixType: 0, material: -1, joint: -1, bboxMin: [0, 0, 0], bboxMax: [0, 0, 0], vertexCount: 0,
    positions: new Float32Array(0), colors: [null, null], texCoords: new Array(TEX_COORDS).fill(null), drawMatrices: new Uint16Array(0),
    triangles: new Uint16Array(0), lines: new Uint16Array(0), points: new Uint16Array(0), offset: 0, size: 0,
  };
}

function placeholderTexture(index: number): PayloadTexture {
  return {
    index, name: '', format: 0xFF, formatName: 'unknown', width: 0, height: 0, wrapS: 1, wrapT: 1, minFilter: 1, magFilter: 1,
    minLod: 0, maxLod: 0, lodBias: 0, imageCount: 0, headerOffset: 0, imageOffset: -1, imageByteLength: 0, paletteOffset: -1,
    paletteByteLength: 0, levels: [], problem: 'header malformed',
  };
}

/** The payload's diagnostics as the page lists them (used by tests and the editor's list). */
export function problemLines(problems: readonly RenderProblem[]): string[] {
  return problems.map((p) => `${p.severity}: ${p.message}`);
}
