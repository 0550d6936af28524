/**
 * BCK/BCA → glTF joint channels, sampled once per game frame (frames 0 … duration) from the
 * posed world matrices (LINEAR; STEP when every channel is held per frame, as BCA's full tracks;
 * two keys (first, last) when constant; with `cubic`, keyed translation/scale as exact splines), so the Maya and Softimage rules come out as the game poses them
 * (skeleton.ts here bakes them into node TRS). Rotations are kept in one hemisphere from sample
 * to sample (FORMATS.md §11.2) so LINEAR interpolation never takes the long way round. A channel
 * that never leaves the node's rest value is left out.
 */
import type { ModelData } from '../formats/model/types';
import { bindJoints, JointChannels } from '../anim/skeleton';
import { bindPoseLocals, LOCAL_STRIDE, MATRIX_STRIDE } from '../formats/model/jointMatrices';
import type { Trs } from './affine';
import { splineTrack } from './cubicSpline';
import { localTrsOf } from './skeleton';

/** Joint samples (frames × joints) an export computes at most per animation; past it frames are skipped evenly. */
export const MAX_JOINT_SAMPLES = 1_000_000;

export type TrsPath = 'translation' | 'rotation' | 'scale';

export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';

export interface JointTrack {
  joint: number;
  path: TrsPath;
  interpolation: Interpolation;
  /** Seconds per key when the track has keys of its own (a spline, a constant); else the animation's sample times. */
  times?: Float32Array;
  /** 3 (translation, scale) or 4 (rotation x y z w) per time; CUBICSPLINE: in-tangent, value, out-tangent per time. */
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

/** The first sample alone when every sample equals it. */
function constantOf(a: Float32Array, size: number): Float32Array | null {
  for (let i = size; i < a.length; i++) if (Math.abs(a[i] - a[i % size]) > EPSILON * Math.max(1, Math.abs(a[i % size]))) return null;
  return a.slice(0, size);
}

/** True when every channel the animation keys holds its value per frame (BCA full tracks): sampled tracks are exact as STEP. */
function allStep(channels: JointChannels, joints: number): boolean {
  let any = false;
  for (let j = 0; j < Math.min(joints, channels.count); j++) {
    for (let slot = 0; slot < LOCAL_STRIDE; slot++) {
      const t = channels.channel(j, slot);
      if (!t || (t.curve && !t.curve.steps && t.curve.n === 1)) continue;
      if (t.interpolation !== 'step' && !t.curve?.steps) return false;
      any = true;
    }
  }
  return any;
}

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
  /** Keyed translation/scale tracks as exact CUBICSPLINE where they can be (cubicSpline.ts); else sampled. */
  cubic = false,
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
  const safeFps = Number.isFinite(fps) && fps > 0 ? fps : 30;
  const times = Float32Array.from(frames, (f) => f / safeFps);
  const sampledAs: Interpolation = allStep(channels, n) ? 'STEP' : 'LINEAR';
  const bind = bindPoseLocals(model);
  const last = frames[count - 1];
  // A constant track: keys at the first and last time (one when they are the same), so the clip keeps its length.
  const ends = count > 1 ? Float32Array.of(times[0], times[count - 1]) : Float32Array.of(times[0]);
  const tracks: JointTrack[] = [];
  /** A constant track is one key; a keyed translation/scale an exact spline where it can be (cubicSpline.ts); else the samples. */
  const push = (j: number, path: TrsPath, values: Float32Array, size: number, slot: number): void => {
    const constant = constantOf(values, size);
    if (constant) {
      const held = new Float32Array(size * ends.length);
      for (let k = 0; k < ends.length; k++) held.set(constant, k * size);
      tracks.push({ joint: j, path, interpolation: 'STEP', times: ends, values: held });
      return;
    }
    if (cubic && slot >= 0 && j < channels.count && sampledAs === 'LINEAR') {
      const axes = [0, 1, 2].map((a) => channels.channel(j, slot + a));
      const spline = splineTrack(axes, [0, 1, 2].map((a) => bind[j * LOCAL_STRIDE + slot + a]), last, safeFps, frames, values);
      if (spline) { tracks.push({ joint: j, path, interpolation: 'CUBICSPLINE', times: spline.times, values: spline.values }); return; }
    }
    tracks.push({ joint: j, path, interpolation: sampledAs, values });
  };
  for (let j = 0; j < n; j++) {
    if (differs(t[j], 3, rest[j].t)) push(j, 'translation', t[j], 3, 6);
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
    if (rotates) push(j, 'rotation', r[j], 4, -1);
    if (differs(s[j], 3, rest[j].s)) push(j, 'scale', s[j], 3, 0);
  }
  return { times, step, tracks };
}
