/** BPK — material colour animation, keyed (FORMATS.md §9.3): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { bindMaterialColour } from '../colour';
import { isObj } from '../../binary/guards';
import { indexOfKey, isJ3dCommon, isKeyTrack, isRgba, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, moves, rgbaList, rgbaSchema } from '../family';
import { BPK_CODES, decodeBpk } from './decode';
import { planBpk } from './plan';
import type { BpkAnim, BpkEntry } from './types';
import { applyBpk } from './pose';

const ENTRY_PATH = /^PAK1\/(?:entryTable|materialIdTable|nameTable\/entries|nameTable\/strings)\[(\d+)\]/;

const isEntry = (x: unknown): x is BpkEntry => isObj(x) && typeof x.materialName === 'string' && isRgba(x, isKeyTrack);
const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Int16Array => b instanceof Int16Array);

export const BPK: FormatSpec<BpkAnim> = {
  id: 'bpk',
  label: 'BPK',
  title: 'material colour animation (keyed)',
  family: J3D_FAMILY,
  magic: j3dMagic('bpk1'),
  filePatterns: j3dPatterns('bpk'),
  decode: decodeBpk,
  codes: BPK_CODES,
  icon: { codicon: 'color-mode', color: 'charts.yellow' },
  planTracks: (anim) => planBpk(anim),
  groups: {
    noun: 'Entry',
    count: (anim) => anim.entries?.length ?? 0,
    key: (_anim, i) => `entry:${i}`,
    index: (anim, key) => indexOfKey(key, 'entry', anim.entries?.length ?? 0),
    label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · colour 0`,
    plan: (anim, i) => planBpk(anim, i, i + 1),
    first: (anim) => Math.max(0, (anim.entries ?? []).findIndex((e) => moves(rgbaList(e)))),
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
  summarize: (anim) => j3dSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  model: {
    target: 'materials',
    purpose: 'see which materials the entries drive',
    bind: (anim, model, root) => bindMaterialColour(anim.entries ?? [], 'PAK1', model, root),
  },
  apply: applyBpk,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bpk') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpkAnim) : undefined),
  },
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, 0..255 as the game computes it)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'banks'],
    properties: {
      format: { const: 'bpk' },
      entries: {
        type: 'array',
        items: { allOf: [rgbaSchema({ $ref: '#/definitions/keyTrack' })], required: ['materialName'], properties: { materialName: { type: 'string' } } },
      },
      banks: rgbaSchema({ $ref: '#/definitions/numbers' }),
    },
  },
};
