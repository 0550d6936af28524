/**
 * The page halves BPK and BPA share (FORMATS.md §9.3): groups (one per entry, material colour 0)
 * and the colour preview around each kind's own tracks. The binding and schema are colourSpec.ts.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, GroupFacet, PreviewSpec } from '../spec';
import { listGroups } from './familyPage';

/** What BPK and BPA data have in common. */
export interface MaterialColourData {
  entries: { materialName: string }[];
  duration: number;
  loopMode: number;
}

/**
 * Groups, preview and model target of a material colour kind whose chunk is `chunkId` (PAK1,
 * PAF1). `moves(anim, entry)` says whether an entry animates.
 */
export function materialColourFacets<A extends MaterialColourData & FormatData>(chunkId: string, plan: (anim: A, first: number, end: number) => PlannedTrack[],
  moves: (anim: A, entry: number) => boolean): { groups: GroupFacet<A>; preview: PreviewSpec<A>; model: { target: 'materials'; purpose: string } } {
  return {
    groups: listGroups({
      noun: 'Entry', keyPrefix: 'entry', items: (anim) => anim.entries, label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · colour 0`, plan,
      moves: (anim, _e, i) => moves(anim, i),
      rowPath: new RegExp(`^${chunkId}/(?:entryTable|materialIdTable|nameTable/entries|nameTable/strings)\\[(\\d+)\\]`),
    }),
    preview: {
      kind: 'colour',
      entry: (anim, i) => {
        const e = anim.entries?.[i];
        return e ? { slot: 'colour 0', materialName: e.materialName, title: `entry ${i}: material colour 0`, notes: [] } : undefined;
      },
    },
    model: { target: 'materials', purpose: 'see which materials the entries drive' },
  };
}
