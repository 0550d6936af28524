/** BTP — texture pattern animation (FORMATS.md §9.4): the host's half on top of the page's (page.ts). */
import { resolvePath } from '../../../formats/binary/fields';
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, j3dFullSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { bindBtp } from './binding';
import { BTP_DECODER } from '../../../formats/jsystem/btp/decode';
import type { BtpAnim } from '../../../formats/jsystem/btp/types';
import { BTP_PAGE } from './page';

export const BTP: FormatSpec<BtpAnim> = {
  ...BTP_DECODER,
  ...BTP_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'file-media', color: 'charts.purple' },
  summarize: (anim) => j3dFullSummary(anim, anim.entries.map((e) => e.texture), [['entries', anim.entries.length]], {
    names: anim.entries.map((e) => e.materialName),
    counts: [['texture-index bank', anim.textureIndexBank.length]],
  }),
  model: {
    ...BTP_PAGE.model,
    bind: (anim, model, root, bytes) =>
      bindBtp(anim, model, root, resolvePath(root, 'TPT1/entryTable', bytes)?.offset, resolvePath(root, 'TPT1/textureIndexBank', bytes)?.offset),
  },
  wire: {
    ...BTP_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: (anim, g) => {
    const e = anim.entries[g];
    return e && { material: e.materialName, texMapSlot: e.texMapSlot };
  },
  samplePaths: ['`entries/{i}/texture` (the TEX1 texture index)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'textureIndexBank'],
    properties: {
      format: { const: 'btp' },
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['materialName', 'texMapSlot', 'texture'],
          properties: { materialName: { type: 'string' }, texMapSlot: { type: 'integer' }, texture: FULL_TRACK_SCHEMA },
        },
      },
      textureIndexBank: { $ref: '#/definitions/numbers' },
    },
  },
};
