/**
 * Skeleton posing by an animation: the binding of a BCK (or any joint channels) to a model and its
 * pose at a frame (docs/formats.md "Posing"). The joint matrices themselves follow the model's rules
 * (src/formats/model/jointMatrices.ts).
 *
 * Pure: no `vscode`, no DOM. Track evaluation is the sampler's (tracks.ts), not re-implemented.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import { hex } from '../formats/binary/diagnostics';
import type { BckAnim } from '../formats/jsystem/bck/types';
import type { KeyTrack } from '../formats/jsystem/types';
import { bindPoseLocals, boneSegments, computePose, LOCAL_STRIDE } from '../formats/model/jointMatrices';
import type { Pose, SkeletonModel, SkeletonOptions } from '../formats/model/jointMatrices';
import { evaluatePlanned, planBck, PlannedTrack } from './tracks';

export interface BckBinding {
  /** Per BCK joint: the model joint's name, or null when the model has no joint with that index. */
  jointNames: (string | null)[];
  modelJointCount: number;
  animationJointCount: number;
  /** MDL_JOINT_COUNT when the counts differ (also listed in `diagnostics`). */
  countMismatch?: Diagnostic;
  diagnostics: Diagnostic[];
  /** Per model joint, LOCAL_STRIDE flags: true when the BCK drives the channel (count ≥ 1). */
  tracked: boolean[][];
  /** Parent → child joint pairs (static). */
  bones: [number, number][];
  /** Locals (LOCAL_STRIDE per model joint) at a raw frame: BCK values where tracked, bind pose elsewhere. */
  locals(frame: number, out?: Float64Array): Float64Array;
  /** World matrices and joint origins at a raw frame (no loop wrapping: see `playbackFrame`). */
  pose(frame: number, out?: Pose): Pose;
}

export interface BindOptions extends SkeletonOptions {
  /** Absolute offset the count diagnostic points at; default 0x2C (ANK1 joint count of a BCK whose ANK1 is at 0x20). */
  jointCountOffset?: number;
}

const AXES = ['x', 'y', 'z'] as const;
const KINDS = ['scale', 'rotation', 'translation'] as const;

/**
 * An animation's joint channels, in the order of the locals (LOCAL_STRIDE per joint: scale x y z,
 * rotation x y z in degrees, translation x y z). Joint j of the animation drives model joint j.
 */
export interface JointChannels {
  /** Joints the animation drives. */
  count: number;
  /** The track driving `slot` of `joint`, or null where the animation leaves the bind pose (count 0). */
  channel(joint: number, slot: number): PlannedTrack | null;
}

/** A BCK's joint channels: every track with a count ≥ 1 drives its slot. */
export function bckJointChannels(anim: BckAnim): JointChannels {
  const animJoints = anim.joints ?? [];
  // Planned per joint on first use: a model binds only as many joints as it has, and the worst-case
  // BCK's 65,535 joints planned at once were 590k tracks (most of a 1,024-joint glTF export's time, in GC).
  // planBck order: per joint, scale x y z, rotation x y z, translation x y z = the locals order.
  const planned: (PlannedTrack[] | undefined)[] = new Array(animJoints.length);
  return {
    count: animJoints.length,
    channel(joint, slot) {
      const k = Math.floor(slot / 3);
      const a = slot % 3;
      const track: KeyTrack | undefined = animJoints[joint]?.[AXES[a]]?.[KINDS[k]];
      if (!(typeof track?.count === 'number' && track.count > 0)) return null;
      const t = (planned[joint] ??= planBck(anim, joint, joint + 1))[slot];
      return t && t.path === `joints/${joint}/${KINDS[k]}/${AXES[a]}` ? t : null;
    },
  };
}

/** Binds a decoded BCK to a model (see bindJoints). */
export function bindAnimation(model: SkeletonModel, anim: BckAnim, options: BindOptions = {}): BckBinding {
  return bindJoints(model, bckJointChannels(anim), options);
}

/**
 * Binds an animation's joint channels to a model: joint i drives model joint i. Untracked channels
 * keep the model's bind pose; animation joints past the model's count are ignored, model joints
 * past the animation's count keep the bind pose.
 */
export function bindJoints(model: SkeletonModel, animation: JointChannels, options: BindOptions = {}): BckBinding {
  const joints = model.joints ?? [];
  const animCount = animation.count;
  const n = joints.length;
  const diagnostics: Diagnostic[] = [];
  let countMismatch: Diagnostic | undefined;
  if (animCount !== n) {
    const at = options.jointCountOffset ?? 0x2C;
    // FORMATS.md §9.11 item 6: with fewer joints than the model the game reads past the joint table.
    countMismatch = {
      severity: animCount < n ? 'error' : 'warning',
      code: 'MDL_JOINT_COUNT',
      offset: at,
      length: 2,
      message: `The animation drives ${animCount} joint(s) but the model has ${n}: ${animCount > n
        ? `animation joints ${n}…${animCount - 1} have no model joint and are ignored`
        : `the game reads model joints ${animCount}…${n - 1} from past the joint table (shown in their bind pose)`} (joint count at ${hex(at)}). Is this the right model?`,
    };
    diagnostics.push(countMismatch);
  }
  const jointNames = Array.from({ length: animCount }, (_, i) => (i < n ? joints[i].name ?? '' : null));
  const bind = bindPoseLocals(model);
  const driven = Math.min(n, animCount);
  const channels: (PlannedTrack | null)[] = new Array(n * LOCAL_STRIDE).fill(null);
  const tracked: boolean[][] = joints.map(() => new Array<boolean>(LOCAL_STRIDE).fill(false));
  for (let i = 0; i < driven; i++) {
    for (let slot = 0; slot < LOCAL_STRIDE; slot++) {
      const t = animation.channel(i, slot);
      if (t) {
        channels[i * LOCAL_STRIDE + slot] = t;
        tracked[i][slot] = true;
      }
    }
  }
  const bones = boneSegments(model);
  const locals = (frame: number, out?: Float64Array): Float64Array => {
    const dst = out && out.length === bind.length ? out : new Float64Array(bind.length);
    const f = Number.isFinite(frame) ? frame : 0;
    for (let k = 0; k < bind.length; k++) {
      const t = channels[k];
      dst[k] = t ? evaluatePlanned(t, f) : bind[k];
    }
    return dst;
  };
  const scratch = new Float64Array(bind.length);
  return {
    jointNames,
    modelJointCount: n,
    animationJointCount: animCount,
    countMismatch,
    diagnostics,
    tracked,
    bones,
    locals,
    pose: (frame: number, out?: Pose) => computePose(model, locals(frame, scratch), options, out),
  };
}
