/** What a BCK changes on a posed model: the local scale, rotation and translation of joint i (FORMATS.md §10.11). */
import { AnimationApplier, applyJointChannels } from '../../../anim/poseState';
import { bckJointChannels } from '../../../anim/skeleton';
import type { BckAnim } from '../../../formats/jsystem/bck/types';

export const applyBck: AnimationApplier<BckAnim> = (state, anim, frame) => applyJointChannels(state, bckJointChannels(anim), frame);
