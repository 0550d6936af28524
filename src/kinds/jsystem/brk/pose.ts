/** What a BRK changes on a posed model: TEV colour registers C0–C2 and konstant colours K0–K3 (FORMATS.md §10.11). */
import type { Rgba } from '../../../formats/model/types';
import { AnimationApplier, materialsNamed } from '../../../anim/poseState';
import { evaluatePlanned, planBrk } from '../../../anim/tracks';
import type { BrkAnim } from '../../../formats/jsystem/brk/types';

export const applyBrk: AnimationApplier<BrkAnim> = (state, anim, frame) => {
  const tracks = planBrk(anim);
  for (const group of ['register', 'konstant'] as const) {
    (anim[group] ?? []).forEach((e, i) => {
      const id = e?.colorId;
      if (!(Number.isInteger(id) && id >= 0 && id <= 3)) return;
      const value = (['r', 'g', 'b', 'a'] as const).map((c) => {
        const t = tracks.find((x) => x.path === `${group}/${i}/${c}`);
        return t ? evaluatePlanned(t, frame) : 0;
      });
      for (const m of materialsNamed(state, e.materialName)) {
        const colours = group === 'register' ? m.tevColors : m.konstColors;
        // A component read from past its bank (NaN: the file does not hold it) keeps the model's value.
        const before = colours[id];
        colours[id] = value.map((v, c) => (Number.isFinite(v) ? v : before?.[c] ?? 0)) as Rgba;
      }
    });
  }
};
