/** BXA — vertex colour animation, full tracks (FORMATS.md §9.7): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isFullTrack, isJ3dCommon, isRgba, movesFull, rgbaList } from '../familyPage';
import { vertexColourFacets, isVertexColourData } from '../vtxcolourPage';
import { planBxa } from './plan';
import type { BxaAnim } from '../../../formats/jsystem/bxa/types';

const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Uint8Array => b instanceof Uint8Array);

export const BXA_PAGE = {
  id: 'bxa',
  label: 'BXA',
  title: 'vertex colour animation (full tracks)',
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BXA file (and no public reader) was available.',
  planTracks: (anim) => planBxa(anim),
  ...vertexColourFacets<BxaAnim>('VCF1', planBxa, (anim, c, i) => movesFull(rgbaList(anim.channels[c][i]))),
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bxa') && isVertexColourData(x, (e) => isRgba(e, isFullTrack)) && isBanks(x.banks)
      ? (x as unknown as BxaAnim) : undefined),
  },
} satisfies PageSpec<BxaAnim>;
