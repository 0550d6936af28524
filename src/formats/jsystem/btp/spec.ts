/** BTP — texture pattern animation (FORMATS.md §9.4): everything the product knows of the format. */
import { resolvePath } from '../../binary/fields';
import type { FormatSpec } from '../../spec';
import { isObj } from '../../binary/guards';
import { FULL_TRACK_SCHEMA, isFullTrack, isJ3dCommon, J3D_FAMILY, j3dFullSummary, j3dMagic, j3dPatterns, listGroups, movesFull } from '../family';
import { bindBtp } from './binding';
import { BTP_CODES, decodeBtp } from './decode';
import { planBtp } from './plan';
import type { BtpAnim, BtpEntry } from './types';
import { applyBtp } from './pose';


const isEntry = (x: unknown): x is BtpEntry =>
  isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.texMapSlot) && isFullTrack(x.texture);

export const BTP: FormatSpec<BtpAnim> = {
  id: 'btp',
  label: 'BTP',
  title: 'texture pattern animation',
  family: J3D_FAMILY,
  magic: j3dMagic('btp1'),
  filePatterns: j3dPatterns('btp'),
  decode: decodeBtp,
  codes: BTP_CODES,
  icon: { codicon: 'file-media', color: 'charts.purple' },
  planTracks: (anim) => planBtp(anim),
  groups: listGroups({
    noun: 'Entry', keyPrefix: 'entry', items: (anim) => anim.entries,
    label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · TEXMAP${anim.entries[i]?.texMapSlot ?? 0}`,
    plan: planBtp, moves: (_anim, e) => movesFull([e.texture]),
    rowPath: /^TPT1\/(?:entryTable|materialIdTable|nameTable\/entries|nameTable\/strings)\[(\d+)\]/,
  }),
  preview: {
    kind: 'textureStrip',
    entry: (anim, i) => {
      const e = anim.entries?.[i];
      return e ? { materialName: e.materialName, slot: `TEXMAP${e.texMapSlot}`, duration: anim.duration } : undefined;
    },
  },
  summarize: (anim) => j3dFullSummary(anim, anim.entries.map((e) => e.texture), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
    counts: [['texture-index bank', anim.textureIndexBank.length]],
  }),
  model: {
    target: 'materials',
    purpose: 'see which materials the entries drive',
    bind: (anim, model, root, bytes) =>
      bindBtp(anim, model, root, resolvePath(root, 'TPT1/entryTable', bytes)?.offset, resolvePath(root, 'TPT1/textureIndexBank', bytes)?.offset),
  },
  apply: applyBtp,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'btp') && Array.isArray(x.entries) && x.entries.every(isEntry) && x.textureIndexBank instanceof Uint16Array
      ? (x as unknown as BtpAnim) : undefined),
  },
  samplePaths: ['`entries/{i}/texture` (the TEX1 texture index)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'textureIndexBank'],
    properties: {
      format: { const: 'btp' },
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['materialName', 'texMapSlot', 'texture'],
          properties: { materialName: { type: 'string' }, texMapSlot: { type: 'integer' }, texture: FULL_TRACK_SCHEMA },
        },
      },
      textureIndexBank: { $ref: '#/definitions/numbers' },
    },
  },
};
