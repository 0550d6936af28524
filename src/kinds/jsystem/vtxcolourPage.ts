/**
 * The page halves BXK and BXA share (FORMATS.md §9.7): groups (one per entry of either colour
 * channel), the vertex-colour preview and the payload check around each kind's own tracks. The
 * binding and schema are vtxcolourSpec.ts.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, GroupFacet, PreviewSpec } from '../spec';
import { isObj } from '../../formats/binary/guards';
import { indexOfKey } from './familyPage';
import type { IndexSet } from '../../formats/jsystem/vtxcolour';

/** What BXK and BXA data have in common. */
export interface VertexColourData {
  channels: { indexSet: IndexSet }[][];
  indexPools: Uint16Array[];
  duration: number;
  loopMode: number;
}

/** Group g: entry g of channel 0, then entry g − n0 of channel 1. */
export function entryOfGroup(anim: VertexColourData, g: number): { channel: number; entry: number } | undefined {
  const n0 = anim.channels?.[0]?.length ?? 0;
  const n1 = anim.channels?.[1]?.length ?? 0;
  if (!(g >= 0) || g >= n0 + n1) return undefined;
  return g < n0 ? { channel: 0, entry: g } : { channel: 1, entry: g - n0 };
}

/** How many groups there are: channel 0's entries, then channel 1's. */
export const groupCount = (anim: VertexColourData): number => (anim.channels?.[0]?.length ?? 0) + (anim.channels?.[1]?.length ?? 0);

/** Indices listed by the preview at most. */
const PREVIEW_INDICES = 64;

/**
 * Groups (one per entry of either channel), the preview and the model target of a vertex-colour
 * kind. `moves(anim, channel, entry)` says whether an entry animates.
 */
export function vertexColourFacets<A extends VertexColourData & FormatData>(chunkId: string, plan: (anim: A, first: number, end: number) => PlannedTrack[],
  moves: (anim: A, channel: number, entry: number) => boolean): { groups: GroupFacet<A>; preview: PreviewSpec<A>; model: { target: 'vertexColours'; purpose: string } } {
  const entryPath = new RegExp(`^${chunkId}/(?:entryTable|indexSetTable)([01])\\[(\\d+)\\]`);
  return {
    groups: {
      noun: 'Entry',
      count: groupCount,
      key: (anim, g) => {
        const e = entryOfGroup(anim, g);
        return e ? `channel${e.channel}:${e.entry}` : `channel0:${g}`;
      },
      index: (anim, key) => {
        const n0 = anim.channels?.[0]?.length ?? 0;
        const a = indexOfKey(key, 'channel0', n0);
        if (a !== undefined) return a;
        const b = indexOfKey(key, 'channel1', anim.channels?.[1]?.length ?? 0);
        return b === undefined ? undefined : n0 + b;
      },
      label: (anim, g) => {
        const e = entryOfGroup(anim, g);
        return e ? `CLR${e.channel} · entry ${e.entry}` : `Entry ${g}`;
      },
      plan: (anim, g) => plan(anim, g, g + 1),
      first: (anim) => {
        for (let g = 0; g < groupCount(anim); g++) {
          const e = entryOfGroup(anim, g)!;
          if (moves(anim, e.channel, e.entry)) return g;
        }
        return 0;
      },
      ofPath: (anim, path) => {
        const m = entryPath.exec(path);
        if (!m) return undefined;
        const channel = Number(m[1]);
        const entry = Number(m[2]);
        if (entry >= (anim.channels?.[channel]?.length ?? 0)) return undefined;
        return channel === 0 ? entry : (anim.channels?.[0]?.length ?? 0) + entry;
      },
      duration: (anim) => anim.duration,
      loopMode: (anim) => anim.loopMode,
    },
    preview: {
      kind: 'vertexColour',
      entry: (anim, g) => {
        const e = entryOfGroup(anim, g);
        const set = e && anim.channels[e.channel][e.entry]?.indexSet;
        if (!e || !set) return undefined;
        const pool = anim.indexPools?.[e.channel] ?? new Uint16Array(0);
        const readable = Math.max(0, Math.min(set.count, pool.length - set.first));
        const notes = [];
        if (readable < set.count) notes.push(`${set.count - readable} of the ${set.count} indices lie past the index pool (not read).`);
        if (e.channel === 1) notes.push('Some games apply colour channel 0 only (Pikmin 2).');
        return {
          array: `CLR${e.channel}`, title: `channel ${e.channel} entry ${e.entry}`,
          indices: Array.from(pool.subarray(Math.min(set.first, pool.length), Math.min(set.first + Math.min(readable, PREVIEW_INDICES), pool.length))),
          indexCount: set.count, notes,
        };
      },
    },
    model: { target: 'vertexColours', purpose: 'check the colour indices against the model' },
  };
}

/** Payload checks of the vertex-colour data (entries checked by `entry`). */
export function isVertexColourData(x: Record<string, unknown>, entry: (e: unknown) => boolean): boolean {
  const isSet = (s: unknown): boolean => isObj(s) && Number.isInteger(s.count) && Number.isInteger(s.first);
  return Array.isArray(x.channels) && x.channels.length === 2 &&
    x.channels.every((c) => Array.isArray(c) && c.every((e) => entry(e) && isObj(e) && isSet(e.indexSet))) &&
    Array.isArray(x.indexPools) && x.indexPools.length === 2 && x.indexPools.every((p) => p instanceof Uint16Array);
}
