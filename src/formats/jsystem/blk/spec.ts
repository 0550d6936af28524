/** BLK — cluster weight animation, keyed (FORMATS.md §9.6): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dMagic, j3dPatterns, j3dSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { clusterWeightBind, clusterWeightSchema } from '../clusterSpec';
import { BLK_CODES, decodeBlk } from './decode';
import type { BlkAnim } from './types';
import { BLK_PAGE } from './page';

export const BLK: FormatSpec<BlkAnim> = {
  ...BLK_PAGE,
  family: J3D_FAMILY,
  magic: j3dMagic('blk1'),
  filePatterns: j3dPatterns('blk'),
  decode: decodeBlk,
  codes: BLK_CODES,
  icon: { codicon: 'graph-line', color: 'charts.green' },
  model: { ...BLK_PAGE.model, bind: clusterWeightBind('CLK1') },
  summarize: (anim) => j3dSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  wire: {
    ...BLK_PAGE.wire,
    pack: (anim) => anim,
  },
  samplePaths: ['`tracks/{i}/weight` (count 0 = 1.0)'],
  schema: clusterWeightSchema('blk', { $ref: '#/definitions/keyTrack' }),
};
