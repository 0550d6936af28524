/** BRK — TEV register colour animation (FORMATS.md §4): everything the product knows of the format. */
import { planBrk } from '../../../anim/tracks';
import type { FormatSpec } from '../../spec';
import { isObj } from '../../binary/guards';
import { indexOfKey, isJ3dCommon, isKeyTrack, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, materialTarget, moves } from '../family';
import { BRK_CODES, decodeBrk } from './decode';
import type { BrkAnim, BrkColorBanks, BrkEntry } from './types';
import { bindBrkMaterials } from './binding';
import { applyBrk } from './pose';

const REGISTER_PATH = /^TRK1\/registerTable\[(\d+)\]/;
const KONSTANT_PATH = /^TRK1\/konstantTable\[(\d+)\]/;

/** Group i: register entry i, then konstant entry i − register count. */
function entryOf(anim: BrkAnim, i: number): { register: boolean; index: number; entry: BrkEntry | undefined } {
  const registers = anim.register?.length ?? 0;
  return i < registers
    ? { register: true, index: i, entry: anim.register[i] }
    : { register: false, index: i - registers, entry: anim.konstant?.[i - registers] };
}

/** `C0`…`C3` (TEV colour registers), `K0`…`K3` (konstant colours). */
export function colorSlotLabel(register: boolean, colorId: number): string {
  return `${register ? 'C' : 'K'}${colorId}`;
}

const channels = (e: BrkEntry) => [e.r, e.g, e.b, e.a];

function isBrkEntry(x: unknown): x is BrkEntry {
  return isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.colorId) &&
    isKeyTrack(x.r) && isKeyTrack(x.g) && isKeyTrack(x.b) && isKeyTrack(x.a);
}
const isBanks = (x: unknown): x is BrkColorBanks =>
  isObj(x) && [x.r, x.g, x.b, x.a].every((b) => b instanceof Int16Array);

const BRK_ENTRY_SCHEMA = {
  type: 'object',
  required: ['materialName', 'colorId', 'r', 'g', 'b', 'a'],
  properties: {
    materialName: { type: 'string' }, colorId: { type: 'integer' }, remap: { type: 'integer' },
    r: { $ref: '#/definitions/keyTrack' }, g: { $ref: '#/definitions/keyTrack' }, b: { $ref: '#/definitions/keyTrack' }, a: { $ref: '#/definitions/keyTrack' },
  },
};
const BRK_BANKS_SCHEMA = {
  type: 'object',
  required: ['r', 'g', 'b', 'a'],
  properties: { r: { $ref: '#/definitions/numbers' }, g: { $ref: '#/definitions/numbers' }, b: { $ref: '#/definitions/numbers' }, a: { $ref: '#/definitions/numbers' } },
};

export const BRK: FormatSpec<BrkAnim> = {
  id: 'brk',
  label: 'BRK',
  title: 'TEV colour animation',
  family: J3D_FAMILY,
  magic: j3dMagic('brk1'),
  filePatterns: j3dPatterns('brk'),
  decode: decodeBrk,
  codes: BRK_CODES,
  icon: { codicon: 'paintcan', color: 'charts.orange' },
  planTracks: (anim) => planBrk(anim),
  groups: {
    noun: 'Colour',
    count: (anim) => (anim.register?.length ?? 0) + (anim.konstant?.length ?? 0),
    key: (anim, i) => {
      const e = entryOf(anim, i);
      return `${e.register ? 'register' : 'konstant'}:${e.index}`;
    },
    index: (anim, key) => {
      const registers = anim.register?.length ?? 0;
      const r = indexOfKey(key, 'register', registers);
      if (r !== undefined) return r;
      const k = indexOfKey(key, 'konstant', anim.konstant?.length ?? 0);
      return k === undefined ? undefined : registers + k;
    },
    label: (anim, i) => {
      const e = entryOf(anim, i);
      return `${colorSlotLabel(e.register, e.entry?.colorId ?? 0)} · ${e.entry?.materialName ?? ''}`;
    },
    plan: (anim, i) => planBrk(anim, i),
    first: (anim) => {
      const n = (anim.register?.length ?? 0) + (anim.konstant?.length ?? 0);
      for (let i = 0; i < n; i++) {
        const e = entryOf(anim, i).entry;
        if (e && moves(channels(e))) return i;
      }
      return 0;
    },
    ofPath: (anim, path) => {
      const registers = anim.register?.length ?? 0;
      const r = REGISTER_PATH.exec(path);
      if (r) return Number(r[1]) < registers ? Number(r[1]) : undefined;
      const k = KONSTANT_PATH.exec(path);
      return k && Number(k[1]) < (anim.konstant?.length ?? 0) ? registers + Number(k[1]) : undefined;
    },
    duration: (anim) => anim.duration,
    loopMode: (anim) => anim.loopMode,
  },
  preview: {
    kind: 'colour',
    entry: (anim, i) => {
      const e = entryOf(anim, i);
      if (!e.entry) return undefined;
      const { colorId, materialName } = e.entry;
      const notes = e.register && colorId === 3 ? ['C3 (TEV colour slot 3) never reaches the hardware.']
        : colorId > 3 ? [`Colour id ${colorId} is outside 0..3.`] : [];
      return {
        slot: colorSlotLabel(e.register, colorId), materialName, notes,
        title: `${e.register ? 'register' : 'konstant'} entry ${e.index}`,
        ...(e.register ? { rangeNote: 'registers hold −1024..1023' } : {}),
      };
    },
  },
  summarize: (anim) => j3dSummary(anim, [...anim.register, ...anim.konstant].flatMap(channels),
    [['register entries', anim.register.length], ['konstant entries', anim.konstant.length]],
    { names: [...anim.register, ...anim.konstant].map((e) => e.materialName) }),
  model: materialTarget(bindBrkMaterials),
  apply: applyBrk,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'brk') && Array.isArray(x.register) && x.register.every(isBrkEntry) &&
      Array.isArray(x.konstant) && x.konstant.every(isBrkEntry) && isBanks(x.registerBanks) && isBanks(x.konstantBanks)
      ? (x as unknown as BrkAnim) : undefined),
  },
  samplePaths: ['`register/{i}/{r|g|b|a}`, then `konstant/{i}/{r|g|b|a}` (clamped as the game does)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['register', 'konstant', 'registerBanks', 'konstantBanks'],
    properties: {
      format: { const: 'brk' },
      register: { type: 'array', items: BRK_ENTRY_SCHEMA },
      konstant: { type: 'array', items: BRK_ENTRY_SCHEMA },
      registerBanks: BRK_BANKS_SCHEMA,
      konstantBanks: BRK_BANKS_SCHEMA,
    },
  },
};
