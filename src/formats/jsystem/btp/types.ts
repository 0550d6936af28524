import type { FullTrack, J3DCommon } from '../types';

/** BTP / TPT1 entry: the texture (a TEX1 index) of one material's texmap slot, one value per frame. */
export interface BtpEntry {
  /** From the name table (untrusted: textContent only). */
  materialName: string;
  /** 0–7: the material's texmap slot whose texture number the values replace. */
  texMapSlot: number;
  texture: FullTrack;
}

export interface BtpAnim extends J3DCommon {
  format: 'btp';
  entries: BtpEntry[];
  /** TEX1 texture indices (u16), as stored. */
  textureIndexBank: Uint16Array;
}
