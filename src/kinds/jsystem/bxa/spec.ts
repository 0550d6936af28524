/** BXA — vertex colour animation, full tracks (FORMATS.md §9.7): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, j3dFullSummary, rgbaList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { vertexColourBind, vertexColourKeysBinding, vertexColourSchema } from '../vtxcolourSpec';
import { BXA_DECODER } from '../../../formats/jsystem/bxa/decode';
import type { BxaAnim } from '../../../formats/jsystem/bxa/types';
import { BXA_PAGE } from './page';

export const BXA: FormatSpec<BxaAnim> = {
  ...BXA_DECODER,
  ...BXA_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'layers', color: 'charts.orange' },
  model: { ...BXA_PAGE.model, bind: vertexColourBind('VCF1') },
  summarize: (anim) => j3dFullSummary(anim, anim.channels.flat().flatMap(rgbaList),
    [['channel 0 entries', anim.channels[0]?.length ?? 0], ['channel 1 entries', anim.channels[1]?.length ?? 0]]),
  wire: {
    ...BXA_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: vertexColourKeysBinding,
  samplePaths: ['`channels/{c}/entries/{i}/{r|g|b|a}` (c = 0, 1; the stored byte)'],
  schema: vertexColourSchema('bxa', FULL_TRACK_SCHEMA, { $ref: '#/definitions/numbers' }),
};
