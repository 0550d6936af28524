/**
 * Kinds glTF has no property for and AnimScope does not apply to a model — BLK/BLA (cluster
 * weights: the cluster definitions live in a `.bls` file, not in the model, so no morph target can
 * be built) and BXK/BXA (vertex colours: glTF animates none) — keep their values in the
 * animation's `extras.j3d`: every track of the sample contract (its `path`, as `animscope sample`
 * names it) with one value per sampled game frame, and for BXK/BXA the VTX1 colour-array indices
 * each entry writes to (README "glTF export").
 */
import { specFor } from '../formats/registry';
import type { AnimData } from '../formats/registry';
import { describeTracks } from '../anim/describe';
import { sampleFrames } from './jointAnimation';

export interface TrackExtras {
  frames: number[];
  tracks: { path: string; values: number[] }[];
  /** BXK/BXA: per channel and entry, the colour-array indices its colour goes to. */
  colourIndices?: { channel: number; entry: number; indices: number[] }[];
}

/** Whether an animation's values go to extras this way: it changes clusters or vertex colours (its registry facet says which). */
export function keepsTracksInExtras(anim: AnimData): boolean {
  const target = specFor(anim).model.target;
  return target === 'clusters' || target === 'vertexColours';
}

const round = (v: number): number => Math.round(v * 1e6) / 1e6;

export function sampleTrackExtras(anim: AnimData, duration: number): TrackExtras {
  const tracks = describeTracks(anim);
  // The same budget as the joint samples: tracks × frames past a million thins the frames evenly.
  const { frames } = sampleFrames(duration, tracks.length);
  const out: TrackExtras = {
    frames,
    tracks: tracks.map((t) => ({ path: t.path, values: frames.map((f) => round(t.evaluate(f))) })),
  };
  if (anim.format === 'bxk' || anim.format === 'bxa') {
    out.colourIndices = [];
    anim.channels.forEach((entries, channel) => {
      const pool = anim.indexPools[channel] ?? new Uint16Array(0);
      entries.forEach((e, entry) => {
        const first = Math.min(pool.length, e.indexSet.first);
        out.colourIndices!.push({ channel, entry, indices: Array.from(pool.subarray(first, Math.min(pool.length, first + e.indexSet.count))) });
      });
    });
  }
  return out;
}
