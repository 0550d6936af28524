import type { J3DCommon, SrtTracks } from '../types';

/** BCK / ANK1. Joint i drives model joint i. */
export interface BckAnim extends J3DCommon {
  format: 'bck';
  /** Per joint, per axis x/y/z, as stored (X{S,R,T}, Y{S,R,T}, Z{S,R,T}). */
  joints: { x: SrtTracks; y: SrtTracks; z: SrtTracks }[];
  scaleBank: Float32Array;
  rotationBank: Int16Array;
  translationBank: Float32Array;
}
