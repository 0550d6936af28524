/** BVA — shape visibility animation (FORMATS.md §9.5): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, isFullTrack, isJ3dCommon, J3D_FAMILY, j3dFullSummary, j3dMagic, j3dPatterns, listGroups, movesFull } from '../family';
import { bindShapes } from './binding';
import { BVA_CODES, decodeBva } from './decode';
import { planBva } from './plan';
import type { BvaAnim } from './types';
import { applyBva } from './pose';

/** Rows the visibility chart draws at most (a window around the selected shape). */
const CHART_ROWS = 32;

export const BVA: FormatSpec<BvaAnim> = {
  id: 'bva',
  label: 'BVA',
  title: 'shape visibility animation',
  family: J3D_FAMILY,
  magic: j3dMagic('bva1'),
  filePatterns: j3dPatterns('bva'),
  decode: decodeBva,
  codes: BVA_CODES,
  icon: { codicon: 'eye', color: 'charts.red' },
  planTracks: (anim) => planBva(anim),
  groups: listGroups({
    noun: 'Shape', keyPrefix: 'shape', items: (anim) => anim.shapes, label: (_anim, i) => `Shape ${i}`, plan: planBva,
    moves: (_anim, t) => movesFull([t]), rowPath: /^VAF1\/shapeTable\[(\d+)\]/,
  }),
  preview: {
    kind: 'visibility',
    entry: (anim, i) => {
      const count = anim.shapes?.length ?? 0;
      if (i < 0 || i >= count) return undefined;
      const first = Math.max(0, Math.min(i - Math.floor(CHART_ROWS / 2), count - CHART_ROWS));
      const end = Math.min(count, first + CHART_ROWS);
      const rows = [];
      for (let g = first; g < end; g++) rows.push({ group: g, label: `Shape ${g}` });
      return { rows, selected: i, hidden: count - rows.length, duration: anim.duration };
    },
  },
  summarize: (anim) => j3dFullSummary(anim, anim.shapes, [['shapes', anim.shapes.length]], {
    counts: [['visibility bank', anim.visibilityBank.length]],
  }),
  model: {
    target: 'shapes',
    purpose: 'check the shape count against the model',
    bind: (anim, model, root) => {
      const chunk = root.children?.find((c) => c.name === 'VAF1');
      return bindShapes(anim.shapes?.length ?? 0, model, (chunk?.offset ?? 0x20) + 0x0C);
    },
  },
  apply: applyBva,
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bva') && Array.isArray(x.shapes) && x.shapes.every(isFullTrack) && x.visibilityBank instanceof Uint8Array
      ? (x as unknown as BvaAnim) : undefined),
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
