/**
 * What the J3D animation kinds share in their host specs (FORMATS.md §1): the summary of key-table
 * tracks, the material binding, the export schema. What their page halves share (groups, payload
 * checks) is in familyPage.ts, re-exported here.
 */
import { loopModeName } from '../../anim/loop';
import { plural } from '../../formats/binary/text';
import { bindingInfos, MaterialBindOptions, MaterialBindingResult } from '../../anim/materials';
import type { ModelData } from '../../formats/model/types';
import type { FormatSummary, ModelBind } from '../spec';
import type { FullTrack, J3DCommon, KeyTrack } from '../../formats/jsystem/types';
import { declaredCounts, KeyTrackCounts } from '../../formats/jsystem/declared';

export * from './familyPage';

/** Keyed (count ≥ 2), constant (count 1) tracks and the keys of a list of key-table tracks. */
export function trackCounts(tracks: readonly KeyTrack[]): { keyed: number; constant: number; keys: number } {
  let keyed = 0, constant = 0, keys = 0;
  for (const t of tracks) {
    if (t.count >= 2) { keyed++; keys += t.count; } else if (t.count === 1) constant++;
  }
  return { keyed, constant, keys };
}

/** The summary facts every J3D kind has: duration, loop mode, the track counts. */
export function j3dSummary(anim: J3DCommon, tracks: readonly KeyTrack[], groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  return j3dSummaryOfCounts(anim, { tracks: tracks.length, ...trackCounts(tracks) }, groupCounts, extra);
}

/** The group counts with the declared count added where the file holds fewer. */
function withDeclared(anim: object, groupCounts: [string, number][]): FormatSummary['counts'] {
  const declared = declaredCounts(anim);
  if (!declared) return groupCounts;
  return groupCounts.map(([label, n]) => (declared[label] > n ? [label, n, declared[label]] : [label, n]));
}

/** j3dSummary from counts already made (the decoder's scan of the key table). */
export function j3dSummaryOfCounts(anim: J3DCommon, c: KeyTrackCounts, groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  const loopMode = loopModeName(anim.loopMode);
  return {
    duration: anim.duration,
    loopMode,
    counts: [...withDeclared(anim, groupCounts), ['tracks', c.tracks], ['keyed tracks', c.keyed], ['constant tracks', c.constant], ['keys', c.keys],
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
    counts: [...withDeclared(anim, groupCounts), ['tracks', tracks.length], ['stepped tracks', c.stepped], ['constant tracks', c.constant],
      ['empty tracks', c.empty], ['values', c.values], ...(extra.counts ?? [])],
    names: extra.names ?? [],
    headline: [plural(anim.duration, 'frame'), loopMode],
  };
}

/**
 * The binding of a kind whose entries bind to materials by name: `bind` gives the bindings, this
 * turns them into what the page and the export show (` → material 1` after each entry).
 */
export function materialBind<A>(bind: (model: Pick<ModelData, 'materials'>, anim: A, options: MaterialBindOptions) => MaterialBindingResult): ModelBind<A> {
  return (anim, model, root) => {
    const result = bind(model, anim, { animRoot: root });
    const { infos, suffixes } = bindingInfos(result);
    return { materialBindings: infos, groupTargets: suffixes, diagnostics: result.diagnostics };
  };
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
