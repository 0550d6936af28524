/** BVA — shape visibility animation (FORMATS.md §9.5): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isFullTrack, isJ3dCommon, listGroups, movesFull } from '../familyPage';
import { planBva } from './plan';
import type { BvaAnim } from '../../../formats/jsystem/bva/types';
import { applyBva } from './pose';

/** Rows the visibility chart draws at most (a window around the selected shape). */
const CHART_ROWS = 32;

export const BVA_PAGE = {
  id: 'bva',
  label: 'BVA',
  title: 'shape visibility animation',
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
  model: { target: 'shapes', purpose: 'check the shape count against the model' },
  apply: applyBva,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bva') && Array.isArray(x.shapes) && x.shapes.every(isFullTrack) && x.visibilityBank instanceof Uint8Array
      ? (x as unknown as BvaAnim) : undefined),
  },
} satisfies PageSpec<BvaAnim>;
