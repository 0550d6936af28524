/**
 * Applying animations to a model's pose and material state at a frame (FORMATS.md §10.11).
 * One small function per animation kind behind one shape (`AnimationApplier`); a new kind
 * (BCA, BPK, BTP, BVA …) plugs in with one entry in APPLIERS. Later animations of the same
 * target win (they are applied in order and overwrite).
 *
 * Frames are raw (no loop wrapping): tracks hold their first/last key outside their keys.
 * Pure: no `vscode`, no DOM.
 */
import type { AnimData, BckAnim, BrkAnim, BtkAnim } from '../formats/types';
import type { ModelData, Rgba } from '../formats/model/types';
import { bindPoseLocals, LOCAL_STRIDE } from './skeleton';
import { evaluatePlanned, planBck, planBrk, planBtk } from './tracks';

/** The per-material values animations change (a copy of the model's own). */
export interface MaterialState {
  name: string;
  /** Material colour 0 (channel 0; BPK target). */
  color0: Rgba;
  /** TEX1 index per texmap slot 0–7 (BTP target); null = no texture. */
  texNumbers: (number | null)[];
  /** TEV colour registers C0–C2 (+ [3]) (BRK register target). */
  tevColors: Rgba[];
  /** Konst colours K0–K3 (BRK konstant target). */
  konstColors: Rgba[];
  /** TEXMTX0–9 as [m00, m01, m02, m10, m11, m12] (BTK target); null = no BTK drives the slot. */
  texMatrices: (number[] | null)[];
}

export interface PoseState {
  /** LOCAL_STRIDE numbers per joint (skeleton.ts): scale, rotation (degrees), translation. */
  locals: Float64Array;
  materials: MaterialState[];
  /** Per shape (BVA target). */
  shapeVisible: boolean[];
}

export type ModelForState = Pick<ModelData, 'joints' | 'materialData' | 'shapes'>;

/** The model's own state: bind pose, its material values, every shape visible. */
export function initialState(model: ModelForState): PoseState {
  return {
    locals: bindPoseLocals(model),
    materials: (model.materialData ?? []).map((m) => ({
      name: m.name,
      color0: [...m.materialColors[0]] as Rgba,
      texNumbers: [...m.texNumbers],
      tevColors: m.tevColors.map((c) => [...c] as Rgba),
      konstColors: m.konstColors.map((c) => [...c] as Rgba),
      texMatrices: new Array(10).fill(null),
    })),
    shapeVisible: (model.shapes ?? []).map(() => true),
  };
}

/** Sets the state's targets from `anim` at raw frame `frame`. */
export type AnimationApplier<A extends AnimData> = (state: PoseState, anim: A, frame: number) => void;

/** Materials with this name (the game binds the first; every same-named one is driven here too). */
function materialsNamed(state: PoseState, name: string): MaterialState[] {
  const first = state.materials.find((m) => m.name === name);
  return first ? [first] : [];
}

const applyBck: AnimationApplier<BckAnim> = (state, anim, frame) => {
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

const applyBtk: AnimationApplier<BtkAnim> = (state, anim, frame) => {
  const tracks = planBtk(anim);
  (anim.entries ?? []).forEach((e, i) => {
    const slot = e?.texMtxIndex;
    if (!(Number.isInteger(slot) && slot >= 0 && slot <= 9)) return;
    const matrix = tracks.filter((t) => t.group === i && t.channel === 'matrix').map((t) => evaluatePlanned(t, frame));
    for (const m of materialsNamed(state, e.materialName)) m.texMatrices[slot] = matrix;
  });
};

const applyBrk: AnimationApplier<BrkAnim> = (state, anim, frame) => {
  const tracks = planBrk(anim);
  for (const group of ['register', 'konstant'] as const) {
    (anim[group] ?? []).forEach((e, i) => {
      const id = e?.colorId;
      if (!(Number.isInteger(id) && id >= 0 && id <= 3)) return;
      const value = (['r', 'g', 'b', 'a'] as const).map((c) => {
        const t = tracks.find((x) => x.path === `${group}/${i}/${c}`);
        return t ? evaluatePlanned(t, frame) : 0;
      }) as Rgba;
      for (const m of materialsNamed(state, e.materialName)) {
        if (group === 'register') m.tevColors[id] = value;
        else m.konstColors[id] = value;
      }
    });
  }
};

/** One entry per animation kind that changes a model; kinds without one change nothing yet. */
export const APPLIERS: { [K in AnimData['format']]?: AnimationApplier<Extract<AnimData, { format: K }>> } = {
  bck: applyBck,
  btk: applyBtk,
  brk: applyBrk,
};

/** Applies one decoded animation; false when no applier exists for its kind. */
export function applyAnimation(state: PoseState, anim: AnimData, frame: number): boolean {
  const applier = APPLIERS[anim.format] as AnimationApplier<AnimData> | undefined;
  if (!applier) return false;
  applier(state, anim, Number.isFinite(frame) ? frame : 0);
  return true;
}
