/**
 * The FormatSpec facets BPK and BPA share (FORMATS.md §9.3): groups (one per entry, material
 * colour 0), the colour preview, the material binding and the export schema around each kind's
 * own tracks and banks.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, FormatSpec } from '../spec';
import { bindMaterialColour } from './colour';
import { indexOfKey, rgbaSchema } from './family';

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
  const entryPath = new RegExp(`^${chunkId}/(?:entryTable|materialIdTable|nameTable/entries|nameTable/strings)\\[(\\d+)\\]`);
  return {
    groups: {
      noun: 'Entry',
      count: (anim) => anim.entries?.length ?? 0,
      key: (_anim, i) => `entry:${i}`,
      index: (anim, key) => indexOfKey(key, 'entry', anim.entries?.length ?? 0),
      label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · colour 0`,
      plan: (anim, i) => plan(anim, i, i + 1),
      first: (anim) => Math.max(0, (anim.entries ?? []).findIndex((_e, i) => moves(anim, i))),
      ofPath: (anim, path) => {
        const m = entryPath.exec(path);
        return m && Number(m[1]) < (anim.entries?.length ?? 0) ? Number(m[1]) : undefined;
      },
      duration: (anim) => anim.duration,
      loopMode: (anim) => anim.loopMode,
    },
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
