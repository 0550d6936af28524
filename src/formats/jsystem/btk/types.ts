import type { J3DCommon, SrtTracks } from '../types';

export enum MatrixMode {
  Basic = 0,
  Maya = 1,
}

/** BTK / TTK1. Entry n binds by (materialNames[n], texMtxIndex[n]). */
export interface BtkEntry {
  materialName: string;
  /** 0..9 = TEXMTX0..9, 0xFF = skip. */
  texMtxIndex: number;
  remap: number;
  /** Centre S, T, Q. */
  center: [number, number, number];
  /** Per coordinate s/t/q, as stored (S{S,R,T}, T{S,R,T}, Q{S,R,T}). */
  s: SrtTracks;
  t: SrtTracks;
  q: SrtTracks;
}

export interface BtkAnim extends J3DCommon {
  format: 'btk';
  /** 0 Basic, 1 Maya, anything else behaves as Basic. */
  matrixMode: number;
  entries: BtkEntry[];
  scaleBank: Float32Array;
  rotationBank: Int16Array;
  translationBank: Float32Array;
}
