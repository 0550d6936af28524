/**
 * BCA tracks (the sample contract): `joints/{i}/{scale|rotation|translation}/{x|y|z}`, per joint
 * scale x y z, rotation x y z, translation x y z (the skeleton's locals order). Rotations are raw
 * s16 · 180 / 32768 degrees, never shifted (FORMATS.md §9.1).
 */
import { CurvePost } from '../../../anim/curve';
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import { rotationScale } from '../../../anim/rotation';
import type { JointChannels } from '../../../anim/skeleton';
import type { PlannedTrack, TrackUnit } from '../../../anim/tracks';
import type { BcaAnim } from '../../../formats/jsystem/bca/types';

const KINDS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['x', 'y', 'z'] as const;
const UNITS: Record<(typeof KINDS)[number], TrackUnit> = { scale: 'scale', rotation: 'degrees', translation: 'units' };
const BANKS = { scale: 'scaleBank', rotation: 'rotationBank', translation: 'translationBank' } as const;
/** Degrees per raw rotation unit: no fraction shift for BCA. */
const DEGREES = rotationScale(0);

/** Joints `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBca(anim: BcaAnim, first = 0, end = anim.joints?.length ?? 0): PlannedTrack[] {
  const joints = anim.joints ?? [];
  const out: PlannedTrack[] = [];
  for (let j = Math.max(0, first); j < Math.min(end, joints.length); j++) {
    for (const kind of KINDS) {
      const bank = anim[BANKS[kind]] ?? new Float32Array(0);
      const rotation = kind === 'rotation';
      for (const axis of AXES) {
        const curve = compileFullTrack(joints[j]?.[axis]?.[kind], bank, rotation ? { post: CurvePost.Rotation, scale: DEGREES } : {});
        out.push(plannedFull(`joints/${j}/${kind}/${axis}`, j, kind, axis, UNITS[kind], curve, 'ANF1', BANKS[kind], rotation ? DEGREES : 1));
      }
    }
  }
  return out;
}

/**
 * The joint channels that pose a skeleton: every track with a count ≥ 1 drives its slot; a
 * count-0 track (whose values the game reads from before its slice) leaves the bind pose.
 */
export function bcaJointChannels(anim: BcaAnim): JointChannels {
  const joints = anim.joints ?? [];
  const cache = new Map<number, PlannedTrack[]>();
  return {
    count: joints.length,
    channel(joint, slot) {
      const kind = KINDS[Math.floor(slot / 3)];
      const axis = AXES[slot % 3];
      const track = joints[joint]?.[axis]?.[kind];
      if (!kind || !track || !(track.count > 0)) return null;
      let planned = cache.get(joint);
      if (!planned) cache.set(joint, planned = planBca(anim, joint, joint + 1));
      return planned[slot] ?? null;
    },
  };
}
