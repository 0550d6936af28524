/** BLA — cluster weight animation, full tracks (FORMATS.md §9.6): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, isJ3dCommon, isFullTrack, J3D_FAMILY, j3dMagic, j3dPatterns, j3dFullSummary, movesFull } from '../family';
import { clusterWeightFacets, clusterWeightSchema } from '../clusterSpec';
import { BLA_CODES, decodeBla } from './decode';
import { planBla } from './plan';
import type { BlaAnim } from './types';

export const BLA: FormatSpec<BlaAnim> = {
  id: 'bla',
  label: 'BLA',
  title: 'cluster weight animation (full tracks)',
  family: J3D_FAMILY,
  magic: j3dMagic('bla1'),
  filePatterns: j3dPatterns('bla'),
  decode: decodeBla,
  codes: BLA_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLA file was available.',
  icon: { codicon: 'pulse', color: 'charts.green' },
  planTracks: (anim) => planBla(anim),
  ...clusterWeightFacets<BlaAnim>('CLF1', planBla, (anim, i) => movesFull([anim.tracks[i]])),
  summarize: (anim) => j3dFullSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bla') && Array.isArray(x.tracks) && x.tracks.every(isFullTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlaAnim) : undefined),
  },
  samplePaths: ['`tracks/{i}/weight` (the stored weight; count 0 reads before its slice: null)'],
  schema: clusterWeightSchema('bla', FULL_TRACK_SCHEMA),
};
