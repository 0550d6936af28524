/** BPK — material colour animation, keyed (FORMATS.md §9.3): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { isObj } from '../../binary/guards';
import { isJ3dCommon, isKeyTrack, isRgba, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, moves, rgbaList } from '../family';
import { materialColourFacets, materialColourSchema } from '../colourSpec';
import { BPK_CODES, decodeBpk } from './decode';
import { planBpk } from './plan';
import type { BpkAnim, BpkEntry } from './types';
import { applyBpk } from './pose';

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
  ...materialColourFacets<BpkAnim>('PAK1', planBpk, (anim, i) => moves(rgbaList(anim.entries[i]))),
  summarize: (anim) => j3dSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  apply: applyBpk,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bpk') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpkAnim) : undefined),
  },
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, 0..255 as the game computes it)'],
  schema: materialColourSchema('bpk', { $ref: '#/definitions/keyTrack' }, { $ref: '#/definitions/numbers' }),
};
