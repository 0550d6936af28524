/** BLA — cluster weight animation, full tracks (FORMATS.md §9.6): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, j3dFullSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { clusterWeightBind, clusterWeightSchema } from '../clusterSpec';
import { BLA_DECODER } from '../../../formats/jsystem/bla/decode';
import type { BlaAnim } from '../../../formats/jsystem/bla/types';
import { BLA_PAGE } from './page';

export const BLA: FormatSpec<BlaAnim> = {
  ...BLA_DECODER,
  ...BLA_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'pulse', color: 'charts.green' },
  model: { ...BLA_PAGE.model, bind: clusterWeightBind('CLF1') },
  summarize: (anim) => j3dFullSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  wire: {
    ...BLA_PAGE.wire,
    pack: (anim) => anim,
  },
  samplePaths: ['`tracks/{i}/weight` (the stored weight; count 0 reads before its slice: null)'],
  schema: clusterWeightSchema('bla', FULL_TRACK_SCHEMA),
};
