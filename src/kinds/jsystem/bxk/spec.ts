/** BXK — vertex colour animation, keyed (FORMATS.md §9.7): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dSummary, rgbaList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { vertexColourBind, vertexColourKeysBinding, vertexColourSchema } from '../vtxcolourSpec';
import { BXK_DECODER } from '../../../formats/jsystem/bxk/decode';
import type { BxkAnim } from '../../../formats/jsystem/bxk/types';
import { BXK_PAGE } from './page';

export const BXK: FormatSpec<BxkAnim> = {
  ...BXK_DECODER,
  ...BXK_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'flame', color: 'charts.orange' },
  model: { ...BXK_PAGE.model, bind: vertexColourBind('VCK1') },
  summarize: (anim) => j3dSummary(anim, anim.channels.flat().flatMap(rgbaList),
    [['channel 0 entries', anim.channels[0]?.length ?? 0], ['channel 1 entries', anim.channels[1]?.length ?? 0]]),
  wire: {
    ...BXK_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: vertexColourKeysBinding,
  samplePaths: ['`channels/{c}/entries/{i}/{r|g|b|a}` (c = 0, 1; 0..255 as the game computes it)'],
  schema: vertexColourSchema('bxk', { $ref: '#/definitions/keyTrack' }, { $ref: '#/definitions/numbers' }),
};
