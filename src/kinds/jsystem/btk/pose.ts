/** What a BTK changes on a posed model: texture matrix slot n of the material it names (FORMATS.md §10.11). */
import { AnimationApplier, materialsNamed } from '../../../anim/poseState';
import { evaluatePlanned, planBtk } from '../../../anim/tracks';
import type { BtkAnim } from '../../../formats/jsystem/btk/types';

export const applyBtk: AnimationApplier<BtkAnim> = (state, anim, frame) => {
  const tracks = planBtk(anim);
  (anim.entries ?? []).forEach((e, i) => {
    const slot = e?.texMtxIndex;
    if (!(Number.isInteger(slot) && slot >= 0 && slot <= 9)) return;
    const matrix = tracks.filter((t) => t.group === i && t.channel === 'matrix').map((t) => evaluatePlanned(t, frame));
    // A matrix built from a value the file does not hold (NaN) leaves the slot as it was.
    if (!matrix.every(Number.isFinite)) return;
    for (const m of materialsNamed(state, e.materialName)) m.texMatrices[slot] = matrix;
  });
};
