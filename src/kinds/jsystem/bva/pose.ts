/** What a BVA changes on a posed model: entry i shows or hides SHP1 shape i (FORMATS.md §10.11). */
import type { AnimationApplier } from '../../../anim/poseState';
import { evaluatePlanned } from '../../../anim/tracks';
import { planBva } from './plan';
import type { BvaAnim } from '../../../formats/jsystem/bva/types';

export const applyBva: AnimationApplier<BvaAnim> = (state, anim, frame) => {
  for (const t of planBva(anim)) {
    const v = evaluatePlanned(t, frame);
    if (t.group < state.shapeVisible.length && Number.isFinite(v)) state.shapeVisible[t.group] = v !== 0;
  }
};
