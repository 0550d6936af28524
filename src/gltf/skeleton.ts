/**
 * The J3D skeleton as glTF nodes. glTF composes node TRS plainly (world = parent · T·R·S), so
 * the Maya and Softimage rules (FORMATS.md §10.12, §11.2) are baked: each node's TRS is taken
 * from the posed world matrices, local = world(parent)⁻¹ · world(joint), for the bind pose and
 * for every sampled frame. With the Basic rule this is the joint's own T·R·S again. With Maya's
 * segment scale compensation under a non-uniformly scaled parent, or Softimage's accumulated
 * scale, world(parent)⁻¹ · world(joint) is sheared, which no TRS can hold: such a joint hangs in
 * glTF from the nearest ancestor it is shear-free under at every sampled frame (or from the scene
 * root, where its world matrix is the joint's own rotation and scale), chooseParents().
 */
import type { ModelData } from '../formats/model/types';
import { bindPose, computePose, MATRIX_STRIDE } from '../formats/model/jointMatrices';
import { decompose, invertAffine, Trs } from './affine';

export type GltfSkeletonModel = Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule' | 'envelopes'>;

/** The parent each joint hangs from in glTF (-1: a scene root); a parent link that would loop is cut. */
export function nodeParents(model: Pick<ModelData, 'joints'>): number[] {
  const joints = model.joints ?? [];
  const n = joints.length;
  const parents = joints.map((j) => (Number.isInteger(j.parent) && j.parent >= 0 && j.parent < n ? j.parent : -1));
  // Walk each chain at most n steps: a cycle (hostile INF1) becomes a root where it closes.
  for (let i = 0; i < n; i++) {
    let p = parents[i], steps = 0;
    while (p >= 0 && p !== i && steps <= n) { p = parents[p]; steps++; }
    if (p === i || steps > n) parents[i] = -1;
  }
  return parents;
}

/** Node TRS of every joint from world matrices (12 per joint) and the glTF parents. */
export function localTrs(world: Float64Array, parents: readonly number[], scratch = new Float64Array(MATRIX_STRIDE * 2)): Trs[] {
  return parents.map((p, j) => localTrsOf(world, parents, j, scratch));
}

export function localTrsOf(world: Float64Array, parents: readonly number[], j: number, scratch: Float64Array): Trs {
  const p = parents[j];
  if (p < 0) return decompose(world, j * MATRIX_STRIDE);
  invertAffine(scratch, 0, world, p * MATRIX_STRIDE);
  multiply(scratch, MATRIX_STRIDE, scratch, 0, world, j * MATRIX_STRIDE);
  return decompose(scratch, MATRIX_STRIDE);
}

function multiply(out: Float64Array, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  for (let r = 0; r < 3; r++) {
    const a0 = a[ao + r * 4], a1 = a[ao + r * 4 + 1], a2 = a[ao + r * 4 + 2], a3 = a[ao + r * 4 + 3];
    for (let c = 0; c < 4; c++) out[o + r * 4 + c] = a0 * b[bo + c] + a1 * b[bo + 4 + c] + a2 * b[bo + 8 + c] + (c === 3 ? a3 : 0);
  }
}

export interface SkinBinding {
  /** Bind-pose world matrices (12 per joint), the model's scaling rule applied. */
  bindWorld: Float64Array;
  /**
   * The inverse bind matrix of each joint (12 per joint): EVP1's stored one for joints an envelope
   * uses (so envelope vertices skin exactly as the game's Σ w · world · inverseBind), else the
   * inverse of the bind world matrix.
   */
  inverseBinds: Float64Array;
  /** Its inverse: where a joint-space (rigid) vertex goes in bind space, vertex' = bind · vertex. */
  binds: Float64Array;
}

export function skinBinding(model: GltfSkeletonModel): SkinBinding {
  const n = model.joints?.length ?? 0;
  const bindWorld = bindPose(model).world;
  const inverseBinds = new Float64Array(n * MATRIX_STRIDE);
  const binds = new Float64Array(n * MATRIX_STRIDE);
  const stored = model.envelopes?.inverseBinds ?? new Float64Array(0);
  const used = new Set<number>();
  for (const e of model.envelopes?.envelopes ?? []) for (const j of e.joints) used.add(j);
  for (let j = 0; j < n; j++) {
    const o = j * MATRIX_STRIDE;
    const haveStored = used.has(j) && o + MATRIX_STRIDE <= stored.length && invertAffine(binds, o, stored, o);
    if (haveStored) inverseBinds.set(stored.subarray(o, o + MATRIX_STRIDE), o);
    else {
      invertAffine(inverseBinds, o, bindWorld, o);
      invertAffine(binds, o, inverseBinds, o);
    }
  }
  return { bindWorld, inverseBinds, binds };
}

/** Ancestors tried as a glTF parent before the scene root. */
const MAX_ANCESTORS = 8;
/** |cos| between two columns of a local matrix above which it is sheared. */
const SHEAR_EPSILON = 1e-5;

function sheared(m: Float64Array, o: number): boolean {
  for (let a = 0; a < 3; a++) {
    for (let b = a + 1; b < 3; b++) {
      const dot = m[o + a] * m[o + b] + m[o + 4 + a] * m[o + 4 + b] + m[o + 8 + a] * m[o + 8 + b];
      const la = Math.hypot(m[o + a], m[o + 4 + a], m[o + 8 + a]), lb = Math.hypot(m[o + b], m[o + 4 + b], m[o + 8 + b]);
      if (la > 0 && lb > 0 && Math.abs(dot) > SHEAR_EPSILON * la * lb) return true;
    }
  }
  return false;
}

/**
 * glTF parents: each joint's JNT1 parent, or its nearest ancestor (then the root) under which
 * its local matrix is a plain T·R·S in every world-matrix set given (bind pose, sampled frames).
 * Basic models keep the JNT1 hierarchy as is (their locals are T·R·S by construction).
 */
export function chooseParents(model: Pick<ModelData, 'joints' | 'scalingRule'>, worlds: Iterable<Float64Array>): number[] {
  const parents = nodeParents(model);
  if (model.scalingRule === 0) return parents;
  const n = parents.length;
  const chains = parents.map((p) => {
    const chain: number[] = [];
    for (let a = p; a >= 0 && chain.length < MAX_ANCESTORS; a = parents[a]) chain.push(a);
    chain.push(-1);
    return chain;
  });
  const best = new Int32Array(n);
  const scratch = new Float64Array(MATRIX_STRIDE * 2);
  for (const world of worlds) {
    for (let j = 0; j < n; j++) {
      const chain = chains[j];
      while (best[j] < chain.length - 1) {
        const a = chain[best[j]];
        invertAffine(scratch, 0, world, a * MATRIX_STRIDE);
        multiply(scratch, MATRIX_STRIDE, scratch, 0, world, j * MATRIX_STRIDE);
        if (!sheared(scratch, MATRIX_STRIDE)) break;
        best[j]++;
      }
    }
  }
  return chains.map((chain, j) => chain[best[j]]);
}

export { bindPose, computePose };
