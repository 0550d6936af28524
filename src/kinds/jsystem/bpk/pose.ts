/** What a BPK changes on a posed model: material colour 0 of the materials it names (FORMATS.md §10.11). */
import { AnimationApplier, applyMaterialColour } from '../../../anim/poseState';
import { planBpk } from './plan';
import type { BpkAnim } from '../../../formats/jsystem/bpk/types';

export const applyBpk: AnimationApplier<BpkAnim> = (state, anim, frame) => applyMaterialColour(state, anim.entries ?? [], planBpk(anim), frame);
