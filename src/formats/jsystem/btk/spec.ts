/** BTK — texture SRT animation (FORMATS.md §3): everything the product knows of the format. */
import { planBtk } from '../../../anim/tracks';
import type { FormatSpec } from '../../spec';
import { isObj } from '../../binary/guards';
import { isJ3dCommon, isSrtTracks, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, listGroups, materialTarget, moves, srtTrackList } from '../family';
import { BTK_CODES, decodeBtk } from './decode';
import type { BtkAnim, BtkEntry } from './types';
import { bindBtkMaterials } from './binding';
import { applyBtk } from './pose';


const matrixModeName = (mode: number): string => (mode === 1 ? 'maya' : mode === 0 ? 'basic' : `unknown(${mode})`);

function isBtkEntry(x: unknown): x is BtkEntry {
  return isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.texMtxIndex) && Array.isArray(x.center) &&
    x.center.length === 3 && isSrtTracks(x.s) && isSrtTracks(x.t) && isSrtTracks(x.q);
}

export const BTK: FormatSpec<BtkAnim> = {
  id: 'btk',
  label: 'BTK',
  title: 'texture SRT animation',
  family: J3D_FAMILY,
  magic: j3dMagic('btk1'),
  filePatterns: j3dPatterns('btk'),
  decode: decodeBtk,
  codes: BTK_CODES,
  icon: { codicon: 'symbol-color', color: 'charts.green' },
  planTracks: (anim) => planBtk(anim),
  groups: listGroups({
    noun: 'Entry', keyPrefix: 'entry', items: (anim) => anim.entries,
    label: (anim, i) => {
      const e = anim.entries[i];
      return `${e?.materialName ?? ''} · ${e?.texMtxIndex === 0xff ? 'no TEXMTX' : `TEXMTX${e?.texMtxIndex}`}`;
    },
    plan: planBtk,
    moves: (_anim, e) => moves(srtTrackList([e.s, e.t, e.q])),
    // Three key-table rows (s, t, q) per entry.
    rowPath: /^TTK1\/keyTable\[(\d+)\]/, rowsPerItem: 3,
  }),
  preview: {
    kind: 'textureMatrix',
    entry: (anim, i) => {
      const e = anim.entries?.[i];
      return e ? { materialName: e.materialName, texMtxIndex: e.texMtxIndex, center: e.center ?? [0, 0, 0], matrixMode: anim.matrixMode } : undefined;
    },
  },
  summarize: (anim) => j3dSummary(anim, anim.entries.flatMap((e) => srtTrackList([e.s, e.t, e.q])), [['entries', anim.entries.length]], {
    rotationFraction: anim.rotationFraction,
    matrixMode: matrixModeName(anim.matrixMode),
    counts: [['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length], ['translation bank', anim.translationBank.length]],
    names: anim.entries.map((e) => e.materialName),
  }),
  model: materialTarget(bindBtkMaterials),
  apply: applyBtk,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'btk') && Number.isInteger(x.matrixMode) && Array.isArray(x.entries) && x.entries.every(isBtkEntry) &&
      x.scaleBank instanceof Float32Array && x.rotationBank instanceof Int16Array && x.translationBank instanceof Float32Array
      ? (x as unknown as BtkAnim) : undefined),
  },
  samplePaths: [
    '`entries/{i}/{scale|rotation|translation}/{s|t|q}`, then `entries/{i}/matrix/{m00|m01|m02|m10|m11|m12}`',
  ],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['matrixMode', 'entries', 'scaleBank', 'rotationBank', 'translationBank'],
    properties: {
      format: { const: 'btk' },
      matrixMode: { type: 'integer' },
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['materialName', 'texMtxIndex', 'center', 's', 't', 'q'],
          properties: {
            materialName: { type: 'string' }, texMtxIndex: { type: 'integer' }, remap: { type: 'integer' },
            center: { $ref: '#/definitions/numbers' }, s: { $ref: '#/definitions/srt' }, t: { $ref: '#/definitions/srt' }, q: { $ref: '#/definitions/srt' },
          },
        },
      },
      scaleBank: { $ref: '#/definitions/numbers' },
      rotationBank: { $ref: '#/definitions/numbers' },
      translationBank: { $ref: '#/definitions/numbers' },
    },
  },
};
