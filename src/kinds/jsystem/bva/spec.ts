/** BVA — shape visibility animation (FORMATS.md §9.5): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, j3dFullSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { bindShapes } from './binding';
import { BVA_DECODER } from '../../../formats/jsystem/bva/decode';
import type { BvaAnim } from '../../../formats/jsystem/bva/types';
import { BVA_PAGE } from './page';

export const BVA: FormatSpec<BvaAnim> = {
  ...BVA_DECODER,
  ...BVA_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'eye', color: 'charts.red' },
  summarize: (anim) => j3dFullSummary(anim, anim.shapes, [['shapes', anim.shapes.length]], {
    counts: [['visibility bank', anim.visibilityBank.length]],
  }),
  model: {
    ...BVA_PAGE.model,
    bind: (anim, model, root) => {
      const chunk = root.children?.find((c) => c.name === 'VAF1');
      return bindShapes(anim.shapes?.length ?? 0, model, (chunk?.offset ?? 0x20) + 0x0C);
    },
  },
  wire: {
    ...BVA_PAGE.wire,
    pack: (anim) => anim,
  },
  samplePaths: ['`shapes/{i}/visible` (1 shown, 0 hidden: any non-zero byte shows)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['shapes', 'visibilityBank'],
    properties: {
      format: { const: 'bva' },
      shapes: { type: 'array', items: FULL_TRACK_SCHEMA },
      visibilityBank: { $ref: '#/definitions/numbers' },
    },
  },
};
