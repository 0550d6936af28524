/** BPA — material colour animation, full tracks (FORMATS.md §9.3): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { isObj } from '../../binary/guards';
import { FULL_TRACK_SCHEMA, isFullTrack, isJ3dCommon, isRgba, J3D_FAMILY, j3dMagic, j3dPatterns, j3dFullSummary, movesFull, rgbaList } from '../family';
import { materialColourFacets, materialColourSchema } from '../colourSpec';
import { BPA_CODES, decodeBpa } from './decode';
import { planBpa } from './plan';
import type { BpaAnim, BpaEntry } from './types';
import { applyBpa } from './pose';

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
  ...materialColourFacets<BpaAnim>('PAF1', planBpa, (anim, i) => movesFull(rgbaList(anim.entries[i]))),
  summarize: (anim) => j3dFullSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  apply: applyBpa,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bpa') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpaAnim) : undefined),
  },
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, the stored byte, 0..255)'],
  schema: materialColourSchema('bpa', FULL_TRACK_SCHEMA, { $ref: '#/definitions/numbers' }),
};
