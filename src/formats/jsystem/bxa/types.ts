import type { J3DCommon, FullTrack, Rgba } from '../types';
import type { IndexSet } from '../vtxcolour';

/** BXA / VCF1 entry: one colour, four full tracks, written to the colour-array entries of its index set. */
export interface BxaEntry extends Rgba<FullTrack> {
  indexSet: IndexSet;
}

export interface BxaAnim extends J3DCommon {
  format: 'bxa';
  /** Colour channels 0 and 1 (VTX1 CLR0, CLR1), each a list of entries. */
  channels: BxaEntry[][];
  /** Per channel, the pool of u16 colour-array indices the index sets point into. */
  indexPools: Uint16Array[];
  /** R, G, B, A banks shared by both channels (u8, one value per frame). */
  banks: Rgba<Uint8Array>;
}
