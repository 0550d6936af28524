/**
 * The 3×4 matrix each texgen multiplies its source by, per frame (J3DTexMtx::calc, as noclip's
 * J3DGraphBase reads it). The SRT is the BTK's when one drives the slot (PoseState texMatrices),
 * else the material's own (scale, rotation, translation, centre; Maya or Basic). Modes:
 *   0 plain SRT (translation in the fourth column: TEXn sources are (s, t, 1, 1));
 *   1 env map (basic): SRT × view normal matrix;
 *   6 env map (old): SRT × EnvOld × view normal matrix;
 *   7 env map: SRT (translation moved to the third column) × Env × view normal matrix;
 * where Env maps a view-space normal −1…1 to 0…1 with t flipped. Other modes (projection maps,
 * effect matrices set by the game at run time) are drawn with their SRT only (materialConfig
 * lists them as approximations). BTK on slot n also makes texgen n use TEXMTXn (§10.11).
 *
 * Matrices are 12 numbers, row-major 3×4. Pure: no DOM.
 */
import type { ModelMaterial, TexMatrixInfo } from '../../../src/formats/model/types';
import { writeTextureMatrix } from '../../../src/anim/texmtx';
import { TexGenMatrix, TexMtxMode } from './enums';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** out[o…o+11] = a × b (3×4 affine, the fourth row 0 0 0 1); out may alias neither. */
export function concat34(out: Float32Array | Float64Array | number[], o: number, a: ArrayLike<number>, b: ArrayLike<number>): void {
  for (let r = 0; r < 3; r++) {
    const a0 = a[r * 4], a1 = a[r * 4 + 1], a2 = a[r * 4 + 2], a3 = a[r * 4 + 3];
    for (let c = 0; c < 4; c++) out[o + r * 4 + c] = a0 * b[c] + a1 * b[4 + c] + a2 * b[8 + c] + (c === 3 ? a3 : 0);
  }
}

/** The material's own SRT of TEXMTX `info` as [m00 m01 m02 m10 m11 m12] (m02/m12: translation). */
export function materialSrt(info: TexMatrixInfo): number[] {
  const out = [0, 0, 0, 0, 0, 0];
  writeTextureMatrix(out, 0, info.maya ? 1 : 0, info.scale[0], info.scale[1], (info.rotation * 180) / 32768,
    info.translation[0], info.translation[1], info.center[0], info.center[1]);
  return out;
}

/** SRT with its translation in the fourth column (J3DGetTextureMtxOld) or the third (J3DGetTextureMtx). */
function srt34(srt: ArrayLike<number>, third: boolean): number[] {
  return third
    ? [srt[0], srt[1], srt[2], 0, srt[3], srt[4], srt[5], 0, 0, 0, 1, 0]
    : [srt[0], srt[1], 0, srt[2], srt[3], srt[4], 0, srt[5], 0, 0, 1, 0];
}

const ENV = [0.5, 0, 0.5, 0, 0, -0.5, 0.5, 0, 0, 0, 1, 0];
const ENV_OLD = [0.5, 0, 0, 0.5, 0, -0.5, 0, 0.5, 0, 0, 1, 0];

export interface TexGenMatrixInput {
  material: ModelMaterial;
  /** PoseState texMatrices: per slot a BTK's [m00 m01 m02 m10 m11 m12], or null. */
  animated: readonly (readonly number[] | null)[];
  /** The view matrix's rotation as a 3×4 (no translation): model-space normals → view space. */
  viewNormal: ArrayLike<number>;
}

/** Writes the matrix of texgen `i` into out[o…o+11] (`scratch`: 24 numbers). */
export function texGenMatrix(out: Float32Array, o: number, i: number, input: TexGenMatrixInput, scratch: Float64Array): void {
  const { material, animated, viewNormal } = input;
  const tg = material.texGens[i];
  const forced = animated[i];
  let slot = -1;
  if (forced) slot = i;
  else if (tg && tg.matrix >= TexGenMatrix.TEXMTX0 && tg.matrix <= TexGenMatrix.TEXMTX9 && (tg.matrix - TexGenMatrix.TEXMTX0) % 3 === 0) slot = (tg.matrix - TexGenMatrix.TEXMTX0) / 3;
  if (slot < 0) {
    out.set(IDENTITY, o);
    return;
  }
  const info = material.texMatrices[slot];
  const anim = animated[slot];
  const srt = anim && anim.length >= 6 ? anim : info ? materialSrt(info) : [1, 0, 0, 0, 1, 0];
  const mode = info?.mode ?? TexMtxMode.NONE;
  const env = scratch.subarray(0, 12);
  switch (mode) {
    case TexMtxMode.ENVMAP_BASIC:
      concat34(scratch, 12, srt34(srt, false), viewNormal);
      break;
    case TexMtxMode.ENVMAP_OLD:
    case TexMtxMode.ENVMAP_OLD_EFFECT:
      concat34(env, 0, srt34(srt, false), ENV_OLD);
      concat34(scratch, 12, env, viewNormal);
      break;
    case TexMtxMode.ENVMAP:
    case TexMtxMode.ENVMAP_EFFECT:
      concat34(env, 0, srt34(srt, true), ENV);
      concat34(scratch, 12, env, viewNormal);
      break;
    default:
      scratch.set(srt34(srt, false), 12);
      break;
  }
  for (let k = 0; k < 12; k++) out[o + k] = scratch[12 + k];
}
