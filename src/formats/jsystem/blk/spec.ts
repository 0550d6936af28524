/** BLK — cluster weight animation, keyed (FORMATS.md §9.6): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { isJ3dCommon, isKeyTrack, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, moves } from '../family';
import { clusterWeightFacets, clusterWeightSchema } from '../clusterSpec';
import { BLK_CODES, decodeBlk } from './decode';
import { planBlk } from './plan';
import type { BlkAnim } from './types';

export const BLK: FormatSpec<BlkAnim> = {
  id: 'blk',
  label: 'BLK',
  title: 'cluster weight animation (keyed)',
  family: J3D_FAMILY,
  magic: j3dMagic('blk1'),
  filePatterns: j3dPatterns('blk'),
  decode: decodeBlk,
  codes: BLK_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLK file was available.',
  icon: { codicon: 'graph-line', color: 'charts.green' },
  planTracks: (anim) => planBlk(anim),
  ...clusterWeightFacets<BlkAnim>('CLK1', planBlk, (anim, i) => moves([anim.tracks[i]])),
  summarize: (anim) => j3dSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'blk') && Array.isArray(x.tracks) && x.tracks.every(isKeyTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlkAnim) : undefined),
  },
  samplePaths: ['`tracks/{i}/weight` (count 0 = 1.0)'],
  schema: clusterWeightSchema('blk', { $ref: '#/definitions/keyTrack' }),
};
