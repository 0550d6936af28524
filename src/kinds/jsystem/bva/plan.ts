/** BVA tracks (the sample contract): `shapes/{i}/visible`, 1 shown / 0 hidden at each frame. */
import { CurvePost } from '../../../anim/curve';
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import type { BvaAnim } from '../../../formats/jsystem/bva/types';

/** Shapes `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBva(anim: BvaAnim, first = 0, end = anim.shapes?.length ?? 0): PlannedTrack[] {
  const shapes = anim.shapes ?? [];
  const bank = anim.visibilityBank ?? new Uint8Array(0);
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, shapes.length); i++) {
    const curve = compileFullTrack(shapes[i], bank, { post: CurvePost.NonZero });
    out.push(plannedFull(`shapes/${i}/visible`, i, 'shape', 'visible', 'visibility', curve, 'VAF1', 'visibilityBank'));
  }
  return out;
}
