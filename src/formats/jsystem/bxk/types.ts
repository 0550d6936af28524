import type { J3DCommon, KeyTrack, Rgba } from '../types';
import type { IndexSet } from '../vtxcolour';

/** BXK / VCK1 entry: one colour, four keyed tracks, written to the colour-array entries of its index set. */
export interface BxkEntry extends Rgba<KeyTrack> {
  indexSet: IndexSet;
}

export interface BxkAnim extends J3DCommon {
  format: 'bxk';
  /** Colour channels 0 and 1 (VTX1 CLR0, CLR1), each a list of entries. */
  channels: BxkEntry[][];
  /** Per channel, the pool of u16 colour-array indices the index sets point into. */
  indexPools: Uint16Array[];
  /** R, G, B, A banks shared by both channels (s16, 0–255 scale; key times and tangents too). */
  banks: Rgba<Int16Array>;
}
