/**
 * glTF node TRS per frame → the J3D joint locals (scale, rotation in degrees, translation) the
 * model's scaling rule composes back into the same world matrices. The export (src/gltf/skeleton.ts)
 * bakes the rules into node TRS and may hang a joint from another ancestor; here every joint's
 * world matrix is rebuilt through the glTF hierarchy, then solved against its JNT1 parent's:
 * Basic: local = world(parent)⁻¹ · world(joint); Maya (segment scale compensation): the same with
 * the parent's scale multiplied back into the rows; Softimage: world = chain · diag(accumulated
 * scale), so the chain and the accumulated scale come apart by column lengths.
 * Rotation matrices become the J3D Euler angles (R = Rz · Ry · Rx), unwrapped: of the two Euler
 * solutions and their 360° turns, each frame takes the one nearest the previous frame's (the
 * first frame: nearest the joint's bind-pose angles), so a spin never jumps by 360°.
 */
import { ModelData, ScalingRule } from '../formats/model/types';
import { composeLocalMatrix, jointOrder, LOCAL_STRIDE, MATRIX_STRIDE, multiplyAffine } from '../formats/model/jointMatrices';
import { invertAffine } from '../gltf/affine';
import type { GltfChannelData, GltfNodeData } from './gltfRead';
import { sampleChannel } from './sampleChannel';

export type JointModel = Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule'>;

const DEG = 180 / Math.PI;

/** T · R(quaternion) · S into out[o…] (3×4 row-major). */
/** The matrix of a TRS held as 10 numbers at trs[k] (t 3, r 4, s 3). */
function composeTrs(out: Float64Array, o: number, trs: Float64Array, k: number): void {
  const x = trs[k + 3], y = trs[k + 4], z = trs[k + 5], w = trs[k + 6];
  const s0 = trs[k + 7], s1 = trs[k + 8], s2 = trs[k + 9];
  out[o] = (1 - 2 * (y * y + z * z)) * s0; out[o + 1] = 2 * (x * y - z * w) * s1; out[o + 2] = 2 * (x * z + y * w) * s2; out[o + 3] = trs[k];
  out[o + 4] = 2 * (x * y + z * w) * s0; out[o + 5] = (1 - 2 * (x * x + z * z)) * s1; out[o + 6] = 2 * (y * z - x * w) * s2; out[o + 7] = trs[k + 1];
  out[o + 8] = 2 * (x * z - y * w) * s0; out[o + 9] = 2 * (y * z + x * w) * s1; out[o + 10] = (1 - 2 * (x * x + y * y)) * s2; out[o + 11] = trs[k + 2];
}

/**
 * World matrices of every glTF node at a time (channels override the rest TRS), into `out`; made
 * once per import, so that the per-frame call allocates nothing.
 */
export function nodeWorlds(nodes: readonly GltfNodeData[], channels: readonly GltfChannelData[]): (time: number, out: Float64Array) => Float64Array {
  const n = nodes.length;
  // Per node its TRS as 10 numbers (t 3, r 4, s 3): the rest values, then the channels' samples.
  const rest = new Float64Array(n * 10);
  nodes.forEach((x, i) => { rest.set(x.t, i * 10); rest.set(x.r, i * 10 + 3); rest.set(x.s, i * 10 + 7); });
  const trs = new Float64Array(n * 10);
  const v: number[] = [];
  const state = new Uint8Array(n); // 0 todo, 1 in progress, 2 done
  const local = new Float64Array(MATRIX_STRIDE);
  let out: Float64Array = new Float64Array(0);
  const visit = (i: number): void => {
    if (state[i] === 2) return;
    state[i] = 1;
    const p = nodes[i].parent;
    const under = p >= 0 && p < n && state[p] !== 1;
    // The parent first: its visit reuses `local` (Blender writes children before their parents).
    if (under) visit(p);
    composeTrs(local, 0, trs, i * 10);
    if (under) multiplyAffine(out, i * MATRIX_STRIDE, out, p * MATRIX_STRIDE, local, 0);
    else out.set(local, i * MATRIX_STRIDE);
    state[i] = 2;
  };
  return (time, into) => {
    trs.set(rest);
    for (const c of channels) {
      sampleChannel(c, time, v);
      trs.set(v, c.node * 10 + (c.path === 'translation' ? 0 : c.path === 'rotation' ? 3 : 7));
    }
    state.fill(0);
    out = into;
    for (let i = 0; i < n; i++) visit(i);
    return into;
  };
}

function columnLengths(m: ArrayLike<number>, o: number, into: number[]): number[] {
  into[0] = Math.hypot(m[o], m[o + 4], m[o + 8]); into[1] = Math.hypot(m[o + 1], m[o + 5], m[o + 9]); into[2] = Math.hypot(m[o + 2], m[o + 6], m[o + 10]);
  return into;
}

function determinant(m: ArrayLike<number>, o: number): number {
  return m[o] * (m[o + 5] * m[o + 10] - m[o + 6] * m[o + 9]) - m[o + 1] * (m[o + 4] * m[o + 10] - m[o + 6] * m[o + 8]) + m[o + 2] * (m[o + 4] * m[o + 9] - m[o + 5] * m[o + 8]);
}

const wrapNear = (a: number, ref: number): number => a + 360 * Math.round((ref - a) / 360);

/** J3D Euler angles (degrees) of the rotation part of m (columns already unit length), nearest `ref`. */
export function eulerNear(m: ArrayLike<number>, o: number, ref: readonly number[]): [number, number, number] {
  const r00 = m[o], r01 = m[o + 1], r10 = m[o + 4], r11 = m[o + 5], r20 = m[o + 8], r21 = m[o + 9], r22 = m[o + 10];
  const ry = Math.asin(Math.max(-1, Math.min(1, -r20)));
  let rx: number, rz: number;
  if (Math.cos(ry) > 1e-6) {
    rx = Math.atan2(r21, r22);
    rz = Math.atan2(r10, r00);
  } else {
    // Gimbal lock: only rx − rz (ry = 90°) or rx + rz (ry = −90°) is known; keep rx where it was.
    rx = ref[0] / DEG;
    rz = -r20 > 0 ? rx - Math.atan2(r01, r11) : Math.atan2(-r01, r11) - rx;
  }
  // the two Euler triples of one rotation, each a whole number of turns from ref: the nearer one
  const a0 = wrapNear(rx * DEG, ref[0]), a1 = wrapNear(ry * DEG, ref[1]), a2 = wrapNear(rz * DEG, ref[2]);
  const b0 = wrapNear(rx * DEG + 180, ref[0]), b1 = wrapNear(180 - ry * DEG, ref[1]), b2 = wrapNear(rz * DEG + 180, ref[2]);
  const da = (a0 - ref[0]) ** 2 + (a1 - ref[1]) ** 2 + (a2 - ref[2]) ** 2;
  const db = (b0 - ref[0]) ** 2 + (b1 - ref[1]) ** 2 + (b2 - ref[2]) ** 2;
  // (a NaN distance never wins: then the unwrapped angles, as they came)
  const aWins = da < Infinity;
  if (db < (aWins ? da : Infinity)) return [b0, b1, b2];
  return aWins ? [a0, a1, a2] : [rx * DEG, ry * DEG, rz * DEG];
}

/**
 * Per joint, what turns its glTF node's world matrix into the joint's: a client that re-orients
 * bones (Blender's importer points them along their children) writes node rotations that differ
 * from the joints' by a constant turn, and compensates in the skin's inverse bind matrix. Skinning
 * is world · inverseBind in both, so world(joint) = world(node) · inverseBind(glTF) · bind(model).
 * For AnimScope's own export this is the identity (it wrote the model's inverse binds).
 */
export function bindCorrections(nodeOf: readonly number[], gltfInverseBinds: ReadonlyMap<number, Float64Array>, modelBinds: Float64Array): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>();
  nodeOf.forEach((node, j) => {
    const ibm = gltfInverseBinds.get(node);
    if (!ibm || (j + 1) * MATRIX_STRIDE > modelBinds.length) return;
    const m = new Float64Array(MATRIX_STRIDE);
    multiplyAffine(m, 0, ibm, 0, modelBinds, j * MATRIX_STRIDE);
    out.set(j, m);
  });
  return out;
}

/**
 * The J3D locals of every model joint at each frame: `locals[j]` holds LOCAL_STRIDE numbers per
 * frame. `nodeOf[j]` is the glTF node bound to joint j (-1: none; it keeps its bind pose).
 */
export function jointLocals(model: JointModel, nodes: readonly GltfNodeData[], nodeOf: readonly number[], channels: readonly GltfChannelData[], frames: readonly number[], fps: number,
  corrections?: ReadonlyMap<number, Float64Array>): Float64Array[] {
  const joints = model.joints;
  const n = joints.length;
  const order = jointOrder(model);
  const locals = joints.map(() => new Float64Array(frames.length * LOCAL_STRIDE));
  const worlds = new Float64Array(nodes.length * MATRIX_STRIDE);
  const world = new Float64Array(n * MATRIX_STRIDE); // J3D world of each joint at this frame
  const chain = new Float64Array(n * MATRIX_STRIDE); // Softimage: world without the accumulated scale
  const acc = new Float64Array(n * 3);
  const m = new Float64Array(MATRIX_STRIDE * 2);
  const rule = model.scalingRule;
  const previous = joints.map((j) => [0, 1, 2].map((k) => (Number.isFinite(j.rotationDegrees?.[k]) ? j.rotationDegrees[k] : 0)));
  const signs = joints.map((j) => [0, 1, 2].map((k) => ((j.scale?.[k] ?? 1) < 0 ? -1 : 1)));
  const worldsAt = nodeWorlds(nodes, channels);
  const lengths = [0, 0, 0], unit = [1, 1, 1];
  frames.forEach((frame, f) => {
    // glTF times are float32: a key written at frame / fps is hit exactly, not lerped a hair off it.
    worldsAt(Math.fround(frame / fps), worlds);
    const done = new Uint8Array(n);
    for (const j of order) {
      const joint = joints[j];
      const out = locals[j];
      const at = f * LOCAL_STRIDE;
      const p = joint.parent;
      const hasParent = Number.isInteger(p) && p >= 0 && p < n && p !== j && done[p] === 1;
      const node = nodeOf[j];
      if (node === undefined || node < 0) {
        const b = [joint.scale?.[0] ?? 1, joint.scale?.[1] ?? 1, joint.scale?.[2] ?? 1, ...previous[j], joint.translation?.[0] ?? 0, joint.translation?.[1] ?? 0, joint.translation?.[2] ?? 0];
        out.set(b, at);
      }
      if (node >= 0) {
        const o = j * MATRIX_STRIDE, wo = node * MATRIX_STRIDE;
        const fix = corrections?.get(j);
        if (fix) multiplyAffine(world, o, worlds, wo, fix, 0);
        else for (let k = 0; k < MATRIX_STRIDE; k++) world[o + k] = worlds[wo + k];
        let s: number[];
        let tScale: number[] = unit;
        if (rule === ScalingRule.Softimage) {
          // Softimage: world = chain · diag(acc); local = chain(parent)⁻¹ · chain(joint) = R | T · acc(parent).
          const a = columnLengths(world, o, lengths);
          for (let r = 0; r < 3; r++) {
            for (let c = 0; c < 3; c++) chain[o + r * 4 + c] = a[c] ? world[o + r * 4 + c] / a[c] : 0;
            chain[o + r * 4 + 3] = world[o + r * 4 + 3];
          }
          acc.set(a, j * 3);
          const pa = hasParent ? [acc[p * 3], acc[p * 3 + 1], acc[p * 3 + 2]] : [1, 1, 1];
          if (hasParent) { invertAffine(m, 0, chain, p * MATRIX_STRIDE); multiplyAffine(m, MATRIX_STRIDE, m, 0, chain, o); }
          else m.set(chain.subarray(o, o + MATRIX_STRIDE), MATRIX_STRIDE);
          s = [pa[0] ? a[0] / pa[0] : 1, pa[1] ? a[1] / pa[1] : 1, pa[2] ? a[2] / pa[2] : 1];
          tScale = [pa[0] ? 1 / pa[0] : 1, pa[1] ? 1 / pa[1] : 1, pa[2] ? 1 / pa[2] : 1];
        } else {
          if (hasParent) { invertAffine(m, 0, world, p * MATRIX_STRIDE); multiplyAffine(m, MATRIX_STRIDE, m, 0, world, o); }
          else m.set(world.subarray(o, o + MATRIX_STRIDE), MATRIX_STRIDE);
          if (rule === ScalingRule.Maya && joint.scaleCompensate && hasParent) {
            // Maya: the game divided row r by the parent's scale; multiply it back.
            const ps = locals[p].subarray(at, at + 3);
            for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[MATRIX_STRIDE + r * 4 + c] *= ps[r];
          }
          s = columnLengths(m, MATRIX_STRIDE, lengths);
        }
        if (rule !== ScalingRule.Softimage) for (let c = 0; c < 3; c++) { const k = s[c] ? 1 / s[c] : 0; for (let r = 0; r < 3; r++) m[MATRIX_STRIDE + r * 4 + c] *= k; }
        // A mirror needs one negative scale; which axes carry the signs is free (flipping two is a
        // 180° turn): keep the previous frame's signs (the bind pose's at first) when they fit.
        const negative = determinant(m, MATRIX_STRIDE) < 0;
        const want = signs[j];
        const keep = ((want[0] < 0 ? 1 : 0) + (want[1] < 0 ? 1 : 0) + (want[2] < 0 ? 1 : 0)) % 2 === (negative ? 1 : 0);
        for (let c = 0; c < 3; c++) {
          const flip = keep ? want[c] < 0 : c === 0 && negative;
          if (flip) { s[c] = -s[c]; for (let r = 0; r < 3; r++) m[MATRIX_STRIDE + r * 4 + c] = -m[MATRIX_STRIDE + r * 4 + c]; }
        }
        for (let c = 0; c < 3; c++) want[c] = s[c] < 0 ? -1 : 1;
        const e = eulerNear(m, MATRIX_STRIDE, previous[j]);
        previous[j] = e;
        out[at] = s[0]; out[at + 1] = s[1]; out[at + 2] = s[2];
        out[at + 3] = e[0]; out[at + 4] = e[1]; out[at + 5] = e[2];
        for (let r = 0; r < 3; r++) out[at + 6 + r] = m[MATRIX_STRIDE + r * 4 + 3] * tScale[r];
      } else {
        // No node: the joint's bind local composed under its parent (Basic composition).
        const b = out.subarray(at, at + LOCAL_STRIDE);
        composeLocalMatrix(m, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8]);
        if (hasParent) multiplyAffine(world, j * MATRIX_STRIDE, world, p * MATRIX_STRIDE, m, 0);
        else world.set(m.subarray(0, MATRIX_STRIDE), j * MATRIX_STRIDE);
        if (rule === ScalingRule.Softimage) { chain.set(world.subarray(j * MATRIX_STRIDE, j * MATRIX_STRIDE + MATRIX_STRIDE), j * MATRIX_STRIDE); acc.set(hasParent ? acc.subarray(p * 3, p * 3 + 3) : [1, 1, 1], j * 3); }
      }
      done[j] = 1;
    }
  });
  return locals;
}
