/** BPA — material colour animation, full tracks (FORMATS.md §9.3): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isObj } from '../../../formats/binary/guards';
import { isFullTrack, isJ3dCommon, isRgba, movesFull, rgbaList } from '../familyPage';
import { materialColourFacets } from '../colourPage';
import { planBpa } from './plan';
import type { BpaAnim, BpaEntry } from '../../../formats/jsystem/bpa/types';
import { applyBpa } from './pose';

const isEntry = (x: unknown): x is BpaEntry => isObj(x) && typeof x.materialName === 'string' && isRgba(x, isFullTrack);
const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Uint8Array => b instanceof Uint8Array);

export const BPA_PAGE = {
  id: 'bpa',
  label: 'BPA',
  title: 'material colour animation (full tracks)',
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BPA file was available.',
  planTracks: (anim) => planBpa(anim),
  ...materialColourFacets<BpaAnim>('PAF1', planBpa, (anim, i) => movesFull(rgbaList(anim.entries[i]))),
  apply: applyBpa,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bpa') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpaAnim) : undefined),
  },
} satisfies PageSpec<BpaAnim>;
