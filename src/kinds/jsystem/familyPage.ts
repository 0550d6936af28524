/**
 * What the J3D animation kinds share in their page halves (page.ts): the groups of a kind whose
 * groups are one list, whether a group moves, and the checks a payload from the host gets in the
 * page. Nothing here decodes.
 */
import type { PlannedTrack } from '../../anim/tracks';
import { isInt, isObj, Obj } from '../../formats/binary/guards';
import type { GroupFacet } from '../spec';
import type { FullSrtTracks, FullTrack, J3DCommon, KeyTrack, Rgba, SrtTracks } from '../../formats/jsystem/types';

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
