/**
 * Posing and skinning a decoded model (FORMATS.md §10.12), after the joints' world matrices
 * (skeleton.ts: local T·Rz·Ry·Rx·S, Basic / Softimage / Maya rules):
 *  3. draw matrix k (DRW1): a joint entry is world[joint] (those vertices are stored in joint
 *     space); an envelope entry is Σ weight · world[joint] × inverseBind[joint] (vertices stored
 *     in model bind space);
 *  4. each display-list vertex = drawMatrix[its DRW1 index] × position; normals by the
 *     inverse-transpose of the 3×3 (renormalised). Billboard shapes are posed as single-matrix.
 *
 * Matrices are 3×4 row-major (GX `Mtx`), 12 numbers each, Float64 like skeleton.ts: the same
 * layout as the game and the stored inverse binds, no transposes (see README: why not gl-matrix).
 * Pure: no `vscode`, no DOM. Bad indices never throw: they pose with the identity.
 */
import type { ModelData, ModelShape } from '../formats/model/types';
import { DrawMatrixKind } from '../formats/model/types';
import { bindPose, computePose, MATRIX_STRIDE, multiplyAffine, Pose, SkeletonOptions } from '../formats/model/jointMatrices';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

export type PoseModel = Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule' | 'envelopes' | 'drawMatrices' | 'shapes'>;

/** Draw matrices (12 numbers per DRW1 entry) from the joints' world matrices. */
export function computeDrawMatrices(model: Pick<ModelData, 'joints' | 'envelopes' | 'drawMatrices'>, world: Float64Array, out?: Float64Array): Float64Array {
  const drw = model.drawMatrices;
  const n = drw ? drw.kinds.length : 0;
  const result = out && out.length === n * MATRIX_STRIDE ? out : new Float64Array(n * MATRIX_STRIDE);
  const jointCount = Math.floor(world.length / MATRIX_STRIDE);
  const envelopes = model.envelopes?.envelopes ?? [];
  const binds = model.envelopes?.inverseBinds ?? new Float64Array(0);
  const skinned = new Float64Array(MATRIX_STRIDE);
  for (let k = 0; k < n; k++) {
    const o = k * MATRIX_STRIDE;
    const index = drw!.indices[k];
    if (drw!.kinds[k] === DrawMatrixKind.Envelope) {
      const env = envelopes[index];
      result.fill(0, o, o + MATRIX_STRIDE);
      if (!env) { result.set(IDENTITY, o); continue; }
      for (let b = 0; b < env.joints.length; b++) {
        const j = env.joints[b];
        if (j >= jointCount) continue;
        const w = env.weights[b];
        if ((j + 1) * MATRIX_STRIDE <= binds.length) multiplyAffine(skinned, 0, world, j * MATRIX_STRIDE, binds, j * MATRIX_STRIDE);
        else skinned.set(world.subarray(j * MATRIX_STRIDE, (j + 1) * MATRIX_STRIDE));
        for (let c = 0; c < MATRIX_STRIDE; c++) result[o + c] += w * skinned[c];
      }
    } else if (index < jointCount) {
      result.set(world.subarray(index * MATRIX_STRIDE, (index + 1) * MATRIX_STRIDE), o);
    } else {
      result.set(IDENTITY, o);
    }
  }
  return result;
}

export interface PosedShape {
  /** 3 per stream vertex, posed (model space). */
  positions: Float32Array;
  /** 3 per stream vertex, when the shape has normals. */
  normals?: Float32Array;
}

/** Poses one shape's vertex stream with the draw matrices (vertices with no matrix keep their stored position). */
export function skinShape(shape: ModelShape, draw: Float64Array, out?: PosedShape): PosedShape {
  const n = shape.vertexCount;
  const positions = out?.positions.length === n * 3 ? out.positions : new Float32Array(n * 3);
  const normals = shape.normals ? (out?.normals?.length === n * 3 ? out.normals : new Float32Array(n * 3)) : undefined;
  const drawCount = Math.floor(draw.length / MATRIX_STRIDE);
  const src = shape.positions, nsrc = shape.normals;
  let last = -1;
  // Inverse-transpose of the current 3×3: the cofactor matrix (its 1/det dropped by renormalising,
  // but not its sign: a mirrored matrix must mirror the normal).
  let c00 = 1, c01 = 0, c02 = 0, c10 = 0, c11 = 1, c12 = 0, c20 = 0, c21 = 0, c22 = 1;
  for (let v = 0; v < n; v++) {
    const k = shape.drawMatrices[v];
    const x = src[v * 3], y = src[v * 3 + 1], z = src[v * 3 + 2];
    if (k >= drawCount) {
      positions[v * 3] = x; positions[v * 3 + 1] = y; positions[v * 3 + 2] = z;
      if (normals && nsrc) { normals[v * 3] = nsrc[v * 3]; normals[v * 3 + 1] = nsrc[v * 3 + 1]; normals[v * 3 + 2] = nsrc[v * 3 + 2]; }
      continue;
    }
    const o = k * MATRIX_STRIDE;
    positions[v * 3] = draw[o] * x + draw[o + 1] * y + draw[o + 2] * z + draw[o + 3];
    positions[v * 3 + 1] = draw[o + 4] * x + draw[o + 5] * y + draw[o + 6] * z + draw[o + 7];
    positions[v * 3 + 2] = draw[o + 8] * x + draw[o + 9] * y + draw[o + 10] * z + draw[o + 11];
    if (normals && nsrc) {
      if (k !== last) {
        const a = draw[o], b = draw[o + 1], c = draw[o + 2], d = draw[o + 4], e = draw[o + 5], f = draw[o + 6], g = draw[o + 8], h = draw[o + 9], i = draw[o + 10];
        c00 = e * i - f * h; c01 = f * g - d * i; c02 = d * h - e * g;
        c10 = c * h - b * i; c11 = a * i - c * g; c12 = b * g - a * h;
        c20 = b * f - c * e; c21 = c * d - a * f; c22 = a * e - b * d;
        if (a * c00 + b * c01 + c * c02 < 0) {
          c00 = -c00; c01 = -c01; c02 = -c02; c10 = -c10; c11 = -c11; c12 = -c12; c20 = -c20; c21 = -c21; c22 = -c22;
        }
        last = k;
      }
      const nx = nsrc[v * 3], ny = nsrc[v * 3 + 1], nz = nsrc[v * 3 + 2];
      // (M^-1)^T = cofactors / det: row r of the cofactors dotted with n (the transpose, M^-1·n, turned normals backwards).
      let rx = c00 * nx + c01 * ny + c02 * nz;
      let ry = c10 * nx + c11 * ny + c12 * nz;
      let rz = c20 * nx + c21 * ny + c22 * nz;
      const len = Math.hypot(rx, ry, rz);
      if (len > 0) { rx /= len; ry /= len; rz /= len; }
      normals[v * 3] = rx; normals[v * 3 + 1] = ry; normals[v * 3 + 2] = rz;
    }
  }
  return { positions, normals };
}

export interface ModelPose extends Pose {
  /** 12 numbers per DRW1 entry. */
  draw: Float64Array;
  shapes: PosedShape[];
}

/** World, draw matrices and posed shapes from joint world matrices (computePose / bindPose). */
export function poseShapes(model: PoseModel, pose: Pose): ModelPose {
  const draw = computeDrawMatrices(model, pose.world);
  return { ...pose, draw, shapes: (model.shapes ?? []).map((s) => skinShape(s, draw)) };
}

/** The model in its bind pose (JNT1 transforms), skinned. */
export function bindPoseModel(model: PoseModel, options: SkeletonOptions = {}): ModelPose {
  return poseShapes(model, bindPose(model, options));
}

/** The model posed from a locals array (skeleton.ts LOCAL_STRIDE per joint), skinned. */
export function poseModel(model: PoseModel, locals: ArrayLike<number>, options: SkeletonOptions = {}): ModelPose {
  return poseShapes(model, computePose(model, locals, options));
}

