/**
 * An animation of a kind that is not joints (BTK, BRK, BPK, BPA, BTP, BVA, BLK, BLA, BXK, BXA) back
 * from the glTF AnimScope exported: its `extras.j3d` holds every track's value per game frame and
 * the keys form's outline (src/gltf/trackExtras.ts: header values, targets with their binding,
 * track paths, keyed or step). Keyed tracks are fitted (fit.ts) within the tolerance of their unit
 * and stored as the kind stores them; step tracks become their runs; the keys form is built by the
 * writer (src/write/buildFromKeys.ts), then the file is read back and sampled at every frame, so the
 * error reported is the file's. Bindings the model does not have are notes, not refusals.
 */
import { describeTracks } from '../kinds/describe';
import { rotationScale } from '../anim/rotation';
import { snapTruncate } from '../anim/quantize';
import { decode } from '../formats/index';
import { FORMAT_LIST } from '../kinds/registry';
import type { ModelData } from '../formats/model/types';
import { buildFromKeys } from '../write/buildFromKeys';
import { BuildInputError } from '../write/input';
import type { KeysDocument, KeysTarget, KeysTrack } from '../write/keysForm';
import { FLOAT32, fitHermite, Quantiser } from './fit';
import { DEFAULT_TOLERANCES, ImportNote, ImportRefused, rotationFractionFor } from './importJoints';
import type { Tolerances } from './importJoints';

/** The kinds imported from their tracks: the registry's J3D kinds that do not move joints (those are importJoints.ts's). */
export const TRACK_KINDS: readonly string[] = FORMAT_LIST.filter((s) => s.family.id === 'j3d' && s.model.target !== 'joints').map((s) => s.id);

export interface TracksImport {
  format: string;
  bytes: Uint8Array;
  keys: KeysDocument;
  keyCount: number;
  duration: number;
  /** The largest difference between the written file's samples and the glTF's, per unit. */
  maxError: Record<string, number>;
  notes: ImportNote[];
}

interface Outline {
  header: Record<string, number>;
  targets: { key: string; binding?: Record<string, unknown>; tracks: { path: string; channel: string; axis: string; unit: string; step: boolean }[] }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Colours are whole numbers read back truncated: one step of 255 is the finest a file holds. */
const COLOUR_TOLERANCE = 1;
const S16: Quantiser = { store: (v) => Math.max(-0x8000, Math.min(0x7fff, Math.round(v))), read: (v) => v };
/** A colour as the game reads an interpolated one: truncated to a whole number (FORMATS.md §4, §9.1). */
const COLOUR: Quantiser = { store: S16.store, read: snapTruncate };

/** Whether `j3d` (an animation's extras) carries what importTracks needs. */
export function hasTrackExtras(j3d: unknown): boolean {
  return isObject(j3d) && Array.isArray(j3d.frames) && Array.isArray(j3d.tracks) && isObject(j3d.keysOutline);
}

export function importTracks(name: string, j3d: Record<string, unknown>, model: ModelData | undefined, options: { loopMode: number; tolerances: Tolerances }): TracksImport {
  const format = String(j3d.format);
  const frames = j3d.frames as unknown[];
  const outline = j3d.keysOutline as Outline;
  if (!frames.every((f, i) => f === i)) throw new ImportRefused(`${name}: its extras hold every ${frames[1]}th frame only (the export thinned a long animation): it cannot be written back exactly`);
  if (!Array.isArray(outline.targets)) throw new ImportRefused(`${name}: extras.j3d.keysOutline has no targets`);
  const values = new Map<string, number[]>();
  for (const t of j3d.tracks as unknown[]) {
    if (isObject(t) && typeof t.path === 'string' && Array.isArray(t.values) && t.values.length === frames.length) values.set(t.path, t.values.map(Number));
  }
  const duration = Number.isInteger(j3d.duration) ? j3d.duration as number : frames.length - 1;
  const header: KeysDocument['header'] = { ...outline.header, loopMode: options.loopMode, duration };
  // BTK rotations: the finest rotation fraction that holds every angle
  let maxAngle = 0;
  for (const t of outline.targets) for (const k of t.tracks) if (k.unit === 'degrees' && !k.step) for (const v of values.get(k.path) ?? []) maxAngle = Math.max(maxAngle, Math.abs(v));
  // (the extras round to 6 decimals: 0x7FFF steps of fraction 1, 359.989013671875°, read 359.989014°)
  if ('rotationFraction' in header) header.rotationFraction = rotationFractionFor(Math.max(0, maxAngle - 1e-6));
  const perRaw = rotationScale(header.rotationFraction ?? 0);

  let keyCount = 0;
  const targets: KeysTarget[] = outline.targets.map((t, g) => ({
    index: g, key: t.key, label: t.key, ...(t.binding ? { binding: t.binding } : {}),
    tracks: t.tracks.map((k): KeysTrack => {
      const v = values.get(k.path);
      if (!v) throw new ImportRefused(`${name}: extras.j3d.tracks has no values for ${k.path}`);
      const track: KeysTrack = { path: k.path, channel: k.channel, axis: k.axis, unit: k.unit };
      if (k.step) {
        track.step = [];
        v.forEach((x, f) => { if (f === 0 || !Object.is(v[f - 1], x)) track.step!.push({ frame: f, value: x }); });
        track.frames = v.length;
        keyCount += track.step.length;
        return track;
      }
      const fit = fitTrack(v, k.unit, perRaw, options.tolerances);
      keyCount += fit.length;
      track.keys = fit;
      return track;
    }),
  }));
  const keys: KeysDocument = { keysVersion: 1, format, header, targets };
  let bytes: Uint8Array;
  try {
    bytes = buildFromKeys(keys);
  } catch (e) {
    if (e instanceof BuildInputError) throw new ImportRefused(`${name}: the ${format.toUpperCase()} cannot be written: ${e.message}`);
    throw e;
  }
  return { format, bytes, keys, keyCount, duration, maxError: measureTracks(bytes, format, values), notes: model ? bindingNotes(keys, model) : [] };
}

/** Keys of one keyed track in its unit (degrees: whole raw steps of the fraction; colours: whole s16). */
export function fitTrack(v: number[], unit: string, perRaw: number, tolerances: Tolerances): NonNullable<KeysTrack['keys']> {
  if (unit === 'degrees') {
    // stored in whole raw units, read back truncated to one (as the joints: importJoints.ts)
    const fit = fitHermite(v.map((x) => x / perRaw), Math.max(tolerances.rotation / perRaw, 1.01), { store: S16.store, read: snapTruncate });
    return fit.keys.map((k) => ({ frame: k.frame, value: k.value * perRaw, in: k.in * perRaw, out: k.out * perRaw }));
  }
  if (unit === 'color') return fitHermite(v, COLOUR_TOLERANCE * (tolerances.scale / DEFAULT_TOLERANCES.scale), COLOUR, 0, 'chord').keys;
  const tol = unit === 'units' ? tolerances.translation : tolerances.scale;
  return fitHermite(v, tol, FLOAT32).keys;
}

/** The built file read back: per unit, its largest difference from the glTF's values. */
export function measureTracks(bytes: Uint8Array, format: string, values: Map<string, number[]>): Record<string, number> {
  const file = decode(bytes, `import.${format}`);
  const err: Record<string, number> = {};
  for (const t of file.anim ? describeTracks(file.anim) : []) {
    const v = values.get(t.path);
    if (!v) continue;
    let e = err[t.unit] ?? 0;
    v.forEach((x, f) => { const d = Math.abs(t.evaluate(f) - x); e = Math.max(e, Number.isFinite(d) ? d : Number.isFinite(x) ? Infinity : 0); });
    err[t.unit] = e;
  }
  return err;
}

/** A material name the model lacks, a shape it does not have: the game skips the entry (FORMATS.md §9.8, §9.11). */
function bindingNotes(keys: KeysDocument, model: ModelData): ImportNote[] {
  const notes: ImportNote[] = [];
  const materials = new Set(model.materials);
  for (const t of keys.targets) {
    const m = t.binding?.material;
    if (typeof m === 'string' && !materials.has(m)) notes.push({ severity: 'warning', code: 'IMPORT_BINDING', message: `material ${JSON.stringify(m)} is not in the model: the game skips ${t.key}` });
  }
  if (keys.format === 'bva' && keys.targets.length < model.shapes.length) {
    notes.push({ severity: 'error', code: 'IMPORT_BINDING', message: `${keys.targets.length} shape tracks for a model of ${model.shapes.length} shapes: the game reads past the table` });
  }
  return notes;
}
