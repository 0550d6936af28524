/**
 * Material and visibility animations from glTF's own properties, for a glTF that does not carry
 * AnimScope's extras (another tool's): `KHR_animation_pointer` channels on a material's
 * `baseColorFactor` → BPK (material colour 0, × 255), on its base colour texture's
 * `KHR_texture_transform` offset / rotation / scale → BTK (the texture matrix of the material's
 * base colour texgen, Basic mode, centre 0: S and T scale, Q rotation = −rotation, S and T
 * translation = offset; exact for uniform scales; a property no channel animates keeps the texture
 * info's static KHR_texture_transform), and on a node's `KHR_node_visibility/visible`
 * → BVA (the node's `extras.j3d.shape`; shapes not animated stay shown). Materials bind by name.
 * Each sampled per game frame, then fitted and written as importTracks.ts does.
 */
import { rotationScale } from '../anim/rotation';
import type { ModelData } from '../formats/model/types';
import { mapMaterial } from '../gltf/materials';
import type { ReadPointerChannel } from '../gltf/pointerExtensions';
import { buildFromKeys } from '../write/buildFromKeys';
import type { KeysDocument, KeysTarget, KeysTrack } from '../write/keysForm';
import type { GltfAnimationData, GltfData } from './gltfRead';
import { ImportNote, ImportRefused, rotationFractionFor, Tolerances } from './importJoints';
import { BuildInputError } from '../write/input';
import { fitTrack, measureTracks } from './importTracks';
import { sampleKeys } from './sampleChannel';

export interface PointerImport {
  format: 'bpk' | 'btk' | 'bva';
  bytes: Uint8Array;
  keyCount: number;
  duration: number;
  maxError: Record<string, number>;
}

const COLOUR = /^\/materials\/(\d+)\/pbrMetallicRoughness\/baseColorFactor$/;
const TRANSFORM = /^\/materials\/(\d+)\/pbrMetallicRoughness\/baseColorTexture\/extensions\/KHR_texture_transform\/(offset|rotation|scale)$/;
const VISIBLE = /^\/nodes\/(\d+)\/extensions\/KHR_node_visibility\/visible$/;

/** A pointer channel's value at `time` (glTF 2.0 §3.11, as a node channel's), `size` numbers; none stored: zeros. */
export function samplePointer(c: ReadPointerChannel, time: number, out: number[]): number[] {
  const stride = c.interpolation === 'CUBICSPLINE' ? c.size * 3 : c.size;
  if (c.times.length === 0 || c.values.length < c.times.length * stride) { out.length = c.size; return out.fill(0); }
  return sampleKeys(c.times, c.values, c.interpolation, c.size, false, time, out);
}

/** Per game frame 0 … duration, the channel's `size` values. */
function perFrame(c: ReadPointerChannel, duration: number, fps: number): number[][] {
  return Array.from({ length: duration + 1 }, (_, f) => [...samplePointer(c, Math.fround(f / fps), [])]);
}

const constant = (path: string, channel: string, axis: string, unit: string, value: number): KeysTrack =>
  ({ path, channel, axis, unit, keys: [{ frame: 0, value, in: 0, out: 0 }] });

function keyed(path: string, channel: string, axis: string, unit: string, v: number[], perRaw: number, tolerances: Tolerances, values: Map<string, number[]>): KeysTrack {
  values.set(path, v);
  return { path, channel, axis, unit, keys: fitTrack(v, unit, perRaw, tolerances) };
}

function built(format: PointerImport['format'], keys: KeysDocument, values: Map<string, number[]>): PointerImport {
  let bytes: Uint8Array;
  try {
    bytes = buildFromKeys(keys);
  } catch (e) {
    if (e instanceof BuildInputError) throw new ImportRefused(`the ${format.toUpperCase()} cannot be written: ${e.message}`);
    throw e;
  }
  const keyCount = keys.targets.reduce((n, t) => n + t.tracks.reduce((m, k) => m + (k.keys?.length ?? k.step?.length ?? 0), 0), 0);
  return { format, bytes, keyCount, duration: keys.header.duration ?? 0, maxError: measureTracks(bytes, format, values) };
}

/** The BPK, BTK and BVA an animation's pointer channels make (none when it has none). */
export function importPointers(gltf: GltfData, anim: GltfAnimationData, model: ModelData, o: { fps: number; loopMode: number; tolerances: Tolerances }, note: (n: ImportNote) => void): PointerImport[] {
  const pointers = anim.pointers ?? [];
  if (!pointers.length) return [];
  let last = 0;
  for (const p of pointers) { const t = p.times[p.times.length - 1]; if (Number.isFinite(t)) last = Math.max(last, t); }
  const duration = Math.min(0x7fff, Math.max(0, Math.round(last * o.fps)));
  const header = { loopMode: o.loopMode, duration };
  const materialIndex = (m: number): number => {
    const name = gltf.materials?.[m];
    const index = name === undefined ? -1 : model.materials.indexOf(name);
    if (index < 0) note({ severity: 'warning', code: 'IMPORT_BINDING', message: `glTF material ${m} ${JSON.stringify(name ?? '')} is not in the model: its animation is not imported` });
    return index;
  };
  const colours = new Map<number, ReadPointerChannel>();
  const transforms = new Map<number, Partial<Record<'offset' | 'rotation' | 'scale', ReadPointerChannel>>>();
  const visible = new Map<number, ReadPointerChannel>();
  for (const p of pointers) {
    let m: RegExpExecArray | null;
    if ((m = COLOUR.exec(p.pointer))) colours.set(Number(m[1]), p);
    else if ((m = TRANSFORM.exec(p.pointer))) transforms.set(Number(m[1]), { ...transforms.get(Number(m[1])), [m[2]]: p });
    else if ((m = VISIBLE.exec(p.pointer))) {
      const shape = gltf.nodes[Number(m[1])]?.shape;
      if (shape === undefined) note({ severity: 'warning', code: 'IMPORT_BINDING', message: `node ${m[1]}'s visibility is animated but the node draws no shape of the model (no extras.j3d.shape): not imported` });
      else visible.set(shape, p);
    } else note({ severity: 'warning', code: 'IMPORT_POINTER', message: `${p.pointer} is no property AnimScope writes back: not imported` });
  }
  const out: PointerImport[] = [];

  const bpk: KeysTarget[] = [];
  const bpkValues = new Map<string, number[]>();
  for (const [m, c] of colours) {
    const index = materialIndex(m);
    if (index < 0) continue;
    const frames = perFrame(c, duration, o.fps);
    const i = bpk.length;
    bpk.push({ index: i, key: `entry:${i}`, label: model.materials[index], binding: { material: model.materials[index] },
      tracks: ['r', 'g', 'b', 'a'].map((axis, k) => keyed(`entries/${i}/${axis}`, 'colour', axis, 'color', frames.map((v) => Math.round(Math.min(1, Math.max(0, v[k] ?? 1)) * 255)), 1, o.tolerances, bpkValues)) });
  }
  if (bpk.length) out.push(built('bpk', { keysVersion: 1, format: 'bpk', header, targets: bpk }, bpkValues));

  const entries: { index: number; texMtx: number; frames: { offset: number[][]; rotation: number[][]; scale: number[][] } }[] = [];
  for (const [m, t] of transforms) {
    const index = materialIndex(m);
    if (index < 0) continue;
    const texMtx = mapMaterial(model.materialData[index], model.textures.length).texMatrix;
    if (texMtx < 0) { note({ severity: 'warning', code: 'IMPORT_BINDING', message: `material ${JSON.stringify(model.materials[index])}'s base colour texture has no texture matrix to animate: its texture transform is not imported` }); continue; }
    // what no channel animates keeps the texture info's own KHR_texture_transform (else glTF's defaults)
    const fixed = gltf.baseColorTransforms?.[m];
    const fill = (c: ReadPointerChannel | undefined, rest: number[]): number[][] => (c ? perFrame(c, duration, o.fps) : Array.from({ length: duration + 1 }, () => rest));
    entries.push({ index, texMtx, frames: { offset: fill(t.offset, fixed?.offset ?? [0, 0]), rotation: fill(t.rotation, [fixed?.rotation ?? 0]), scale: fill(t.scale, fixed?.scale ?? [1, 1]) } });
  }
  if (entries.length) {
    let most = 0;
    for (const e of entries) for (const r of e.frames.rotation) most = Math.max(most, Math.abs((r[0] * 180) / Math.PI));
    const fraction = rotationFractionFor(most);
    const perRaw = rotationScale(fraction);
    const values = new Map<string, number[]>();
    const targets = entries.map((e, i): KeysTarget => {
      const p = (channel: string, axis: string): string => `entries/${i}/${channel}/${axis}`;
      return {
        index: i, key: `entry:${i}`, label: model.materials[e.index], binding: { material: model.materials[e.index], texMtx: e.texMtx, centre: [0, 0, 0] },
        tracks: [
          keyed(p('scale', 's'), 'scale', 's', 'scale', e.frames.scale.map((v) => v[0]), perRaw, o.tolerances, values),
          constant(p('rotation', 's'), 'rotation', 's', 'degrees', 0),
          keyed(p('translation', 's'), 'translation', 's', 'units', e.frames.offset.map((v) => v[0]), perRaw, o.tolerances, values),
          keyed(p('scale', 't'), 'scale', 't', 'scale', e.frames.scale.map((v) => v[1]), perRaw, o.tolerances, values),
          constant(p('rotation', 't'), 'rotation', 't', 'degrees', 0),
          keyed(p('translation', 't'), 'translation', 't', 'units', e.frames.offset.map((v) => v[1]), perRaw, o.tolerances, values),
          constant(p('scale', 'q'), 'scale', 'q', 'scale', 1),
          keyed(p('rotation', 'q'), 'rotation', 'q', 'degrees', e.frames.rotation.map((v) => (-v[0] * 180) / Math.PI), perRaw, o.tolerances, values),
          constant(p('translation', 'q'), 'translation', 'q', 'units', 0),
        ],
      };
    });
    out.push(built('btk', { keysVersion: 1, format: 'btk', header: { ...header, rotationFraction: fraction, matrixMode: 0 }, targets }, values));
  }

  if (visible.size) {
    const values = new Map<string, number[]>();
    const targets = model.shapes.map((_, s): KeysTarget => {
      const c = visible.get(s);
      const v = c ? perFrame(c, duration, o.fps).map((x) => (x[0] >= 0.5 ? 1 : 0)) : [1];
      values.set(`shapes/${s}/visible`, v);
      const step: { frame: number; value: number }[] = [];
      v.forEach((x, f) => { if (f === 0 || v[f - 1] !== x) step.push({ frame: f, value: x }); });
      return { index: s, key: `shape:${s}`, label: `Shape ${s}`, tracks: [{ path: `shapes/${s}/visible`, channel: 'shape', axis: 'visible', unit: 'visibility', step, frames: v.length }] };
    });
    out.push(built('bva', { keysVersion: 1, format: 'bva', header, targets }, values));
  }
  return out;
}
