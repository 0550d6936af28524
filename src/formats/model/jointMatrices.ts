/**
 * A J3D model's joint matrices: joint world matrices from the model's hierarchy and per-joint local
 * scale/rotation/translation (its bind pose from JNT1, or an animation's locals).
 *
 * Local matrix = T · Rz · Ry · Rx · S (the game's J3DGetTranslateRotateMtx order, rotations in
 * degrees); world(joint) = world(parent) · local(joint), roots start from the identity.
 * Maya segment scale compensation (INF1 scaling rule 2 and the joint's SSC byte = 1) divides the
 * rows of the local 3×3 by the parent's local scale (translation untouched); it is applied by
 * default exactly when the model asks for it (`scaleCompensate` option overrides).
 * Softimage (rule 1, decomp J3DMtxCalcSoftimage): translations are multiplied by the parents'
 * accumulated scale, the chain holds rotation and translation only, and the joint's matrix is
 * the chain × diag(accumulated scale) (FORMATS.md §10.12).
 *
 * Matrices are 3×4 row-major, 12 numbers per joint (GX `Mtx` layout):
 *   [m00 m01 m02 m03 | m10 m11 m12 m13 | m20 m21 m22 m23], the joint origin is (m03, m13, m23).
 *
 * Pure: no `vscode`, no DOM. Posing by an animation (src/anim/skeleton.ts) feeds its locals here.
 */
import type { ModelData, ModelJoint } from './types';
import { ScalingRule } from './types';

/** Numbers per joint in a locals array: sx sy sz, rx ry rz (degrees), tx ty tz. */
export const LOCAL_STRIDE = 9;
/** Numbers per joint in a matrices array (3×4 row-major). */
export const MATRIX_STRIDE = 12;

export type SkeletonModel = Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule'>;

export interface SkeletonOptions {
  /** Apply Maya segment scale compensation; default: when the model's scaling rule is Maya. */
  scaleCompensate?: boolean;
}

export interface Pose {
  /** MATRIX_STRIDE numbers per model joint. */
  world: Float64Array;
  /** x, y, z of each joint origin (3 per joint). */
  positions: Float64Array;
}

/** The model's bind pose as a locals array (LOCAL_STRIDE per joint). */
export function bindPoseLocals(model: Pick<ModelData, 'joints'>): Float64Array {
  const joints = model.joints ?? [];
  const out = new Float64Array(joints.length * LOCAL_STRIDE);
  joints.forEach((j, i) => writeJointLocal(out, i, j));
  return out;
}

function writeJointLocal(out: Float64Array, i: number, j: ModelJoint): void {
  const o = i * LOCAL_STRIDE;
  for (let a = 0; a < 3; a++) {
    out[o + a] = num(j.scale?.[a], 1);
    out[o + 3 + a] = num(j.rotationDegrees?.[a], 0);
    out[o + 6 + a] = num(j.translation?.[a], 0);
  }
}

function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/**
 * Writes T · Rz · Ry · Rx · S into out[o … o+11] (row-major 3×4). Angles in degrees.
 * When `parentScale` is given (segment scale compensation), row r of the 3×3 is divided by it.
 */
export function composeLocalMatrix(
  out: Float64Array, o: number,
  sx: number, sy: number, sz: number,
  rxDeg: number, ryDeg: number, rzDeg: number,
  tx: number, ty: number, tz: number,
  parentScale?: ArrayLike<number>,
): void {
  const d = Math.PI / 180;
  const cx = Math.cos(rxDeg * d), snx = Math.sin(rxDeg * d);
  const cy = Math.cos(ryDeg * d), sny = Math.sin(ryDeg * d);
  const cz = Math.cos(rzDeg * d), snz = Math.sin(rzDeg * d);
  // R = Rz · Ry · Rx
  const r00 = cz * cy, r01 = cz * sny * snx - snz * cx, r02 = cz * sny * cx + snz * snx;
  const r10 = snz * cy, r11 = snz * sny * snx + cz * cx, r12 = snz * sny * cx - cz * snx;
  const r20 = -sny, r21 = cy * snx, r22 = cy * cx;
  let k0 = 1, k1 = 1, k2 = 1;
  if (parentScale) {
    k0 = safeInverse(parentScale[0]);
    k1 = safeInverse(parentScale[1]);
    k2 = safeInverse(parentScale[2]);
  }
  out[o] = r00 * sx * k0; out[o + 1] = r01 * sy * k0; out[o + 2] = r02 * sz * k0; out[o + 3] = tx;
  out[o + 4] = r10 * sx * k1; out[o + 5] = r11 * sy * k1; out[o + 6] = r12 * sz * k1; out[o + 7] = ty;
  out[o + 8] = r20 * sx * k2; out[o + 9] = r21 * sy * k2; out[o + 10] = r22 * sz * k2; out[o + 11] = tz;
}

function safeInverse(s: number): number {
  return s !== 0 && Number.isFinite(s) ? 1 / s : 1;
}

/** out[o…] = a[ao…] · b[bo…] for 3×4 affine matrices (out may not alias a or b). */
export function multiplyAffine(out: Float64Array, o: number, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): void {
  for (let r = 0; r < 3; r++) {
    const a0 = a[ao + r * 4], a1 = a[ao + r * 4 + 1], a2 = a[ao + r * 4 + 2], a3 = a[ao + r * 4 + 3];
    for (let c = 0; c < 4; c++) {
      out[o + r * 4 + c] = a0 * b[bo + c] + a1 * b[bo + 4 + c] + a2 * b[bo + 8 + c] + (c === 3 ? a3 : 0);
    }
  }
}

/**
 * Joint indices with every parent before its children: depth-first from the hierarchy roots,
 * then the joints not reached (orphans, or a parent link that is not a valid tree) in index order.
 */
export function jointOrder(model: Pick<ModelData, 'joints' | 'hierarchyRoots'>): number[] {
  const joints = model.joints ?? [];
  const n = joints.length;
  const seen = new Uint8Array(n);
  const order: number[] = [];
  const stack: number[] = [];
  const roots = (model.hierarchyRoots ?? []).filter((r) => Number.isInteger(r) && r >= 0 && r < n);
  for (let k = roots.length - 1; k >= 0; k--) stack.push(roots[k]);
  const visit = (): void => {
    while (stack.length) {
      const j = stack.pop()!;
      if (seen[j]) continue;
      seen[j] = 1;
      order.push(j);
      const children = joints[j].children ?? [];
      for (let k = children.length - 1; k >= 0; k--) {
        const c = children[k];
        if (Number.isInteger(c) && c >= 0 && c < n && !seen[c]) stack.push(c);
      }
    }
  };
  visit();
  for (let j = 0; j < n; j++) {
    if (!seen[j]) {
      stack.push(j);
      visit();
    }
  }
  return order;
}

/** Parent → child joint pairs (bone segments), in hierarchy order. */
export function boneSegments(model: Pick<ModelData, 'joints' | 'hierarchyRoots'>): [number, number][] {
  const joints = model.joints ?? [];
  const out: [number, number][] = [];
  for (const j of jointOrder(model)) {
    const p = joints[j].parent;
    if (Number.isInteger(p) && p >= 0 && p < joints.length && p !== j) out.push([p, j]);
  }
  return out;
}

/**
 * World matrices and origins of every model joint from a locals array (LOCAL_STRIDE per joint;
 * missing joints take the bind pose). A parent that has not been composed yet (not a tree)
 * counts as the identity.
 */
export function computePose(model: SkeletonModel, locals: ArrayLike<number>, options: SkeletonOptions = {}, out?: Pose): Pose {
  const joints = model.joints ?? [];
  const n = joints.length;
  const pose: Pose = out && out.world.length === n * MATRIX_STRIDE && out.positions.length === n * 3
    ? out
    : { world: new Float64Array(n * MATRIX_STRIDE), positions: new Float64Array(n * 3) };
  const ssc = options.scaleCompensate ?? model.scalingRule === ScalingRule.Maya;
  const local = new Float64Array(MATRIX_STRIDE);
  const done = new Uint8Array(n);
  const value = (j: number, k: number, fallback: number): number => {
    const v = locals[j * LOCAL_STRIDE + k];
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  const parentScale = [1, 1, 1];
  // Softimage rule: per joint the chain matrix (rotation + scaled translation) and the scale
  // accumulated from the root; world = chain × diag(accumulated scale).
  const softimage = model.scalingRule === ScalingRule.Softimage;
  const chain = softimage ? new Float64Array(n * MATRIX_STRIDE) : undefined;
  const accumulated = softimage ? new Float64Array(n * 3) : undefined;
  for (const j of jointOrder(model)) {
    const joint = joints[j];
    const has = j * LOCAL_STRIDE + LOCAL_STRIDE <= locals.length;
    const sx = has ? value(j, 0, 1) : num(joint.scale?.[0], 1);
    const sy = has ? value(j, 1, 1) : num(joint.scale?.[1], 1);
    const sz = has ? value(j, 2, 1) : num(joint.scale?.[2], 1);
    const rx = has ? value(j, 3, 0) : num(joint.rotationDegrees?.[0], 0);
    const ry = has ? value(j, 4, 0) : num(joint.rotationDegrees?.[1], 0);
    const rz = has ? value(j, 5, 0) : num(joint.rotationDegrees?.[2], 0);
    const tx = has ? value(j, 6, 0) : num(joint.translation?.[0], 0);
    const ty = has ? value(j, 7, 0) : num(joint.translation?.[1], 0);
    const tz = has ? value(j, 8, 0) : num(joint.translation?.[2], 0);
    const p = joint.parent;
    const hasParent = Number.isInteger(p) && p >= 0 && p < n && p !== j && done[p] === 1;
    let compensate: number[] | undefined;
    if (ssc && joint.scaleCompensate && hasParent) {
      const pj = joints[p];
      const ph = p * LOCAL_STRIDE + LOCAL_STRIDE <= locals.length;
      parentScale[0] = ph ? value(p, 0, 1) : num(pj.scale?.[0], 1);
      parentScale[1] = ph ? value(p, 1, 1) : num(pj.scale?.[1], 1);
      parentScale[2] = ph ? value(p, 2, 1) : num(pj.scale?.[2], 1);
      compensate = parentScale;
    }
    const o = j * MATRIX_STRIDE;
    if (chain && accumulated) {
      const ps = hasParent ? [accumulated[p * 3], accumulated[p * 3 + 1], accumulated[p * 3 + 2]] : [1, 1, 1];
      accumulated[j * 3] = ps[0] * sx; accumulated[j * 3 + 1] = ps[1] * sy; accumulated[j * 3 + 2] = ps[2] * sz;
      composeLocalMatrix(local, 0, 1, 1, 1, rx, ry, rz, tx * ps[0], ty * ps[1], tz * ps[2]);
      if (hasParent) multiplyAffine(chain, o, chain, p * MATRIX_STRIDE, local, 0);
      else chain.set(local, o);
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) pose.world[o + r * 4 + c] = chain[o + r * 4 + c] * accumulated[j * 3 + c];
        pose.world[o + r * 4 + 3] = chain[o + r * 4 + 3];
      }
    } else if (hasParent) {
      composeLocalMatrix(local, 0, sx, sy, sz, rx, ry, rz, tx, ty, tz, compensate);
      multiplyAffine(pose.world, o, pose.world, p * MATRIX_STRIDE, local, 0);
    } else {
      composeLocalMatrix(pose.world, o, sx, sy, sz, rx, ry, rz, tx, ty, tz);
    }
    done[j] = 1;
    pose.positions[j * 3] = pose.world[o + 3];
    pose.positions[j * 3 + 1] = pose.world[o + 7];
    pose.positions[j * 3 + 2] = pose.world[o + 11];
  }
  return pose;
}

/** The bind pose of the model (every joint at its JNT1 transform). */
export function bindPose(model: SkeletonModel, options: SkeletonOptions = {}): Pose {
  return computePose(model, bindPoseLocals(model), options);
}
