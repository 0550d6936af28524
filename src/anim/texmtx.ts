/**
 * BTK texture matrix (3×2), FORMATS.md §3, from the game's formulas. θ = rotation Q in radians.
 * Matrix mode 1 is Maya; every other value behaves as Basic.
 */
import { MatrixMode } from '../formats/jsystem/btk/types';

export const MATRIX_ELEMENTS = ['m00', 'm01', 'm02', 'm10', 'm11', 'm12'] as const;
export type MatrixElement = (typeof MATRIX_ELEMENTS)[number];

/** Inputs of one texture matrix (scale S/T, rotation Q in degrees, translation S/T, centre S/T). */
export interface TexSrt {
  scaleS: number;
  scaleT: number;
  rotationDegrees: number;
  translationS: number;
  translationT: number;
  centerS: number;
  centerT: number;
}

/**
 * Writes m00, m01, m02, m10, m11, m12 into out[offset … offset+5]. Allocation-free.
 */
export function writeTextureMatrix(
  out: { [i: number]: number },
  offset: number,
  matrixMode: number,
  scaleS: number,
  scaleT: number,
  rotationDegrees: number,
  translationS: number,
  translationT: number,
  centerS: number,
  centerT: number,
): void {
  const theta = (rotationDegrees * Math.PI) / 180;
  const s = Math.sin(theta);
  const c = Math.cos(theta);
  if (matrixMode === MatrixMode.Maya) {
    out[offset] = scaleS * c;
    out[offset + 1] = scaleT * s;
    out[offset + 2] = (translationS - 0.5) * c - s * (translationT - 0.5 + scaleT) + 0.5;
    out[offset + 3] = -scaleS * s;
    out[offset + 4] = scaleT * c;
    out[offset + 5] = -(translationS - 0.5) * s - c * (translationT - 0.5 + scaleT) + 0.5;
  } else {
    const m00 = scaleS * c;
    const m01 = -scaleS * s;
    const m10 = scaleT * s;
    const m11 = scaleT * c;
    out[offset] = m00;
    out[offset + 1] = m01;
    out[offset + 2] = translationS + centerS - (m00 * centerS + m01 * centerT);
    out[offset + 3] = m10;
    out[offset + 4] = m11;
    out[offset + 5] = translationT + centerT - (m10 * centerS + m11 * centerT);
  }
}

/** Convenience form returning [m00, m01, m02, m10, m11, m12] (allocates; not for hot loops). */
export function textureMatrix(srt: TexSrt, matrixMode: number): [number, number, number, number, number, number] {
  const out: [number, number, number, number, number, number] = [0, 0, 0, 0, 0, 0];
  writeTextureMatrix(out, 0, matrixMode, srt.scaleS, srt.scaleT, srt.rotationDegrees, srt.translationS, srt.translationT, srt.centerS, srt.centerT);
  return out;
}
