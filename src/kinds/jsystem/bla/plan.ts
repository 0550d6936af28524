/** BLA tracks (the sample contract): `tracks/{i}/weight`, the stored f32 at each frame. */
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import type { BlaAnim } from '../../../formats/jsystem/bla/types';

/** Tracks `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBla(anim: BlaAnim, first = 0, end = anim.tracks?.length ?? 0): PlannedTrack[] {
  const tracks = anim.tracks ?? [];
  const bank = anim.weightBank ?? new Float32Array(0);
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, tracks.length); i++) {
    out.push(plannedFull(`tracks/${i}/weight`, i, 'cluster', 'weight', 'scale', compileFullTrack(tracks[i], bank), 'CLF1', 'weightBank'));
  }
  return out;
}
