/**
 * Animations that change materials or shapes (BTK, BRK, BPK, BPA, BTP, BVA …) → the animation's
 * `extras.j3d`, per game frame, as the pose state (poseState.ts) has them after applyAnimation:
 * only the values that change over the animation are written (README "glTF export": shapes).
 * glTF cannot animate a texture index, TEV registers or (in Blender 3.4) visibility.
 */
import type { ModelData } from '../formats/model/types';
import type { AnimData } from '../kinds/registry';
import { applyAnimation, initialState, MaterialState } from '../kinds/apply';
import { sampleFrames } from './jointAnimation';

type MaterialKey = 'color0' | 'tevColors' | 'konstColors' | 'texNumbers' | 'texMatrices';
const KEYS: MaterialKey[] = ['color0', 'tevColors', 'konstColors', 'texNumbers', 'texMatrices'];

export interface StateExtras {
  /** The game frames sampled (0 … duration, evenly thinned past the budget). */
  frames: number[];
  /** Per material index that changes: its name and, per changed value, one entry per frame. */
  materials: { index: number; name: string; values: Partial<Record<MaterialKey, unknown[]>> }[];
  /** Per shape index whose visibility changes: one boolean per frame. */
  shapeVisible: { shape: number; visible: boolean[] }[];
}

const round = (v: unknown): unknown => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : Array.isArray(v) ? v.map(round) : v);

export function sampleState(model: ModelData, anim: AnimData, duration: number): StateExtras {
  const { frames } = sampleFrames(duration, Math.max(1, model.materialData.length + model.shapes.length));
  const base = initialState(model);
  const baseText = base.materials.map((m) => KEYS.map((k) => JSON.stringify(m[k])));
  const perFrame: { materials: MaterialState[]; visible: boolean[] }[] = [];
  for (const f of frames) {
    const state = initialState(model);
    applyAnimation(state, anim, f);
    perFrame.push({ materials: state.materials, visible: state.shapeVisible });
  }
  const materials: StateExtras['materials'] = [];
  base.materials.forEach((m, i) => {
    const values: StateExtras['materials'][number]['values'] = {};
    KEYS.forEach((k, ki) => {
      if (perFrame.some((p) => JSON.stringify(p.materials[i][k]) !== baseText[i][ki])) values[k] = perFrame.map((p) => round(p.materials[i][k]));
    });
    if (Object.keys(values).length) materials.push({ index: i, name: m.name, values });
  });
  const shapeVisible = base.shapeVisible
    .map((_, s) => ({ shape: s, visible: perFrame.map((p) => p.visible[s] ?? true) }))
    .filter((v) => v.visible.some((x) => !x));
  return { frames, materials, shapeVisible };
}
