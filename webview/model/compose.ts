/**
 * The model's pose at a frame, from the animations that play on it (FORMATS.md §10.11): the
 * payload's own state, then the open file's animation, then every ticked "Also play" animation —
 * all at the one player's frame (lockstep: they follow its frame, scrubbing, pausing and loop mode;
 * past its own length a shorter one holds its last value, as its tracks do). Applied in that
 * order through each format's `apply` facet, so a later file wins where two change the same thing.
 *
 * Per frame only the state is reset (copied in place from the state built once) and the tracks are
 * evaluated: no allocation beyond what the appliers do. Pure: no DOM.
 */
import { applyAnimation } from '../../src/kinds/apply';
import type { PoseState } from '../../src/anim/poseState';
import type { AnimData } from '../../src/kinds/pages';
import { pageSpecFor } from '../../src/kinds/pages';
import { payloadPoseState } from '../../src/wire/modelPayload';
import type { ModelPayload } from '../../src/wire/modelPayload';

/** An animation playing along, with its length (a model file's player spans the longest). */
export interface PlayingAlong {
  name: string;
  anim: AnimData;
  duration: number;
}

export function playingAlong(name: string, anim: AnimData): PlayingAlong {
  return { name, anim, duration: pageSpecFor(anim).groups.duration(anim, 0) };
}

/** Copies `from` into `to` (same model: same shapes, materials and joints). */
export function resetState(to: PoseState, from: PoseState): void {
  to.locals.set(from.locals);
  for (let i = 0; i < from.materials.length; i++) {
    const a = to.materials[i], b = from.materials[i];
    for (let c = 0; c < 4; c++) a.color0[c] = b.color0[c];
    for (let t = 0; t < b.texNumbers.length; t++) a.texNumbers[t] = b.texNumbers[t];
    for (let r = 0; r < b.tevColors.length; r++) for (let c = 0; c < 4; c++) a.tevColors[r][c] = b.tevColors[r][c];
    for (let r = 0; r < b.konstColors.length; r++) for (let c = 0; c < 4; c++) a.konstColors[r][c] = b.konstColors[r][c];
    for (let m = 0; m < b.texMatrices.length; m++) {
      const src = b.texMatrices[m];
      a.texMatrices[m] = src ? [...src] : null;
    }
  }
  for (let s = 0; s < from.shapeVisible.length; s++) to.shapeVisible[s] = from.shapeVisible[s];
}

function cloneState(s: PoseState): PoseState {
  return {
    locals: new Float64Array(s.locals),
    materials: s.materials.map((m) => ({
      ...m, color0: [...m.color0], texNumbers: [...m.texNumbers], tevColors: m.tevColors.map((c) => [...c]),
      konstColors: m.konstColors.map((c) => [...c]), texMatrices: m.texMatrices.map((t) => (t ? [...t] : null)),
    } as PoseState['materials'][number])),
    shapeVisible: [...s.shapeVisible],
  };
}

export class PoseComposer {
  private readonly base: PoseState;
  /** The state handed to the view (reset and re-applied every frame). */
  readonly state: PoseState;
  /** Animations that changed the state in the last compose (the open file's not counted). */
  applied = 0;

  constructor(payload: Pick<ModelPayload, 'joints' | 'materials' | 'shapes'>) {
    this.base = payloadPoseState(payload);
    this.state = cloneState(this.base);
  }

  /** The pose with `own` (the open file's animation) and every animation in `along` at the player's raw frame `frame`. */
  compose(own: AnimData | undefined, frame: number, along: readonly PlayingAlong[]): PoseState {
    resetState(this.state, this.base);
    if (own) applyAnimation(this.state, own, frame);
    let applied = 0;
    for (const a of along) if (applyAnimation(this.state, a.anim, frame)) applied++;
    this.applied = applied;
    return this.state;
  }
}
