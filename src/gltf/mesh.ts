/**
 * SHP1 shapes → glTF primitive data. The decoder gives each shape as a vertex stream (every
 * display-list vertex, strips and fans already triangulated); glTF has one index per vertex, so
 * stream vertices are merged where every attribute they carry is the same (GX per-attribute
 * indices split on the combination used, FORMATS.md §11.2). Winding: GX front faces are
 * clockwise (the 3D view draws with frontFace(CW)); glTF's are counter-clockwise, so each
 * triangle is written reversed.
 *
 * Skinning: a vertex whose draw matrix is a joint is stored in joint space; glTF wants bind space,
 * so it is moved by the joint's bind matrix (the inverse of its inverse bind) with weight 1. An
 * envelope vertex is stored in bind space already and takes the envelope's joints and weights
 * (normalised after float32 rounding; more than four → JOINTS_1/WEIGHTS_1, up to eight).
 */
import type { ModelData, ModelShape } from '../formats/model/types';
import { DrawMatrixKind } from '../formats/model/types';
import { MATRIX_STRIDE } from '../formats/model/jointMatrices';

/** Influences per vertex glTF gets (two JOINTS/WEIGHTS sets); more are dropped, the largest kept. */
export const MAX_INFLUENCES = 8;

export interface PrimitiveData {
  shape: number;
  positions: Float32Array;
  normals?: Float32Array;
  /** RGBA 0..255 per colour set. */
  colors: Uint8Array[];
  texCoords: Float32Array[];
  /** 4 per vertex per set (one set, or two when some vertex has more than four influences). */
  joints: Uint16Array[];
  weights: Float32Array[];
  indices: Uint32Array;
  /** Stream vertices merged into one glTF vertex (for the report). */
  streamVertices: number;
  /** Vertices without a draw matrix: they are bound to joint 0. */
  unresolved: number;
  /** Envelope influences dropped beyond MAX_INFLUENCES. */
  droppedInfluences: number;
}

type Influences = { joints: number[]; weights: number[] };

function influencesOf(model: Pick<ModelData, 'drawMatrices' | 'envelopes' | 'joints'>, k: number): Influences | undefined {
  const drw = model.drawMatrices;
  const jointCount = model.joints?.length ?? 0;
  if (!drw || k >= drw.kinds.length) return undefined;
  const index = drw.indices[k];
  if (drw.kinds[k] !== DrawMatrixKind.Envelope) return index < jointCount ? { joints: [index], weights: [1] } : undefined;
  const env = model.envelopes?.envelopes[index];
  if (!env) return undefined;
  const joints: number[] = [], weights: number[] = [];
  env.joints.forEach((j, b) => {
    const w = env.weights[b];
    if (j < jointCount && Number.isFinite(w) && w > 0) {
      const at = joints.indexOf(j);
      if (at >= 0) weights[at] += w; else { joints.push(j); weights.push(w); }
    }
  });
  return joints.length ? { joints, weights } : undefined;
}

/** Weights normalised so that their float32 values sum to 1 within float32 rounding. */
function normalised(weights: number[]): Float32Array {
  const out = new Float32Array(weights.length);
  const sum = weights.reduce((a, b) => a + b, 0);
  weights.forEach((w, i) => { out[i] = w / sum; });
  let largest = 0;
  for (let i = 1; i < out.length; i++) if (out[i] > out[largest]) largest = i;
  let rest = 0;
  for (let i = 0; i < out.length; i++) if (i !== largest) rest += out[i];
  out[largest] = 1 - rest;
  return out;
}

export function buildPrimitive(model: Pick<ModelData, 'drawMatrices' | 'envelopes' | 'joints'>, shape: ModelShape, binds: Float64Array): PrimitiveData {
  const n = shape.vertexCount;
  const colorSets = shape.colors.filter((c): c is Uint8Array => !!c && c.length === n * 4);
  const uvSets = shape.texCoords.filter((t): t is Float32Array => !!t && t.length === n * 2);
  const hasNormals = !!shape.normals && shape.normals.length === n * 3;
  const drawCache = new Map<number, Influences | undefined>();
  const remap = new Int32Array(n).fill(-1);
  const keyOf = new Map<string, number>();
  const order: number[] = [];
  let unresolved = 0;
  const infl: (Influences | undefined)[] = [];
  for (let v = 0; v < n; v++) {
    const k = shape.drawMatrices[v];
    let i = drawCache.get(k);
    if (!drawCache.has(k)) { i = influencesOf(model, k); drawCache.set(k, i); }
    if (!i) unresolved++;
    const parts: (number | string)[] = [k, shape.positions[v * 3], shape.positions[v * 3 + 1], shape.positions[v * 3 + 2]];
    if (hasNormals) parts.push(shape.normals![v * 3], shape.normals![v * 3 + 1], shape.normals![v * 3 + 2]);
    for (const c of colorSets) parts.push(c[v * 4], c[v * 4 + 1], c[v * 4 + 2], c[v * 4 + 3]);
    for (const t of uvSets) parts.push(t[v * 2], t[v * 2 + 1]);
    const key = parts.join(',');
    let at = keyOf.get(key);
    if (at === undefined) { at = order.length; keyOf.set(key, at); order.push(v); infl.push(i); }
    remap[v] = at;
  }
  const m = order.length;
  const positions = new Float32Array(m * 3);
  const normals = hasNormals ? new Float32Array(m * 3) : undefined;
  const colors = colorSets.map(() => new Uint8Array(m * 4));
  const texCoords = uvSets.map(() => new Float32Array(m * 2));
  const sets = infl.some((i) => i && i.joints.length > 4) ? 2 : 1;
  const joints = Array.from({ length: sets }, () => new Uint16Array(m * 4));
  const weights = Array.from({ length: sets }, () => new Float32Array(m * 4));
  let dropped = 0;
  for (let o = 0; o < m; o++) {
    const v = order[o];
    const x = shape.positions[v * 3], y = shape.positions[v * 3 + 1], z = shape.positions[v * 3 + 2];
    let i = infl[o];
    const rigid = i && i.joints.length === 1 && model.drawMatrices?.kinds[shape.drawMatrices[v]] !== DrawMatrixKind.Envelope;
    if (!i) i = { joints: [0], weights: [1] };
    if (rigid || !infl[o]) {
      // Joint space → bind space through the joint's bind matrix.
      const b = i.joints[0] * MATRIX_STRIDE;
      const has = b + MATRIX_STRIDE <= binds.length;
      positions[o * 3] = has ? binds[b] * x + binds[b + 1] * y + binds[b + 2] * z + binds[b + 3] : x;
      positions[o * 3 + 1] = has ? binds[b + 4] * x + binds[b + 5] * y + binds[b + 6] * z + binds[b + 7] : y;
      positions[o * 3 + 2] = has ? binds[b + 8] * x + binds[b + 9] * y + binds[b + 10] * z + binds[b + 11] : z;
      if (normals) rotateNormal(normals, o, shape.normals!, v, has ? binds : undefined, b);
    } else {
      positions[o * 3] = x; positions[o * 3 + 1] = y; positions[o * 3 + 2] = z;
      if (normals) rotateNormal(normals, o, shape.normals!, v, undefined, 0);
    }
    colorSets.forEach((c, s) => colors[s].set(c.subarray(v * 4, v * 4 + 4), o * 4));
    uvSets.forEach((t, s) => texCoords[s].set(t.subarray(v * 2, v * 2 + 2), o * 2));
    let js = i.joints, ws = i.weights;
    if (js.length > MAX_INFLUENCES) {
      const keep = js.map((_, b) => b).sort((a, b) => ws[b] - ws[a]).slice(0, MAX_INFLUENCES);
      dropped += js.length - MAX_INFLUENCES;
      js = keep.map((b) => js[b]); ws = keep.map((b) => ws[b]);
    }
    const w = normalised(ws);
    js.forEach((j, b) => {
      joints[b >> 2][o * 4 + (b & 3)] = j;
      weights[b >> 2][o * 4 + (b & 3)] = w[b];
    });
  }
  const tri = shape.triangles;
  const indices = new Uint32Array(tri.length - (tri.length % 3));
  for (let t = 0; t + 2 < tri.length; t += 3) {
    indices[t] = remap[tri[t]] < 0 ? 0 : remap[tri[t]];
    indices[t + 1] = remap[tri[t + 2]] < 0 ? 0 : remap[tri[t + 2]];
    indices[t + 2] = remap[tri[t + 1]] < 0 ? 0 : remap[tri[t + 1]];
  }
  return { shape: shape.index, positions, normals, colors, texCoords, joints, weights, indices, streamVertices: n, unresolved, droppedInfluences: dropped };
}

/** A normal through the inverse-transpose of m's 3×3 (none: copied), renormalised. */
function rotateNormal(out: Float32Array, o: number, src: Float32Array, v: number, m: Float64Array | undefined, b: number): void {
  let x = src[v * 3], y = src[v * 3 + 1], z = src[v * 3 + 2];
  if (m) {
    const a = m[b], bb = m[b + 1], c = m[b + 2], d = m[b + 4], e = m[b + 5], f = m[b + 6], g = m[b + 8], h = m[b + 9], i = m[b + 10];
    const rx = (e * i - f * h) * x + (f * g - d * i) * y + (d * h - e * g) * z;
    const ry = (c * h - bb * i) * x + (a * i - c * g) * y + (bb * g - a * h) * z;
    const rz = (bb * f - c * e) * x + (c * d - a * f) * y + (a * e - bb * d) * z;
    x = rx; y = ry; z = rz;
  }
  const len = Math.hypot(x, y, z);
  if (len > 0 && Number.isFinite(len)) { x /= len; y /= len; z /= len; } else { x = 0; y = 1; z = 0; }
  out[o * 3] = x; out[o * 3 + 1] = y; out[o * 3 + 2] = z;
}
