import type { FullTrack, J3DCommon, Rgba } from '../types';

/** BPA / PAF1 entry: material colour 0 of one material, four full tracks (one byte per frame each). */
export interface BpaEntry extends Rgba<FullTrack> {
  /** From the name table (untrusted: textContent only). */
  materialName: string;
}

export interface BpaAnim extends J3DCommon {
  format: 'bpa';
  entries: BpaEntry[];
  /** R, G, B, A banks (u8). */
  banks: Rgba<Uint8Array>;
}
