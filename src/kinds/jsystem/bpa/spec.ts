/** BPA — material colour animation, full tracks (FORMATS.md §9.3): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, j3dFullSummary, rgbaList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { materialColourBind, materialColourKeysBinding, materialColourSchema } from '../colourSpec';
import { BPA_DECODER } from '../../../formats/jsystem/bpa/decode';
import type { BpaAnim } from '../../../formats/jsystem/bpa/types';
import { BPA_PAGE } from './page';

export const BPA: FormatSpec<BpaAnim> = {
  ...BPA_DECODER,
  ...BPA_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'lightbulb', color: 'charts.yellow' },
  model: { ...BPA_PAGE.model, bind: materialColourBind('PAF1') },
  summarize: (anim) => j3dFullSummary(anim, anim.entries.flatMap(rgbaList), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
  }),
  wire: {
    ...BPA_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: materialColourKeysBinding,
  samplePaths: ['`entries/{i}/{r|g|b|a}` (material colour 0, the stored byte, 0..255)'],
  schema: materialColourSchema('bpa', FULL_TRACK_SCHEMA, { $ref: '#/definitions/numbers' }),
};
