/**
 * BCK/BCA → glTF joint channels, sampled once per game frame (frames 0 … duration) from the
 * posed world matrices, so the Maya and Softimage rules come out as the game poses them
 * (skeleton.ts here bakes them into node TRS). Rotations are kept in one hemisphere from sample
 * to sample (FORMATS.md §11.2) so LINEAR interpolation never takes the long way round. A channel
 * that never leaves the node's rest value is left out.
 */
import type { ModelData } from '../formats/model/types';
import { bindJoints, JointChannels, MATRIX_STRIDE } from '../anim/skeleton';
import type { Trs } from './affine';
import { localTrsOf } from './skeleton';

/** Joint samples (frames × joints) an export computes at most per animation; past it frames are skipped evenly. */
export const MAX_JOINT_SAMPLES = 1_000_000;

export type TrsPath = 'translation' | 'rotation' | 'scale';

export interface JointTrack {
  joint: number;
  path: TrsPath;
  /** 3 (translation, scale) or 4 (rotation x y z w) per time. */
  values: Float32Array;
}

export interface SampledJoints {
  /** Seconds per sample. */
  times: Float32Array;
  /** Game frames between samples (1 unless the budget made it more). */
  step: number;
  tracks: JointTrack[];
}

const EPSILON = 1e-6;

function differs(a: Float32Array, size: number, rest: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - rest[i % size]) > EPSILON * Math.max(1, Math.abs(rest[i % size]))) return true;
  return false;
}

/** The game frames sampled: 0 … duration, every `step` frames so that frames × joints stays in budget, the last always. */
export function sampleFrames(duration: number, jointCount: number): { frames: number[]; step: number } {
  const last = Math.max(0, Math.floor(Number.isFinite(duration) ? duration : 0));
  const step = Math.max(1, Math.ceil(((last + 1) * Math.max(1, jointCount)) / MAX_JOINT_SAMPLES));
  const frames: number[] = [];
  for (let f = 0; f <= last; f += step) frames.push(f);
  if (frames[frames.length - 1] !== last) frames.push(last);
  return { frames, step };
}

/** The posed world matrices at every sampled frame (one array reused: read each before the next). */
export function* sampledWorlds(model: Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule'>, channels: JointChannels, duration: number): Iterable<Float64Array> {
  const binding = bindJoints(model, channels);
  let pose;
  for (const f of sampleFrames(duration, model.joints.length).frames) {
    pose = binding.pose(f, pose);
    yield pose.world;
  }
}

export function sampleJoints(
  model: Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule'>,
  parents: readonly number[],
  rest: readonly Trs[],
  channels: JointChannels,
  duration: number,
  fps: number,
): SampledJoints {
  const n = model.joints.length;
  const { frames, step } = sampleFrames(duration, n);
  const count = frames.length;
  const t = Array.from({ length: n }, () => new Float32Array(count * 3));
  const r = Array.from({ length: n }, () => new Float32Array(count * 4));
  const s = Array.from({ length: n }, () => new Float32Array(count * 3));
  const binding = bindJoints(model, channels);
  const scratch = new Float64Array(MATRIX_STRIDE * 2);
  let pose;
  for (let k = 0; k < count; k++) {
    pose = binding.pose(frames[k], pose);
    for (let j = 0; j < n; j++) {
      const trs = localTrsOf(pose.world, parents, j, scratch);
      t[j].set(trs.t, k * 3);
      s[j].set(trs.s, k * 3);
      let [x, y, z, w] = trs.r;
      if (k > 0) {
        const q = r[j];
        const o = (k - 1) * 4;
        if (x * q[o] + y * q[o + 1] + z * q[o + 2] + w * q[o + 3] < 0) { x = -x; y = -y; z = -z; w = -w; }
      }
      r[j][k * 4] = x; r[j][k * 4 + 1] = y; r[j][k * 4 + 2] = z; r[j][k * 4 + 3] = w;
    }
  }
  const tracks: JointTrack[] = [];
  for (let j = 0; j < n; j++) {
    if (differs(t[j], 3, rest[j].t)) tracks.push({ joint: j, path: 'translation', values: t[j] });
    // A rotation equal to the rest one up to sign is the same rotation. The vector part of
    // rest⁻¹ · q is sin(angle / 2) · axis: it resolves small angles, where 1 − |q · rest| (a cosine)
    // cannot (it called turns of up to 0.16° none, and dropped their channels).
    const q = rest[j].r, qs = r[j];
    let rotates = false;
    for (let k = 0; k < count && !rotates; k++) {
      const x = qs[k * 4], y = qs[k * 4 + 1], z = qs[k * 4 + 2], w = qs[k * 4 + 3];
      const vx = q[3] * x - w * q[0] - (q[1] * z - q[2] * y);
      const vy = q[3] * y - w * q[1] - (q[2] * x - q[0] * z);
      const vz = q[3] * z - w * q[2] - (q[0] * y - q[1] * x);
      rotates = Math.hypot(vx, vy, vz) > EPSILON;
    }
    if (rotates) tracks.push({ joint: j, path: 'rotation', values: r[j] });
    if (differs(s[j], 3, rest[j].s)) tracks.push({ joint: j, path: 'scale', values: s[j] });
  }
  const safeFps = Number.isFinite(fps) && fps > 0 ? fps : 30;
  return { times: Float32Array.from(frames, (f) => f / safeFps), step, tracks };
}
