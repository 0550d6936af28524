import type { FullTrack, J3DCommon } from '../types';

/** BLA / CLF1: cluster weights, one full track per cluster key (numbered across a BLS's clusters). */
export interface BlaAnim extends J3DCommon {
  format: 'bla';
  tracks: FullTrack[];
  /** Weights (f32), one per frame of each track. */
  weightBank: Float32Array;
}
