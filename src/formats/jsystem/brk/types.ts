import type { J3DCommon, KeyTrack } from '../types';

/** BRK / TRK1 entry: one TEV colour animated by four tracks. */
export interface BrkEntry {
  materialName: string;
  colorId: number;
  remap: number;
  r: KeyTrack;
  g: KeyTrack;
  b: KeyTrack;
  a: KeyTrack;
}

export interface BrkColorBanks {
  r: Int16Array;
  g: Int16Array;
  b: Int16Array;
  a: Int16Array;
}

export interface BrkAnim extends J3DCommon {
  format: 'brk';
  register: BrkEntry[];
  konstant: BrkEntry[];
  registerBanks: BrkColorBanks;
  konstantBanks: BrkColorBanks;
}
