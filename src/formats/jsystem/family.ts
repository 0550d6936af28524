/**
 * What the J3D animation kinds share in their FormatSpecs (FORMATS.md §1): the family, its
 * magic, the summary of key-table tracks, and the checks a payload from the host gets in the page.
 */
import { loopModeName } from '../../anim/loop';
import { plural } from '../binary/text';
import { bindingInfos, MaterialBindOptions, MaterialBindingResult } from '../../anim/materials';
import type { ModelData } from '../model/types';
import type { FormatFamily, FormatMagic, FormatSummary, ModelFacet } from '../spec';
import { JSYSTEM_CODES } from './container';
import type { J3DCommon, KeyTrack, SrtTracks } from './types';
import { isInt, isObj, Obj } from '../binary/guards';

export const J3D_FAMILY: FormatFamily = { id: 'j3d', label: 'J3D', codes: JSYSTEM_CODES };

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

/** The summary facts every J3D kind has: duration, loop mode, the track counts. */
export function j3dSummary(anim: J3DCommon, tracks: readonly KeyTrack[], groupCounts: [string, number][],
  extra: Partial<FormatSummary> = {}): FormatSummary {
  const c = trackCounts(tracks);
  const loopMode = loopModeName(anim.loopMode);
  return {
    duration: anim.duration,
    loopMode,
    counts: [...groupCounts, ['tracks', tracks.length], ['keyed tracks', c.keyed], ['constant tracks', c.constant], ['keys', c.keys],
      ...(extra.counts ?? [])],
    names: extra.names ?? [],
    headline: [plural(anim.duration, 'frame'), loopMode],
    ...(extra.rotationFraction !== undefined ? { rotationFraction: extra.rotationFraction } : {}),
    ...(extra.matrixMode !== undefined ? { matrixMode: extra.matrixMode } : {}),
  };
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

export function isSrtTracks(x: unknown): x is SrtTracks {
  return isObj(x) && isKeyTrack(x.scale) && isKeyTrack(x.rotation) && isKeyTrack(x.translation);
}

/** The J3DCommon fields and `format` of a payload. */
export function isJ3dCommon(x: unknown, format: string): x is Obj & J3DCommon {
  return isObj(x) && x.format === format && isInt(x.loopMode) && isInt(x.rotationFraction) && isInt(x.duration);
}
