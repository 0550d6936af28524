/**
 * BLK tracks (the sample contract): `tracks/{i}/weight` (FORMATS.md §9.1): count 0 → 1.0, count 1
 * → the bank value, keyed → Hermite on f32, no clamp. A value read from past the bank is missing.
 */
import { compileJ3DTrack } from '../../../anim/j3dTrack';
import { plannedKeyed, PlannedTrack } from '../../../anim/tracks';
import type { BlkAnim } from '../../../formats/jsystem/blk/types';

/** Tracks `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBlk(anim: BlkAnim, first = 0, end = anim.tracks?.length ?? 0): PlannedTrack[] {
  const tracks = anim.tracks ?? [];
  const bank = anim.weightBank ?? new Float32Array(0);
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, tracks.length); i++) {
    const compiled = compileJ3DTrack(tracks[i], bank, { defaultValue: 1 });
    out.push(plannedKeyed(`tracks/${i}/weight`, i, 'cluster', 'weight', 'scale', compiled, 'CLK1', 'weightBank'));
  }
  return out;
}
