/** BLA — cluster weight animation, full tracks (FORMATS.md §9.6): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isFullTrack, isJ3dCommon, movesFull } from '../familyPage';
import { clusterWeightFacets } from '../clusterPage';
import { planBla } from './plan';
import type { BlaAnim } from '../../../formats/jsystem/bla/types';

export const BLA_PAGE = {
  id: 'bla',
  label: 'BLA',
  title: 'cluster weight animation (full tracks)',
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLA file was available.',
  planTracks: (anim) => planBla(anim),
  ...clusterWeightFacets<BlaAnim>('CLF1', planBla, (anim, i) => movesFull([anim.tracks[i]])),
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bla') && Array.isArray(x.tracks) && x.tracks.every(isFullTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlaAnim) : undefined),
  },
} satisfies PageSpec<BlaAnim>;
