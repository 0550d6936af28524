/**
 * What the J3D animation kinds share in their FormatSpecs (FORMATS.md §1): the family, its
 * magic, the summary of key-table tracks, and the checks a payload from the host gets in the page.
 */
import { loopModeName } from '../../anim/loop';
import { plural } from '../binary/text';
import { bindingInfos, MaterialBindOptions, MaterialBindingResult } from '../../anim/materials';
import { isInt, isObj, Obj } from '../binary/guards';
import type { ModelData } from '../model/types';
import type { FormatFamily, FormatMagic, FormatSummary, GroupFacet, ModelFacet } from '../spec';
import type { PlannedTrack } from '../../anim/tracks';
import { J3D_BINDING_CODES } from './binding';
import { COLOUR_CODES } from './colour';
import { JSYSTEM_CODES } from './container';
import { FULL_TRACK_CODES } from './fulltrack';
import { VERTEX_COLOUR_CODES } from './vtxcolour';
import type { FullSrtTracks, FullTrack, J3DCommon, KeyTrack, Rgba, SrtTracks } from './types';

/** The container's codes, then the checks several kinds share (full tracks, colours, vertex colours, bindings). */
export const J3D_FAMILY: FormatFamily = { id: 'j3d', label: 'J3D', codes: [...JSYSTEM_CODES, ...FULL_TRACK_CODES, ...COLOUR_CODES, ...VERTEX_COLOUR_CODES, ...J3D_BINDING_CODES], endian: 'big' };

/** `J3D1` at 0x00, `type` at 0x04. */
export function j3dMagic(type: string): FormatMagic {
  return { kind: 'j3d', type };
}

/** Editor selectors of a J3D kind: `*.bck`. */
export function j3dPatterns(extension: string): string[] {
  return [`*.${extension}`];
}

/** Keyed (count ≥ 2), constant (count 1) tracks and the keys of a list of key-table tracks. */
export function trackCounts(tracks: readonly KeyTrack[]): { keyed: number; constant: number; keys: number } {
  let keyed = 0, constant = 0, keys = 0;
  for (const t of tracks) {
    if (t.count >= 2) { keyed++; keys += t.count; } else if (t.count === 1) constant++;
  }
  return { keyed, constant, keys };
}

/** What j3dSummary counts of a list of key-table tracks (a decoder can count them while it checks them). */
export interface KeyTrackCounts { tracks: number; keyed: number; constant: number; keys: number }

/** The summary facts every J3D kind has: duration, loop mode, the track counts. */
export function j3dSummary(anim: J3DCommon, tracks: readonly KeyTrack[], groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  return j3dSummaryOfCounts(anim, { tracks: tracks.length, ...trackCounts(tracks) }, groupCounts, extra);
}

/** j3dSummary from counts already made (the decoder's scan of the key table). */
export function j3dSummaryOfCounts(anim: J3DCommon, c: KeyTrackCounts, groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  const loopMode = loopModeName(anim.loopMode);
  return {
    duration: anim.duration,
    loopMode,
    counts: [...groupCounts, ['tracks', c.tracks], ['keyed tracks', c.keyed], ['constant tracks', c.constant], ['keys', c.keys],
      ...(extra.counts ?? [])],
    names: extra.names ?? [],
    headline: [plural(anim.duration, 'frame'), loopMode],
    ...(extra.rotationFraction !== undefined ? { rotationFraction: extra.rotationFraction } : {}),
    ...(extra.matrixMode !== undefined ? { matrixMode: extra.matrixMode } : {}),
  };
}

/** Stepped (count ≥ 2), constant (count 1) and empty (count 0) full tracks, and the values they hold. */
export function fullTrackCounts(tracks: readonly FullTrack[]): { stepped: number; constant: number; empty: number; values: number } {
  let stepped = 0, constant = 0, empty = 0, values = 0;
  for (const t of tracks) {
    if (t.count >= 2) stepped++;
    else if (t.count === 1) constant++;
    else empty++;
    values += t.count;
  }
  return { stepped, constant, empty, values };
}

/** The summary facts of a full kind: duration, loop mode, the full-track counts. */
export function j3dFullSummary(anim: J3DCommon, tracks: readonly FullTrack[], groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  const c = fullTrackCounts(tracks);
  const loopMode = loopModeName(anim.loopMode);
  return {
    duration: anim.duration,
    loopMode,
    counts: [...groupCounts, ['tracks', tracks.length], ['stepped tracks', c.stepped], ['constant tracks', c.constant],
      ['empty tracks', c.empty], ['values', c.values], ...(extra.counts ?? [])],
    names: extra.names ?? [],
    headline: [plural(anim.duration, 'frame'), loopMode],
  };
}

/** The nine tracks of a full SRT triple (BCA), in file order. */
export function fullSrtTrackList(axes: readonly (FullSrtTracks | undefined)[]): FullTrack[] {
  const out: FullTrack[] = [];
  for (const a of axes) if (a) out.push(a.scale, a.rotation, a.translation);
  return out;
}

/** R, G, B, A in order. */
export function rgbaList<T>(c: Rgba<T>): T[] {
  return [c.r, c.g, c.b, c.a];
}

/** True when a full track steps (count ≥ 2): the group moves. */
export function movesFull(tracks: readonly (FullTrack | undefined)[]): boolean {
  return tracks.some((t) => t !== undefined && t.count >= 2);
}

/** The nine tracks of an SRT triple (x/y/z or s/t/q), in file order. */
export function srtTrackList(axes: readonly (SrtTracks | undefined)[]): KeyTrack[] {
  const out: KeyTrack[] = [];
  for (const a of axes) if (a) out.push(a.scale, a.rotation, a.translation);
  return out;
}

/** True when any track is keyed: the group moves. */
export function moves(tracks: readonly (KeyTrack | undefined)[]): boolean {
  return tracks.some((t) => t !== undefined && t.count >= 2);
}

/** `key` → n when it is `prefix:n` with 0 ≤ n < count. */
export function indexOfKey(key: string, prefix: string, count: number): number | undefined {
  if (!key.startsWith(prefix + ':')) return undefined;
  const rest = key.slice(prefix.length + 1);
  if (!/^\d+$/.test(rest)) return undefined;
  const n = Number(rest);
  return n < count ? n : undefined;
}

/** A kind whose groups are the items of one list, in file order (a BCK's joints, a BTP's entries). */
export interface ListGroups<A, T> {
  /** The picker's noun (`Joint`) and the prefix of the saved keys (`joint` → `joint:3`). */
  noun: string;
  keyPrefix: string;
  items(anim: A): readonly T[] | undefined;
  label(anim: A, i: number): string;
  plan(anim: A, first: number, end: number): PlannedTrack[];
  /** Whether item i animates: the group shown first is the first that does. */
  moves(anim: A, item: T, i: number): boolean;
  /** The table rows of the structure tree that select an item: the first capture is the row. */
  rowPath: RegExp;
  /** Table rows per item (a BTK entry has 3, one per axis); 1 by default. */
  rowsPerItem?: number;
}

/** The groups facet of a kind whose groups are one list of the animation. */
export function listGroups<A extends { duration: number; loopMode: number }, T>(o: ListGroups<A, T>): GroupFacet<A> {
  const count = (anim: A): number => o.items(anim)?.length ?? 0;
  const rows = o.rowsPerItem ?? 1;
  return {
    noun: o.noun,
    count,
    key: (_anim, i) => `${o.keyPrefix}:${i}`,
    index: (anim, key) => indexOfKey(key, o.keyPrefix, count(anim)),
    label: o.label,
    plan: (anim, i) => o.plan(anim, i, i + 1),
    first: (anim) => Math.max(0, (o.items(anim) ?? []).findIndex((item, i) => o.moves(anim, item, i))),
    ofPath: (anim, path) => {
      const m = o.rowPath.exec(path);
      const i = m ? Math.floor(Number(m[1]) / rows) : -1;
      return i >= 0 && i < count(anim) ? i : undefined;
    },
    duration: (anim) => anim.duration,
    loopMode: (anim) => anim.loopMode,
  };
}

/**
 * The model facet of a kind whose entries bind to materials by name: `bind` gives the bindings,
 * this turns them into what the page and the export show (` → material 1` after each entry).
 */
export function materialTarget<A>(bind: (model: Pick<ModelData, 'materials'>, anim: A, options: MaterialBindOptions) => MaterialBindingResult): ModelFacet<A> {
  return {
    target: 'materials',
    purpose: 'see which materials the entries drive',
    bind(anim, model, root) {
      const result = bind(model, anim, { animRoot: root });
      const { infos, suffixes } = bindingInfos(result);
      return { materialBindings: infos, groupTargets: suffixes, diagnostics: result.diagnostics };
    },
  };
}

// ---- payload checks (the page never trusts what arrives) ------------------------------------

export function isKeyTrack(x: unknown): x is KeyTrack {
  return isObj(x) && isInt(x.count) && isInt(x.index) && isInt(x.tangentMode);
}

export function isFullTrack(x: unknown): x is FullTrack {
  return isObj(x) && isInt(x.count) && isInt(x.index);
}

export function isFullSrtTracks(x: unknown): x is FullSrtTracks {
  return isObj(x) && isFullTrack(x.scale) && isFullTrack(x.rotation) && isFullTrack(x.translation);
}

/** An object with r, g, b, a each passing `item`. */
export function isRgba<T>(x: unknown, item: (y: unknown) => y is T): x is Rgba<T> {
  return isObj(x) && item(x.r) && item(x.g) && item(x.b) && item(x.a);
}

export function isSrtTracks(x: unknown): x is SrtTracks {
  return isObj(x) && isKeyTrack(x.scale) && isKeyTrack(x.rotation) && isKeyTrack(x.translation);
}

/** The J3DCommon fields and `format` of a payload. */
export function isJ3dCommon(x: unknown, format: string): x is Obj & J3DCommon {
  return isObj(x) && x.format === format && isInt(x.loopMode) && isInt(x.rotationFraction) && isInt(x.duration);
}

// ---- export schema parts shared by the kinds -------------------------------------------------

/** A full-track entry in the export schema. */
export const FULL_TRACK_SCHEMA = {
  type: 'object',
  required: ['count', 'index'],
  properties: { count: { type: 'integer', minimum: 0 }, index: { type: 'integer', minimum: 0 } },
} as const;

/** R, G, B, A tracks of one colour entry in the export schema (`track`: the schema of one track). */
export function rgbaSchema(track: object): object {
  return { type: 'object', required: ['r', 'g', 'b', 'a'], properties: { r: track, g: track, b: track, a: track } };
}
