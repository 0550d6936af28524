/** What a BPA changes on a posed model: material colour 0 of the materials it names (FORMATS.md §10.11). */
import { AnimationApplier, applyMaterialColour } from '../../../anim/poseState';
import { planBpa } from './plan';
import type { BpaAnim } from '../../../formats/jsystem/bpa/types';

export const applyBpa: AnimationApplier<BpaAnim> = (state, anim, frame) => applyMaterialColour(state, anim.entries ?? [], planBpa(anim), frame);
