/**
 * One glTF animation's node channels → a BCK for the model: the glTF nodes bound to the joints by
 * name (the names the export wrote: the JNT1 name, or `joint<i>`) or, asked, by the skin's order;
 * the J3D locals per game frame (jointLocals.ts); Hermite keys per track (fit.ts) within the
 * tolerance per unit; the keys form (src/write/keysForm.ts) built by the writer; then the written
 * file read back and sampled at every frame, so the error reported is the file's.
 */
import { decode } from '../formats/index';
import { LOCAL_STRIDE } from '../formats/model/jointMatrices';
import { samplePlanned } from '../anim/tracks';
import { rotationScale } from '../anim/rotation';
import { snapTruncate } from '../anim/quantize';
import { buildFromKeys } from '../write/buildFromKeys';
import { specFor } from '../kinds/registry';
import type { KeysDocument, KeysTarget } from '../write/keysForm';
import { FLOAT32, fitHermite, Quantiser } from './fit';
import type { GltfAnimationData, GltfData } from './gltfRead';
import { bindCorrections, jointLocals, JointModel } from './jointLocals';
import { GltfSkeletonModel, skinBinding } from '../gltf/skeleton';

export interface Tolerances {
  /** Degrees. */
  rotation: number;
  /** Model units. */
  translation: number;
  scale: number;
}

export const DEFAULT_TOLERANCES: Tolerances = { rotation: 0.01, translation: 0.001, scale: 0.0001 };

/** The widest rotation range kept continuous: rotation fraction 4's (0.088° raw unit). */
const MAX_CONTINUOUS_DEGREES = 2880 - 180;

/** Raw rotation units of float noise allowed over one unit (glTF's float32 quaternions: ~1e-5°). */
const RAW_SLACK = 0.01;

/** Joint-frames one import samples at most (each holds 9 doubles, fitted twice): ~36 MB of locals. */
export const MAX_JOINT_FRAMES = 500_000;

/** An animation the import will not take (too long for the model's joints): one line, exit 2. */
export class ImportRefused extends Error {}

export interface ImportNote {
  severity: 'error' | 'warning';
  code: string;
  message: string;
}

export interface JointBinding {
  /** Per model joint: its glTF node, -1 for none. */
  nodeOf: number[];
  notes: ImportNote[];
}

const CHANNELS = ['scale', 'rotation', 'translation'] as const;
const AXES = ['x', 'y', 'z'] as const;
type Channel = (typeof CHANNELS)[number];
type Axis = (typeof AXES)[number];
const UNITS = { scale: 'scale', rotation: 'degrees', translation: 'units' } as const;

export function jointNodeName(model: JointModel, j: number): string {
  return model.joints[j].name || `joint${j}`;
}

/** Binds model joints to glTF nodes; every joint without a node and every animated node without a joint is one note. */
export function bindJointNodes(model: JointModel, gltf: GltfData, animated: ReadonlySet<number>, byOrder: boolean): JointBinding {
  const n = model.joints.length;
  const notes: ImportNote[] = [];
  const nodeOf = new Array<number>(n).fill(-1);
  if (byOrder) {
    const order = gltf.skinJoints.length ? gltf.skinJoints : gltf.nodes.map((_, i) => i);
    for (let j = 0; j < n && j < order.length; j++) nodeOf[j] = order[j];
    if (order.length !== n) notes.push({ severity: 'warning', code: 'IMPORT_JOINT_COUNT', message: `--by-order: the glTF has ${order.length} joint node(s), the model ${n} joint(s)` });
  } else {
    const byName = new Map<string, number[]>();
    gltf.nodes.forEach((node, i) => { const list = byName.get(node.name); if (list) list.push(i); else byName.set(node.name, [i]); });
    for (let j = 0; j < n; j++) {
      const name = jointNodeName(model, j);
      const found = byName.get(name);
      if (found?.length) nodeOf[j] = found.shift()!;
      else notes.push({ severity: 'warning', code: 'IMPORT_NO_NODE', message: `joint ${j} ${JSON.stringify(name)} has no glTF node of that name: it keeps its bind pose` });
    }
  }
  const bound = new Set(nodeOf);
  for (const k of animated) {
    if (!bound.has(k)) notes.push({ severity: 'warning', code: 'IMPORT_NO_JOINT', message: `glTF node ${k} ${JSON.stringify(gltf.nodes[k]?.name ?? '')} is animated but binds to no joint of the model: ignored` });
  }
  // A joint whose glTF parent is bound to a joint that is not its JNT1 ancestor: the hierarchies
  // differ. (The export may hang a joint from a further ancestor or the scene root: not a difference.)
  const jointOf = new Map<number, number>();
  nodeOf.forEach((k, j) => { if (k >= 0) jointOf.set(k, j); });
  for (let j = 0; j < n; j++) {
    if (nodeOf[j] < 0) continue;
    const above = jointOf.get(gltf.nodes[nodeOf[j]].parent);
    if (above === undefined) continue;
    let a = model.joints[j].parent, steps = 0;
    while (a >= 0 && a < n && a !== above && steps++ < n) a = model.joints[a].parent;
    if (a !== above) notes.push({ severity: 'warning', code: 'IMPORT_HIERARCHY', message: `joint ${j} ${JSON.stringify(jointNodeName(model, j))}: its glTF node hangs under joint ${above}'s (${JSON.stringify(jointNodeName(model, above))}), which is not its ancestor in the model; its pose is solved against the model's parent` });
  }
  return { nodeOf, notes };
}

export interface JointImport {
  bytes: Uint8Array;
  keys: KeysDocument;
  /** Keys written (all tracks). */
  keyCount: number;
  duration: number;
  rotationFraction: number;
  /** Largest difference between the written file's samples and the glTF's, per unit, at every frame. */
  maxError: Tolerances;
}

/** Game frames 0 … duration: the AnimScope export's duration, else the last key time × fps. */
export function animationDuration(anim: GltfAnimationData, fps: number): number {
  const d = anim.j3d?.duration;
  if (typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 0x7fff) return d;
  let last = 0;
  for (const c of anim.channels) {
    const t = c.times[c.times.length - 1];
    if (Number.isFinite(t)) last = Math.max(last, t);
  }
  const frames = Math.round(last * fps);
  return Number.isFinite(frames) ? Math.min(0x7fff, Math.max(0, frames)) : 0;
}

/** The smallest rotation fraction whose s16 range holds every angle (FORMATS.md §1 "Rotation units"). */
export function rotationFractionFor(maxDegrees: number): number {
  for (let f = 0; f < 15; f++) if (maxDegrees <= 32767 * rotationScale(f)) return f;
  return 15;
}

/**
 * `format` 'bca' (an animation exported from a BCA): the locals per frame as full tracks, rotations
 * in BCA's raw unit (180° / 32768, wrapped into ±180°), instead of fitted BCK keys.
 */
export function importJoints(model: JointModel, gltf: GltfData, anim: GltfAnimationData, nodeOf: readonly number[], options: { fps: number; loopMode: number; tolerances: Tolerances; format?: 'bck' | 'bca' }): JointImport {
  const { fps, tolerances } = options;
  const duration = animationDuration(anim, fps);
  if ((duration + 1) * Math.max(1, model.joints.length) > MAX_JOINT_FRAMES) {
    throw new ImportRefused(`${anim.name}: ${duration + 1} frames × ${model.joints.length} joints is more than the ${MAX_JOINT_FRAMES.toLocaleString('en-US')} joint-frames an import takes`);
  }
  const frames = Array.from({ length: duration + 1 }, (_, f) => f);
  const corrections = bindCorrections(nodeOf, gltf.inverseBinds, skinBinding(model as GltfSkeletonModel).binds);
  const locals = jointLocals(model, gltf.nodes, nodeOf, anim.channels, frames, fps, corrections);
  // A non-finite value (NaN in the glTF's accessors, a singular matrix) holds the frame before's, or
  // the joint's bind value: no key may be NaN.
  locals.forEach((l, j) => {
    const joint = model.joints[j];
    const bind = [...(joint.scale ?? [1, 1, 1]), ...(joint.rotationDegrees ?? [0, 0, 0]), ...(joint.translation ?? [0, 0, 0])];
    for (let f = 0; f < frames.length; f++) {
      for (let k = 0; k < LOCAL_STRIDE; k++) {
        const at = f * LOCAL_STRIDE + k;
        if (!Number.isFinite(l[at])) l[at] = f > 0 ? l[at - LOCAL_STRIDE] : Number.isFinite(bind[k]) ? bind[k] : k < 3 ? 1 : 0;
      }
    }
  });
  if (options.format === 'bca') return fullJointTracks(model, locals, frames.length, duration, options.loopMode);
  // Each rotation track is turned by whole turns so that its range sits around 0: a spin needs
  // the smallest rotation fraction (the finest raw unit) that way.
  let maxAngle = 0;
  for (const l of locals) {
    for (let k = 3; k < 6; k++) {
      let lo = Infinity, hi = -Infinity;
      for (let f = 0; f < frames.length; f++) { lo = Math.min(lo, l[f * LOCAL_STRIDE + k]); hi = Math.max(hi, l[f * LOCAL_STRIDE + k]); }
      const turns = Math.round(-(lo + hi) / 2 / 360);
      lo = Infinity; hi = -Infinity;
      // A spin past ±MAX_CONTINUOUS_DEGREES is taken back by whole turns between two frames (as
      // the games' files do) rather than coarsening every rotation's raw unit.
      let offset = turns * 360;
      for (let f = 0; f < frames.length; f++) {
        let v = l[f * LOCAL_STRIDE + k] + offset;
        if (Math.abs(v) > MAX_CONTINUOUS_DEGREES) { const back = 360 * Math.round(v / 360); offset -= back; v -= back; }
        l[f * LOCAL_STRIDE + k] = v;
        lo = Math.min(lo, v); hi = Math.max(hi, v);
      }
      maxAngle = Math.max(maxAngle, Math.abs(lo), Math.abs(hi));
    }
  }
  // The smallest fraction that holds the angles has the finest unit; but samples that all sit on a
  // coarser fraction's grid (from a file with that fraction, read truncated) fit in fewer keys on it.
  let fraction = rotationFractionFor(maxAngle);
  while (fraction < 15 && onGrid(locals, frames.length, rotationScale(fraction + 1))) fraction++;
  const { targets, keyCount } = fitTracks(model, locals, frames.length, fraction, tolerances);
  const keys: KeysDocument = { keysVersion: 1, format: 'bck', header: { loopMode: options.loopMode, duration, rotationFraction: fraction }, targets };
  const bytes = buildFromKeys(keys);
  return { bytes, keys, keyCount, duration, rotationFraction: fraction, maxError: measure(bytes, locals, frames.length) };
}

/** BCA's rotation unit: 180° / 32768, never shifted (FORMATS.md §9.2). */
const BCA_DEGREES = 180 / 32768;

/**
 * One keys target per model joint, its nine tracks in the writers' order (x, y, z; scale, rotation,
 * translation each): `track` makes each from the joint's locals at its slot.
 */
function jointTargets(model: JointModel, track: (j: number, channel: Channel, axis: Axis, slot: number) => KeysTarget['tracks'][number]): KeysTarget[] {
  return model.joints.map((joint, j) => {
    const tracks: KeysTarget['tracks'] = [];
    for (const axis of AXES) {
      for (const channel of CHANNELS) tracks.push(track(j, channel, axis, CHANNELS.indexOf(channel) * 3 + AXES.indexOf(axis)));
    }
    return { index: j, key: `joint:${j}`, label: joint.name, tracks };
  });
}

function fullJointTracks(model: JointModel, locals: readonly Float64Array[], frameCount: number, duration: number, loopMode: number): JointImport {
  let keyCount = 0;
  const targets = jointTargets(model, (j, channel, axis, slot) => {
    const step: { frame: number; value: number }[] = [];
    for (let f = 0; f < frameCount; f++) {
      let v = locals[j][f * LOCAL_STRIDE + slot];
      if (channel === 'rotation') v = Math.max(-0x8000, Math.min(0x7fff, Math.round((v - 360 * Math.round(v / 360)) / BCA_DEGREES))) * BCA_DEGREES;
      else v = Math.fround(v);
      if (f === 0 || !Object.is(step[step.length - 1].value, v)) step.push({ frame: f, value: v });
    }
    keyCount += step.length;
    return { path: `joints/${j}/${channel}/${axis}`, channel, axis, unit: UNITS[channel], step, frames: frameCount };
  });
  const keys: KeysDocument = { keysVersion: 1, format: 'bca', header: { loopMode, duration }, targets };
  const bytes = buildFromKeys(keys);
  return { bytes, keys, keyCount, duration, rotationFraction: 0, maxError: measure(bytes, locals, frameCount) };
}

/** The built file read back: its largest difference from the locals per unit (rotations modulo 360°). */
function measure(bytes: Uint8Array, locals: readonly Float64Array[], frameCount: number): Tolerances {
  const file = decode(bytes, bytes[6] === 0x61 ? 'import.bca' : 'import.bck');
  const facet = file.anim ? specFor(file.anim).model : undefined;
  if (facet?.target !== 'joints') throw new Error('the built file is no joint animation');
  const channels = facet.joints(file.anim as never);
  const err: Tolerances = { rotation: 0, translation: 0, scale: 0 };
  // each track sampled at every frame in one pass (the sampler walks its segments)
  const values = new Float64Array(frameCount);
  locals.forEach((l, j) => {
    for (let slot = 0; slot < LOCAL_STRIDE; slot++) {
      const t = channels.channel(j, slot);
      const kind = slot < 3 ? 'scale' : slot < 6 ? 'rotation' : 'translation';
      const rotation = kind === 'rotation';
      if (t) samplePlanned(t, values, 0, 1);
      else values.fill(NaN);
      let worst = err[kind];
      for (let f = 0; f < frameCount; f++) {
        let d = Math.abs(values[f] - l[f * LOCAL_STRIDE + slot]);
        if (rotation) d = Math.min(d, Math.abs(360 - (d % 360)), d % 360);
        worst = Math.max(worst, Number.isFinite(d) ? d : Infinity);
      }
      err[kind] = worst;
    }
  });
  return err;
}

/** Every rotation sample within 0.01 of a whole number of `unit` degrees (float32 glTF noise is ~1e-5°). */
function onGrid(locals: readonly Float64Array[], frameCount: number, unit: number): boolean {
  for (const l of locals) {
    for (let f = 0; f < frameCount; f++) {
      for (let k = 3; k < 6; k++) {
        const raw = l[f * LOCAL_STRIDE + k] / unit;
        if (Math.abs(raw - Math.round(raw)) > 0.01) return false;
      }
    }
  }
  return true;
}

function fitTracks(model: JointModel, locals: readonly Float64Array[], frameCount: number, fraction: number, tolerances: Tolerances): { targets: KeysTarget[]; keyCount: number } {
  const perRaw = rotationScale(fraction);
  const raw: Quantiser = { store: (v) => Math.max(-0x8000, Math.min(0x7fff, Math.round(v))), read: snapTruncate };
  const track = new Float64Array(frameCount);
  let keyCount = 0;
  const targets = jointTargets(model, (j, channel, axis, slot) => {
    const rotation = channel === 'rotation';
    for (let f = 0; f < frameCount; f++) track[f] = locals[j][f * LOCAL_STRIDE + slot] / (rotation ? perRaw : 1);
    // A rotation is stored in whole raw units and read truncated: one raw unit is the finest the file holds.
    const tol = rotation ? Math.max(tolerances.rotation / perRaw, 1 + RAW_SLACK) : channel === 'scale' ? tolerances.scale : tolerances.translation;
    const fit = fitHermite(track, tol, rotation ? raw : FLOAT32);
    keyCount += fit.keys.length;
    const unit = rotation ? perRaw : 1;
    return { path: `joints/${j}/${channel}/${axis}`, channel, axis, unit: UNITS[channel], keys: fit.keys.map((k) => ({ frame: k.frame, value: k.value * unit, in: k.in * unit, out: k.out * unit })) };
  });
  return { targets, keyCount };
}
