/**
 * The curve view's description of an animation: every track with its keys (linked to their
 * bytes, read in place: O(tracks), whatever the keys claim) and an allocation-free
 * `evaluate(frame)` giving the same values as `sampleFile`.
 */
import { evaluatePlanned, KeyList, planBck, planBrk, planBtk, planMotnSequence, PlannedTrack, TrackUnit } from './tracks';
import type { AnimData } from '../formats/types';

export type { DescribedKey, KeyList, TrackUnit } from './tracks';

export interface DescribedTrack {
  path: string;
  /** Joint (BCK), entry (BTK, BRK) or bone (MOTN) index. */
  group: number;
  /** BCK/BTK: scale|rotation|translation|matrix; BRK: register|konstant; MOTN: position|rotation|scale. */
  channel: string;
  /** x|y|z, s|t|q, m00…m12, r|g|b|a. */
  axis: string;
  unit: TrackUnit;
  /** Empty for count-0 defaults and derived matrix elements; one key at frame 0 for constants. Read in place (no object per key). */
  keys: KeyList;
  evaluate(frame: number): number;
}

/** Plans the tracks of one animation (MOTN: of sequence `sequenceIndex`, an index into `sequences`). */
export function planTracks(anim: AnimData, sequenceIndex = 0): PlannedTrack[] {
  switch (anim.format) {
    case 'bck':
      return planBck(anim);
    case 'btk':
      return planBtk(anim);
    case 'brk':
      return planBrk(anim);
    case 'motn': {
      const seq = anim.sequences?.[sequenceIndex];
      return seq ? planMotnSequence(seq) : [];
    }
    default:
      return [];
  }
}

export function describeTracks(anim: AnimData, sequenceIndex = 0): DescribedTrack[] {
  return planTracks(anim, sequenceIndex).map((t) => ({
    path: t.path,
    group: t.group,
    channel: t.channel,
    axis: t.axis,
    unit: t.unit,
    keys: t.keys(),
    evaluate: (frame: number) => evaluatePlanned(t, frame),
  }));
}
