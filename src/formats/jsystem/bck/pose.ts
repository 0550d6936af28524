/** What a BCK changes on a posed model: the local scale, rotation and translation of joint i (FORMATS.md §10.11). */
import type { AnimationApplier } from '../../../anim/poseState';
import { LOCAL_STRIDE } from '../../../anim/skeleton';
import { evaluatePlanned, planBck } from '../../../anim/tracks';
import type { BckAnim } from './types';

export const applyBck: AnimationApplier<BckAnim> = (state, anim, frame) => {
  const tracks = planBck(anim);
  const n = Math.min(anim.joints?.length ?? 0, Math.floor(state.locals.length / LOCAL_STRIDE));
  // planBck order per joint: scale x y z, rotation x y z, translation x y z = the locals order.
  for (let j = 0; j < n; j++) {
    const joint = anim.joints[j];
    for (let k = 0; k < LOCAL_STRIDE; k++) {
      const axis = (['x', 'y', 'z'] as const)[k % 3];
      const kind = (['scale', 'rotation', 'translation'] as const)[Math.floor(k / 3)];
      // An untracked channel (count 0) keeps the model's value (§10.11: tracked channels replace).
      if (!((joint?.[axis]?.[kind]?.count ?? 0) > 0)) continue;
      const t = tracks[j * LOCAL_STRIDE + k];
      if (t) state.locals[j * LOCAL_STRIDE + k] = evaluatePlanned(t, frame);
    }
  }
};
