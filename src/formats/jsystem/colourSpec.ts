/**
 * The FormatSpec facets BPK and BPA share (FORMATS.md §9.3): groups (one per entry, material
 * colour 0), the colour preview, the material binding and the export schema around each kind's
 * own tracks and banks.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, FormatSpec } from '../spec';
import { bindMaterialColour } from './colour';
import { listGroups, rgbaSchema } from './family';

/** What BPK and BPA data have in common. */
export interface MaterialColourData {
  entries: { materialName: string }[];
  duration: number;
  loopMode: number;
}

/**
 * Groups, preview and model binding of a material colour kind whose chunk is `chunkId` (PAK1,
 * PAF1). `moves(anim, entry)` says whether an entry animates.
 */
export function materialColourFacets<A extends MaterialColourData & FormatData>(chunkId: string, plan: (anim: A, first: number, end: number) => PlannedTrack[],
  moves: (anim: A, entry: number) => boolean): Pick<FormatSpec<A>, 'groups' | 'preview' | 'model'> {
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
    model: {
      target: 'materials',
      purpose: 'see which materials the entries drive',
      bind: (anim, model, root) => bindMaterialColour(anim.entries ?? [], chunkId, model, root),
    },
  };
}

/** The export schema of a material colour kind: entries of `track`s with a material name, and R, G, B, A banks of `bank`. */
export function materialColourSchema(format: string, track: object, bank: object): object {
  return {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'banks'],
    properties: {
      format: { const: format },
      entries: {
        type: 'array',
        items: { allOf: [rgbaSchema(track)], required: ['materialName'], properties: { materialName: { type: 'string' } } },
      },
      banks: rgbaSchema(bank),
    },
  };
}
