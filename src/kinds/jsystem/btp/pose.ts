/** What a BTP changes on a posed model: the TEX1 texture of texmap slot n of the material it names (FORMATS.md §10.11). */
import { AnimationApplier, materialsNamed } from '../../../anim/poseState';
import { evaluatePlanned } from '../../../anim/tracks';
import { planBtp } from './plan';
import type { BtpAnim } from '../../../formats/jsystem/btp/types';

export const applyBtp: AnimationApplier<BtpAnim> = (state, anim, frame) => {
  const tracks = planBtp(anim);
  (anim.entries ?? []).forEach((e, i) => {
    const slot = e?.texMapSlot;
    const t = tracks.find((x) => x.group === i);
    if (!t || !(Number.isInteger(slot) && slot >= 0 && slot <= 7)) return;
    const texture = evaluatePlanned(t, frame);
    if (!Number.isFinite(texture)) return;
    for (const m of materialsNamed(state, e.materialName)) m.texNumbers[slot] = texture;
  });
};
