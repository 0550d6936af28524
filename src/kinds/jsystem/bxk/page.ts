/** BXK — vertex colour animation, keyed (FORMATS.md §9.7): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isJ3dCommon, isKeyTrack, isRgba, moves, rgbaList } from '../familyPage';
import { vertexColourFacets, isVertexColourData } from '../vtxcolourPage';
import { planBxk } from './plan';
import type { BxkAnim } from '../../../formats/jsystem/bxk/types';

const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Int16Array => b instanceof Int16Array);

export const BXK_PAGE = {
  id: 'bxk',
  label: 'BXK',
  title: 'vertex colour animation (keyed)',
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BXK file (and no public reader) was available.',
  planTracks: (anim) => planBxk(anim),
  ...vertexColourFacets<BxkAnim>('VCK1', planBxk, (anim, c, i) => moves(rgbaList(anim.channels[c][i]))),
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bxk') && isVertexColourData(x, (e) => isRgba(e, isKeyTrack)) && isBanks(x.banks)
      ? (x as unknown as BxkAnim) : undefined),
  },
} satisfies PageSpec<BxkAnim>;
