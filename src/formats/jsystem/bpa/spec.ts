/** BPA — material colour animation, full tracks (FORMATS.md §9.3): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { bindMaterialColour } from '../colour';
import { isObj } from '../../binary/guards';
import { FULL_TRACK_SCHEMA, indexOfKey, isFullTrack, isJ3dCommon, isRgba, J3D_FAMILY, j3dMagic, j3dPatterns, j3dFullSummary, movesFull, rgbaList, rgbaSchema } from '../family';
import { BPA_CODES, decodeBpa } from './decode';
import { planBpa } from './plan';
import type { BpaAnim, BpaEntry } from './types';
import { applyBpa } from './pose';

const ENTRY_PATH = /^PAF1\/(?:entryTable|materialIdTable|nameTable\/entries|nameTable\/strings)\[(\d+)\]/;

const isEntry = (x: unknown): x is BpaEntry => isObj(x) && typeof x.materialName === 'string' && isRgba(x, isFullTrack);
const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Uint8Array => b instanceof Uint8Array);

export const BPA: FormatSpec<BpaAnim> = {
  id: 'bpa',
  label: 'BPA',
  title: 'material colour animation (full tracks)',
  family: J3D_FAMILY,
  magic: j3dMagic('bpa1'),
  filePatterns: j3dPatterns('bpa'),
  decode: decodeBpa,
  codes: BPA_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BPA file was available.',
  icon: { codicon: 'lightbulb', color: 'charts.yellow' },
  planTracks: (anim) => planBpa(anim),
  groups: {
    noun: 'Entry',
    count: (anim) => anim.entries?.length ?? 0,
    key: (_anim, i) => `entry:${i}`,
    index: (anim, key) => indexOfKey(key, 'entry', anim.entries?.length ?? 0),
    label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · colour 0`,
    plan: (anim, i) => planBpa(anim, i, i + 1),
    first: (anim) => Math.max(0, (anim.entries ?? []).findIndex((e) => movesFull(rgbaList(e)))),
    ofPath: (anim, path) => {
      const m = ENTRY_PATH.exec(path);
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
  summarize: (anim) => j3dFullSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  model: {
    target: 'materials',
    purpose: 'see which materials the entries drive',
    bind: (anim, model, root) => bindMaterialColour(anim.entries ?? [], 'PAF1', model, root),
  },
  apply: applyBpa,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bpa') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpaAnim) : undefined),
  },
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, the stored byte, 0..255)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'banks'],
    properties: {
      format: { const: 'bpa' },
      entries: {
        type: 'array',
        items: { allOf: [rgbaSchema(FULL_TRACK_SCHEMA)], required: ['materialName'], properties: { materialName: { type: 'string' } } },
      },
      banks: rgbaSchema({ $ref: '#/definitions/numbers' }),
    },
  },
};
