/** BRK — TEV register colour animation (FORMATS.md §4): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dSummary, materialBind } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { BRK_DECODER } from '../../../formats/jsystem/brk/decode';
import type { BrkAnim } from '../../../formats/jsystem/brk/types';
import { bindBrkMaterials } from './binding';
import { BRK_PAGE, brkChannels } from './page';

export { colorSlotLabel } from './page';

const BRK_ENTRY_SCHEMA = {
  type: 'object',
  required: ['materialName', 'colorId', 'r', 'g', 'b', 'a'],
  properties: {
    materialName: { type: 'string' }, colorId: { type: 'integer' }, remap: { type: 'integer' },
    r: { $ref: '#/definitions/keyTrack' }, g: { $ref: '#/definitions/keyTrack' }, b: { $ref: '#/definitions/keyTrack' }, a: { $ref: '#/definitions/keyTrack' },
  },
};
const BRK_BANKS_SCHEMA = {
  type: 'object',
  required: ['r', 'g', 'b', 'a'],
  properties: { r: { $ref: '#/definitions/numbers' }, g: { $ref: '#/definitions/numbers' }, b: { $ref: '#/definitions/numbers' }, a: { $ref: '#/definitions/numbers' } },
};

export const BRK: FormatSpec<BrkAnim> = {
  ...BRK_DECODER,
  ...BRK_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'paintcan', color: 'charts.orange' },
  summarize: (anim) => j3dSummary(anim, [...anim.register, ...anim.konstant].flatMap(brkChannels),
    [['register entries', anim.register.length], ['konstant entries', anim.konstant.length]],
    { names: [...anim.register, ...anim.konstant].map((e) => e.materialName) }),
  model: { ...BRK_PAGE.model, bind: materialBind(bindBrkMaterials) },
  wire: {
    ...BRK_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: (anim, g) => {
    const e = g < anim.register.length ? anim.register[g] : anim.konstant[g - anim.register.length];
    return e && { material: e.materialName, colourId: e.colorId };
  },
  samplePaths: ['`register/{i}/{r|g|b|a}`, then `konstant/{i}/{r|g|b|a}` (clamped as the game does)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['register', 'konstant', 'registerBanks', 'konstantBanks'],
    properties: {
      format: { const: 'brk' },
      register: { type: 'array', items: BRK_ENTRY_SCHEMA },
      konstant: { type: 'array', items: BRK_ENTRY_SCHEMA },
      registerBanks: BRK_BANKS_SCHEMA,
      konstantBanks: BRK_BANKS_SCHEMA,
    },
  },
};
