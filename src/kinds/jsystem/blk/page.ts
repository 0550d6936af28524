/** BLK — cluster weight animation, keyed (FORMATS.md §9.6): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isJ3dCommon, isKeyTrack, moves } from '../familyPage';
import { clusterWeightFacets } from '../clusterPage';
import { planBlk } from './plan';
import type { BlkAnim } from '../../../formats/jsystem/blk/types';

export const BLK_PAGE = {
  id: 'blk',
  label: 'BLK',
  title: 'cluster weight animation (keyed)',
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLK file was available.',
  planTracks: (anim) => planBlk(anim),
  ...clusterWeightFacets<BlkAnim>('CLK1', planBlk, (anim, i) => moves([anim.tracks[i]])),
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'blk') && Array.isArray(x.tracks) && x.tracks.every(isKeyTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlkAnim) : undefined),
  },
} satisfies PageSpec<BlkAnim>;
