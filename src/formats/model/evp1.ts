/**
 * EVP1 — skinning envelopes (FORMATS.md §10.4).
 *
 * Field tree: `EVP1` → id, size, envelopeCount, padding, boneCountOffset, jointIndexOffset,
 * weightOffset, inverseBindOffset, then `boneCounts` (u8 per envelope), `jointIndices` (u16,
 * all envelopes' bones concatenated), `weights` (f32, the same order) and `inverseBinds`
 * (3×4 f32 row-major per JNT1 joint). Tables are not aligned.
 */
import { hex } from '../binary/diagnostics';
import { recordElement, scalarElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU16 } from '../jsystem/banks';
import { boundedCount, fittingCount } from './bounds';
import type { Envelopes } from './types';

export const EVP1_HEADER_SIZE = 0x1C;
export const INVERSE_BIND_SIZE = 0x30;

const MATRIX = recordElement('Mtx3x4', ['m00', 'm01', 'm02', 'm03', 'm10', 'm11', 'm12', 'm13', 'm20', 'm21', 'm22', 'm23'].map((n) => [n, 'f32'] as [string, 'f32']));

/** Weight sums further than this from 1 are reported. */
export const WEIGHT_SUM_TOLERANCE = 1e-3;

/** `jointCount`: JNT1's joint count (-1 when unknown: the matrices the chunk holds are read). */
export function decodeEvp1(ctx: ChunkContext, jointCount: number): Envelopes {
  const { bytes } = ctx;
  const s = ctx.start;
  const out: Envelopes = { envelopes: [], inverseBinds: new Float64Array(0) };
  const declared = ctx.b.u16('envelopeCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const countRel = ctx.offsetField('boneCountOffset', 0x0C);
  const jointRel = ctx.offsetField('jointIndexOffset', 0x10);
  const weightRel = ctx.offsetField('weightOffset', 0x14);
  const bindRel = ctx.offsetField('inverseBindOffset', 0x18);
  if (s + EVP1_HEADER_SIZE > bytes.length || declared === 0) return out;

  const count = boundedCount(ctx, 'envelope count', 0x08, declared, countRel, 1, EVP1_HEADER_SIZE);
  const counts = ctx.table('boneCounts', countRel, count, scalarElement('u8'), 'table');
  let total = 0;
  for (let i = 0; i < counts.count; i++) total += bytes[counts.offset + i];
  const fitJoints = Math.min(total, fittingCount(ctx, jointRel, 2, EVP1_HEADER_SIZE), fittingCount(ctx, weightRel, 4, EVP1_HEADER_SIZE));
  if (fitJoints < total) {
    ctx.diagnostics.error('MDL_COUNT', counts.offset, counts.count,
      `EVP1: the envelopes have ${total} bones in all, but the joint index and weight tables hold ${fitJoints} inside the chunk; envelopes past them are empty.`);
  }
  const joints = ctx.table('jointIndices', jointRel, fitJoints, scalarElement('u16'), 'table');
  const weights = ctx.table('weights', weightRel, fitJoints, scalarElement('f32'), 'table');
  const usable = Math.min(joints.count, weights.count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let k = 0;
  for (let e = 0; e < counts.count; e++) {
    const n = bytes[counts.offset + e];
    const env = { joints: [] as number[], weights: [] as number[] };
    let sum = 0;
    for (let b = 0; b < n && k < usable; b++, k++) {
      const j = readU16(bytes, joints.offset + k * 2);
      const w = view.getFloat32(weights.offset + k * 4, false);
      env.joints.push(j);
      env.weights.push(w);
      sum += w;
      if (jointCount >= 0 && j >= jointCount) {
        const at = joints.offset + k * 2;
        ctx.limited.add('error', 'MDL_ENVELOPE_JOINT', at, 2,
          () => `EVP1: envelope ${e} bone ${b} at ${hex(at)} is joint ${j}, but JNT1 has ${jointCount} joint(s); the bone is ignored when skinning.`);
      }
    }
    if (n > 0 && !(Math.abs(sum - 1) <= WEIGHT_SUM_TOLERANCE)) {
      const at = counts.offset + e;
      ctx.limited.add('warning', 'MDL_ENVELOPE_WEIGHTS', at, 1,
        () => `EVP1: the weights of envelope ${e} (${n} bone(s), count at ${hex(at)}) sum to ${sum}, not 1: its vertices are scaled toward or away from the origin.`);
    }
    if (n === 0) {
      const at = counts.offset + e;
      ctx.limited.add('warning', 'MDL_ENVELOPE_WEIGHTS', at, 1, () => `EVP1: envelope ${e} (count at ${hex(at)}) has no bones; its vertices collapse to the origin.`);
    }
    out.envelopes.push(env);
  }

  // One inverse bind matrix per JNT1 joint (however many the envelopes reference).
  const fitBinds = fittingCount(ctx, bindRel, INVERSE_BIND_SIZE, EVP1_HEADER_SIZE);
  const wanted = jointCount >= 0 ? jointCount : fitBinds;
  if (bindRel === 0 || wanted > fitBinds) {
    ctx.diagnostics.error('MDL_COUNT', s + 0x18, 4,
      `EVP1: ${wanted} inverse bind matrices (one per JNT1 joint) are needed but ${bindRel === 0 ? 'the offset is 0' : `only ${fitBinds} fit in the chunk at ${hex(s + bindRel)}`}; joints without one skin with the identity.`);
  }
  const binds = ctx.table('inverseBinds', bindRel, Math.min(wanted, fitBinds), MATRIX, 'table');
  out.inverseBinds = new Float64Array(binds.count * 12);
  out.inverseBindOffset = binds.count > 0 ? binds.offset : 0;
  for (let i = 0; i < binds.count * 12; i++) out.inverseBinds[i] = view.getFloat32(binds.offset + i * 4, false);
  return out;
}
