/** What a BCA changes on a posed model: the local scale, rotation and translation of joint i (FORMATS.md §10.11). */
import { AnimationApplier, applyJointChannels } from '../../../anim/poseState';
import { bcaJointChannels } from './plan';
import type { BcaAnim } from '../../../formats/jsystem/bca/types';

export const applyBca: AnimationApplier<BcaAnim> = (state, anim, frame) => applyJointChannels(state, bcaJointChannels(anim), frame);
