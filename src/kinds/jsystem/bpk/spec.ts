/** BPK — material colour animation, keyed (FORMATS.md §9.3): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dSummary, rgbaList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { materialColourBind, materialColourKeysBinding, materialColourSchema } from '../colourSpec';
import { BPK_DECODER } from '../../../formats/jsystem/bpk/decode';
import type { BpkAnim } from '../../../formats/jsystem/bpk/types';
import { BPK_PAGE } from './page';

export const BPK: FormatSpec<BpkAnim> = {
  ...BPK_DECODER,
  ...BPK_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'color-mode', color: 'charts.yellow' },
  model: { ...BPK_PAGE.model, bind: materialColourBind('PAK1') },
  summarize: (anim) => j3dSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  wire: {
    ...BPK_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: materialColourKeysBinding,
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, 0..255 as the game computes it)'],
  schema: materialColourSchema('bpk', { $ref: '#/definitions/keyTrack' }, { $ref: '#/definitions/numbers' }),
};
