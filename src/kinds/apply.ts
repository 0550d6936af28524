/**
 * Applies decoded animations to a model's pose and material state (poseState.ts) through each
 * format's PageSpec.apply. Pure: no `vscode`, no DOM.
 */
import { AnimData, pageSpecFor } from './pages';
import type { PoseState } from '../anim/poseState';

export { initialState } from '../anim/poseState';
export type { MaterialState, PoseState } from '../anim/poseState';

/** Applies one decoded animation at raw frame `frame`; false when its format changes nothing on a model. */
export function applyAnimation(state: PoseState, anim: AnimData, frame: number): boolean {
  const apply = pageSpecFor(anim).apply;
  if (!apply) return false;
  apply(state, anim, Number.isFinite(frame) ? frame : 0);
  return true;
}
