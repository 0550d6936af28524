/** BLK — cluster weight animation, keyed (FORMATS.md §9.6): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { clusterWeightBind, clusterWeightSchema } from '../clusterSpec';
import { BLK_DECODER } from '../../../formats/jsystem/blk/decode';
import type { BlkAnim } from '../../../formats/jsystem/blk/types';
import { BLK_PAGE } from './page';

export const BLK: FormatSpec<BlkAnim> = {
  ...BLK_DECODER,
  ...BLK_PAGE,
  family: J3D_FAMILY,
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
