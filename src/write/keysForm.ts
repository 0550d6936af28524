/**
 * `animscope keys FILE`: the editable form of an animation — the header values, then per target
 * (joint, material entry, shape, MOTN sequence) every track with its keys `{frame, value, in, out}`
 * in the units the curves show (degrees, units, 0–255 colours; slopes per frame), step tracks as
 * `{frame, value}` runs (a run holds until the next one), names as text. Read through the
 * registry's groups and the curve view's key lists (src/anim), so it is what the editor shows.
 *
 * Targets bound by name or slot also carry their `binding` (FormatSpec.keysBinding): material
 * name, texture-matrix index and centre, colour id, texmap slot, colour-array indices.
 */
import { describePlanned } from '../kinds/describe';
import type { KeyList } from '../kinds/describe';
import { specFor } from '../kinds/registry';
import type { AnimData } from '../kinds/registry';

export const KEYS_FORM_VERSION = 1;

/**
 * Keys a keys form spells out at most (every stored frame of a step track counts). The real files
 * stay far below it (motion.bin: 485,000); a file whose tracks share key runs at every offset (the
 * worst-case BCK: 9.8 million) would take gigabytes as objects: it is refused instead.
 */
export const MAX_KEYS_FORM = 2_000_000;

/** The keys form would pass MAX_KEYS_FORM keys. */
export class KeysFormTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`its keys form would spell out more than ${limit.toLocaleString('en-US')} keys (its tracks share runs of keys, which the form writes out per track): edit or export it whole instead (animscope export)`);
  }
}

/** The header values a kind may have, as the decoders name them. */
const HEADER_FIELDS = ['loopMode', 'duration', 'rotationFraction', 'matrixMode'] as const;

export interface KeysTrack {
  path: string;
  channel: string;
  axis: string;
  unit: string;
  /** Hermite tracks: every key (one key at frame 0 for a constant; none for a count-0 default). */
  keys?: { frame: number; value: number; in: number; out: number }[];
  /** Step tracks: where the value changes. */
  step?: { frame: number; value: number }[];
  /** Step tracks: how many frames the track stores (the last run holds past them). */
  frames?: number;
}

export interface KeysTarget {
  /** The group's index and stable key (`joint:3`, `register:0`, `sequence:764`). */
  index: number;
  key: string;
  /** The name from the file or the group's label (untrusted text). */
  label: string;
  /** Groups that are animations of their own (MOTN sequences): the name, duration and loop mode. */
  name?: string;
  duration?: number;
  loopMode?: number;
  tracks: KeysTrack[];
  /** What ties the target to the model and is not a track (FormatSpec.keysBinding): editable, needed to build. */
  binding?: Record<string, unknown>;
  /** What the file's layout holds for this target that its keys do not say (FormatSpec.keysLayout): not for editing. */
  layout?: Record<string, unknown>;
}

export interface KeysDocument {
  keysVersion: number;
  format: string;
  header: Partial<Record<(typeof HEADER_FIELDS)[number], number>>;
  /** What the file's layout holds that the keys do not say (FormatSpec.keysLayout), kept for the build: not for editing. */
  layout?: Record<string, unknown>;
  targets: KeysTarget[];
}

/** JSON numbers only: a non-finite value (corrupt bank) is null. */
function num(v: number): number {
  return Number.isFinite(v) ? v : (null as unknown as number);
}

function stepRuns(keys: KeyList): { frame: number; value: number }[] {
  const runs: { frame: number; value: number }[] = [];
  for (let i = 0; i < keys.length; i++) {
    const value = num(keys.value(i));
    if (runs.length === 0 || !Object.is(runs[runs.length - 1].value, value)) runs.push({ frame: keys.frame(i), value });
  }
  return runs;
}

function hermiteKeys(keys: KeyList): KeysTrack['keys'] {
  const out: NonNullable<KeysTrack['keys']> = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[i] = { frame: num(keys.frame(i)), value: num(keys.value(i)), in: num(keys.inSlope(i)), out: num(keys.outSlope(i)) };
  return out;
}

/**
 * With `bytes` (the file decoded as `anim`), kinds that need it carry their layout
 * (FormatSpec.keysLayout). Past `maxKeys` keys: KeysFormTooLarge.
 */
export function keysDocument(anim: AnimData, bytes?: Uint8Array, maxKeys = MAX_KEYS_FORM): KeysDocument {
  const spec = specFor(anim);
  const header: KeysDocument['header'] = {};
  const fields = anim as unknown as Record<string, unknown>;
  for (const f of HEADER_FIELDS) if (typeof fields[f] === 'number') header[f] = fields[f] as number;
  const { groups } = spec;
  const layout = bytes ? spec.keysLayout?.(anim as never, bytes) : undefined;
  const targets: KeysTarget[] = [];
  const count = groups.count(anim);
  let keys = 0;
  for (let g = 0; g < count; g++) {
    const tracks: KeysTrack[] = [];
    for (const t of describePlanned(groups.plan(anim, g))) {
      // derived tracks (BTK matrix elements) are views of the others, not keys to edit
      if (t.channel === 'matrix') continue;
      keys += t.keys.length;
      if (keys > maxKeys) throw new KeysFormTooLarge(maxKeys);
      const track: KeysTrack = { path: t.path, channel: t.channel, axis: t.axis, unit: t.unit };
      if (t.interpolation === 'step') {
        track.step = stepRuns(t.keys);
        track.frames = t.keys.length;
      }
      else track.keys = hermiteKeys(t.keys);
      tracks.push(track);
    }
    const binding = spec.keysBinding?.(anim as never, g);
    const target: KeysTarget = { index: g, key: groups.key(anim, g), label: groups.label(anim, g), ...(binding ? { binding } : {}), tracks };
    if (groups.separate) {
      const name = groups.animation?.(anim, g)?.name;
      if (name !== undefined) target.name = name;
      target.duration = groups.duration(anim, g);
      target.loopMode = groups.loopMode(anim, g);
    }
    const own = layout?.group(g);
    if (own) target.layout = own;
    targets.push(target);
  }
  return { keysVersion: KEYS_FORM_VERSION, format: anim.format, header, ...(layout ? { layout: layout.document } : {}), targets };
}
