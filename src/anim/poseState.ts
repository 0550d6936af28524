/**
 * A model's pose and material state at a frame (FORMATS.md §10.11): what animations change. Each
 * format that changes a model sets its targets through its FormatSpec's `apply` facet (apply.ts
 * runs them); later animations of the same target win (they are applied in order and overwrite).
 *
 * Frames are raw (no loop wrapping): tracks hold their first/last key outside their keys.
 * Pure: no `vscode`, no DOM.
 */
import type { ModelData, Rgba } from '../formats/model/types';
import { JointChannels } from './skeleton';
import { bindPoseLocals, LOCAL_STRIDE } from '../formats/model/jointMatrices';
import { evaluatePlanned, PlannedTrack } from './tracks';

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
export type AnimationApplier<A> = (state: PoseState, anim: A, frame: number) => void;

/** The material the game binds an entry named `name` to: the first with that name (none when the model has none). */
export function materialsNamed(state: PoseState, name: string): MaterialState[] {
  const first = state.materials.find((m) => m.name === name);
  return first ? [first] : [];
}

/** Sets joint locals from an animation's joint channels (BCK, BCA): tracked slots replace the model's values. */
export function applyJointChannels(state: PoseState, channels: JointChannels, frame: number): void {
  const n = Math.min(channels.count, Math.floor(state.locals.length / LOCAL_STRIDE));
  for (let j = 0; j < n; j++) {
    for (let slot = 0; slot < LOCAL_STRIDE; slot++) {
      const t = channels.channel(j, slot);
      if (t) {
        const v = evaluatePlanned(t, frame);
        if (Number.isFinite(v)) state.locals[j * LOCAL_STRIDE + slot] = v;
      }
    }
  }
}

/**
 * Sets material colour 0 of the material each entry names from its planned r, g, b, a tracks
 * (`entries/{i}/{r|g|b|a}`: BPK, BPA). A value read from outside its bank (NaN) leaves the component.
 */
export function applyMaterialColour(state: PoseState, entries: readonly { materialName: string }[], tracks: readonly PlannedTrack[], frame: number): void {
  entries.forEach((e, i) => {
    const targets = materialsNamed(state, e?.materialName ?? '');
    if (!targets.length) return;
    for (const t of tracks) {
      if (t.group !== i) continue;
      const c = 'rgba'.indexOf(t.axis);
      const v = evaluatePlanned(t, frame);
      if (c >= 0 && Number.isFinite(v)) for (const m of targets) m.color0[c] = v;
    }
  });
}
