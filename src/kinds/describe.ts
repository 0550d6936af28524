/**
 * The curve view's description of an animation: every track with its keys (linked to their
 * bytes, read in place: O(tracks), whatever the keys claim) and an allocation-free
 * `evaluate(frame)` giving the same values as `sampleFile`.
 */
import { evaluatePlanned, PlannedTrack, samplePlanned } from '../anim/tracks';
import type { KeyList, TrackUnit } from '../anim/tracks';
import { AnimData, pageSpecFor } from './pages';

export type { DescribedKey, KeyList, TrackUnit } from '../anim/tracks';

export interface DescribedTrack {
  path: string;
  /** Joint (BCK), entry (BTK, BRK) or bone (MOTN) index. */
  group: number;
  /** BCK/BTK: scale|rotation|translation|matrix; BRK: register|konstant; MOTN: position|rotation|scale. */
  channel: string;
  /** x|y|z, s|t|q, m00…m12, r|g|b|a. */
  axis: string;
  unit: TrackUnit;
  /** `step`: one value per frame, held (full tracks: draw as steps); absent: Hermite between keys. */
  interpolation?: 'step';
  /** Empty for count-0 defaults and derived matrix elements; one key at frame 0 for constants. Read in place (no object per key). */
  keys: KeyList;
  evaluate(frame: number): number;
  /** evaluate(first), evaluate(first + step), … into all of `out`, in one pass over the keys (the curve view's pixel columns). */
  sample(out: Float64Array, first: number, step: number): void;
}

/** Plans the tracks of one animation (MOTN: of sequence `sequence`, an index into `sequences`). */
export function planTracks(anim: AnimData, sequence = 0): PlannedTrack[] {
  return pageSpecFor(anim).planTracks(anim, sequence);
}

/** Described tracks of planned ones (builds their key lists). */
export function describePlanned(planned: PlannedTrack[]): DescribedTrack[] {
  return planned.map((t) => ({
    path: t.path,
    group: t.group,
    channel: t.channel,
    axis: t.axis,
    unit: t.unit,
    ...(t.interpolation ? { interpolation: t.interpolation } : {}),
    keys: t.keys(),
    evaluate: (frame: number) => evaluatePlanned(t, frame),
    sample: (out: Float64Array, first: number, step: number) => samplePlanned(t, out, first, step),
  }));
}

export function describeTracks(anim: AnimData, sequence = 0): DescribedTrack[] {
  return describePlanned(planTracks(anim, sequence));
}

/** The described tracks of one group (PageSpec.groups). */
export function describeGroup(anim: AnimData, group: number): DescribedTrack[] {
  return describePlanned(pageSpecFor(anim).groups.plan(anim, group));
}
