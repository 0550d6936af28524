/**
 * Kinds glTF has no property for and AnimScope does not apply to a model — BLK/BLA (cluster
 * weights: the cluster definitions live in a `.bls` file, not in the model, so no morph target can
 * be built) and BXK/BXA (vertex colours: glTF animates none) — keep their values in the
 * animation's `extras.j3d`: every track of the sample contract (its `path`, as `animscope sample`
 * names it) with one value per sampled game frame, and for BXK/BXA the VTX1 colour-array indices
 * each entry writes to (README "glTF export").
 */
import { specFor } from '../kinds/registry';
import type { AnimData } from '../kinds/registry';
import { describeTracks } from '../kinds/describe';
import { keysDocument, KeysFormTooLarge } from '../write/keysForm';
import { sampleFrames } from './jointAnimation';

export interface TrackExtras {
  frames: number[];
  tracks: { path: string; values: number[] }[];
  /**
   * What `animscope import` needs to write the kind again from the tracks: the header values the
   * kind has, and per target (joint, material entry, shape …) its key, its binding (keys form,
   * FormatSpec.keysBinding) and its tracks' paths with whether each is keyed or step.
   */
  keysOutline?: KeysOutline;
  /** BXK/BXA: per channel and entry, the colour-array indices its colour goes to. */
  colourIndices?: { channel: number; entry: number; indices: number[] }[];
}

/** Whether an animation's values go to extras this way: it changes clusters or vertex colours (its registry facet says which). */
export function keepsTracksInExtras(anim: AnimData): boolean {
  const target = specFor(anim).model.target;
  return target === 'clusters' || target === 'vertexColours';
}

export interface KeysOutline {
  header: Record<string, number>;
  targets: { key: string; binding?: Record<string, unknown>; tracks: { path: string; channel: string; axis: string; unit: string; step: boolean }[] }[];
}

/** The keys form of `anim` without its keys (src/write/keysForm.ts); none past the keys form's size limit. */
export function keysOutline(anim: AnimData): KeysOutline | undefined {
  let doc;
  try {
    doc = keysDocument(anim);
  } catch (e) {
    if (e instanceof KeysFormTooLarge) return undefined;
    throw e;
  }
  return {
    header: doc.header as Record<string, number>,
    targets: doc.targets.map((t) => ({
      key: t.key, ...(t.binding ? { binding: t.binding } : {}),
      tracks: t.tracks.map((k) => ({ path: k.path, channel: k.channel, axis: k.axis, unit: k.unit, step: !!k.step })),
    })),
  };
}

const round = (v: number): number => Math.round(v * 1e6) / 1e6;

/** Every track's value per frame (`frames`: those of the rest of the animation's extras, else thinned to the budget). */
export function sampleTrackExtras(anim: AnimData, duration: number, given?: number[]): TrackExtras {
  const tracks = describeTracks(anim);
  // The same budget as the joint samples: tracks × frames past a million thins the frames evenly.
  const frames = given ?? sampleFrames(duration, tracks.length).frames;
  const out: TrackExtras = {
    frames,
    tracks: tracks.map((t) => ({ path: t.path, values: frames.map((f) => round(t.evaluate(f))) })),
  };
  const outline = keysOutline(anim);
  if (outline) out.keysOutline = outline;
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
