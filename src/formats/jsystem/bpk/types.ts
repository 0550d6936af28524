import type { J3DCommon, KeyTrack, Rgba } from '../types';

/** BPK / PAK1 entry: material colour 0 of one material, four keyed tracks. */
export interface BpkEntry extends Rgba<KeyTrack> {
  /** From the name table (untrusted: textContent only). */
  materialName: string;
}

export interface BpkAnim extends J3DCommon {
  format: 'bpk';
  entries: BpkEntry[];
  /** R, G, B, A banks (s16, 0–255 scale; key times and tangents too). */
  banks: Rgba<Int16Array>;
}
