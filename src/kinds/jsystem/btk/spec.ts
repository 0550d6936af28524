/** BTK — texture SRT animation (FORMATS.md §3): the host's half on top of the page's (page.ts). */
import type { FormatSpec } from '../../spec';
import { j3dSummary, materialBind, srtTrackList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { BTK_DECODER } from '../../../formats/jsystem/btk/decode';
import type { BtkAnim } from '../../../formats/jsystem/btk/types';
import { bindBtkMaterials } from './binding';
import { BTK_PAGE } from './page';

const matrixModeName = (mode: number): string => (mode === 1 ? 'maya' : mode === 0 ? 'basic' : `unknown(${mode})`);

export const BTK: FormatSpec<BtkAnim> = {
  ...BTK_DECODER,
  ...BTK_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'symbol-color', color: 'charts.green' },
  summarize: (anim) => j3dSummary(anim, anim.entries.flatMap((e) => srtTrackList([e.s, e.t, e.q])), [['entries', anim.entries.length]], {
    rotationFraction: anim.rotationFraction,
    matrixMode: matrixModeName(anim.matrixMode),
    counts: [['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length], ['translation bank', anim.translationBank.length]],
    names: anim.entries.map((e) => e.materialName),
  }),
  model: { ...BTK_PAGE.model, bind: materialBind(bindBtkMaterials) },
  wire: {
    ...BTK_PAGE.wire,
    pack: (anim) => anim,
  },
  keysBinding: (anim, g) => {
    const e = anim.entries[g];
    return e && { material: e.materialName, texMtx: e.texMtxIndex, centre: [...e.center] };
  },
  samplePaths: [
    '`entries/{i}/{scale|rotation|translation}/{s|t|q}`, then `entries/{i}/matrix/{m00|m01|m02|m10|m11|m12}`',
  ],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['matrixMode', 'entries', 'scaleBank', 'rotationBank', 'translationBank'],
    properties: {
      format: { const: 'btk' },
      matrixMode: { type: 'integer' },
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['materialName', 'texMtxIndex', 'center', 's', 't', 'q'],
          properties: {
            materialName: { type: 'string' }, texMtxIndex: { type: 'integer' }, remap: { type: 'integer' },
            center: { $ref: '#/definitions/numbers' }, s: { $ref: '#/definitions/srt' }, t: { $ref: '#/definitions/srt' }, q: { $ref: '#/definitions/srt' },
          },
        },
      },
      scaleBank: { $ref: '#/definitions/numbers' },
      rotationBank: { $ref: '#/definitions/numbers' },
      translationBank: { $ref: '#/definitions/numbers' },
    },
  },
};
