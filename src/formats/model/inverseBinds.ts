/**
 * The check between JNT1 and EVP1 (FORMATS.md §10.15 item 5): the stored inverse binds should undo
 * the joints' bind-pose world matrices.
 */
import type { Diagnostic } from '../binary/diagnostics';
import { bindPose, MATRIX_STRIDE, multiplyAffine, SkeletonModel } from './jointMatrices';
import type { ModelData } from './types';

/** 3×3 tolerance of bind world × inverse bind against the identity (real files: 2e-4). */
export const INVERSE_BIND_TOLERANCE = 0.01;
/** Translation tolerance in model units (real files: 0.03 from rounded rotations). */
export const INVERSE_BIND_TRANSLATION_TOLERANCE = 0.25;

/**
 * §10.15 item 5: for each joint an envelope uses, bind-pose world × stored inverse bind should be
 * the identity; when it is not, skinned vertices move away from their stored places (info).
 */
export function checkInverseBinds(model: SkeletonModel & Pick<ModelData, 'envelopes'>): Diagnostic[] {
  const env = model.envelopes;
  if (!env || env.envelopes.length === 0) return [];
  const used = new Set<number>();
  for (const e of env.envelopes) for (const j of e.joints) used.add(j);
  const world = bindPose(model).world;
  const jointCount = Math.floor(world.length / MATRIX_STRIDE);
  const product = new Float64Array(MATRIX_STRIDE);
  const out: Diagnostic[] = [];
  let more = 0;
  for (const j of [...used].sort((a, b) => a - b)) {
    if (j >= jointCount || (j + 1) * MATRIX_STRIDE > env.inverseBinds.length) continue;
    multiplyAffine(product, 0, world, j * MATRIX_STRIDE, env.inverseBinds, j * MATRIX_STRIDE);
    let rot = 0, trans = 0;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) rot = Math.max(rot, Math.abs(product[r * 4 + c] - (r === c ? 1 : 0)));
      trans = Math.max(trans, Math.abs(product[r * 4 + 3]));
    }
    if (!(rot <= INVERSE_BIND_TOLERANCE && trans <= INVERSE_BIND_TRANSLATION_TOLERANCE)) {
      if (out.length >= 16) { more++; continue; }
      const name = model.joints[j]?.name ?? '';
      // The joint's entry in JNT1, or, for a joint the file does not hold (a placeholder), its stored inverse bind.
      const jointOffset = model.joints[j]?.offset ?? -1;
      const [offset, length] = jointOffset >= 0 ? [jointOffset, 0x40] : [(env.inverseBindOffset ?? 0) + j * 0x30, 0x30];
      out.push({
        severity: 'info', code: 'MDL_INVERSE_BIND', offset, length,
        message: `EVP1: joint ${j} (${JSON.stringify(name)}): bind-pose world × stored inverse bind is off the identity by ${rot.toFixed(4)} (3×3) / ${trans.toFixed(3)} (translation); vertices skinned to it will not sit where they are stored.`,
      });
    }
  }
  if (more > 0) out.push({ severity: 'info', code: 'MDL_INVERSE_BIND', offset: 0, length: 0, message: `EVP1: ${more} more joint(s) with inverse binds off the identity.` });
  return out;
}
