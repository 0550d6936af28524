import type { FullTrack, J3DCommon } from '../types';

/** BVA / VAF1: entry i shows or hides SHP1 shape i, one byte per frame (0 hidden, anything else shown). */
export interface BvaAnim extends J3DCommon {
  format: 'bva';
  /** One full track per shape, in shape order (no names in the file). */
  shapes: FullTrack[];
  /** Visibility bytes, as stored. */
  visibilityBank: Uint8Array;
}
