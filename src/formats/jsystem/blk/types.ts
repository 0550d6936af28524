import type { J3DCommon, KeyTrack } from '../types';

/** BLK / CLK1: cluster weights, one keyed track per cluster key (numbered across a BLS's clusters). */
export interface BlkAnim extends J3DCommon {
  format: 'blk';
  tracks: KeyTrack[];
  /** Weights (f32; key times and tangents too). */
  weightBank: Float32Array;
}
