import type { FullSrtTracks, J3DCommon } from '../types';

/** BCA / ANF1: joint i drives model joint i, one value per frame (no interpolation). */
export interface BcaAnim extends J3DCommon {
  format: 'bca';
  /** Per joint, per axis x/y/z, as stored (X{S,R,T}, Y{S,R,T}, Z{S,R,T}). */
  joints: { x: FullSrtTracks; y: FullSrtTracks; z: FullSrtTracks }[];
  scaleBank: Float32Array;
  /** Raw s16 rotations: degrees = raw · 180 / 32768, never shifted (byte 0x09 is no rotation fraction). */
  rotationBank: Int16Array;
  translationBank: Float32Array;
}
