/**
 * The page halves BLK and BLA share (FORMATS.md §9.6): groups (one per weight track) around each
 * kind's own tracks. The binding and schema are clusterSpec.ts.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, GroupFacet } from '../spec';
import { listGroups } from './familyPage';

/** What BLK and BLA data have in common. */
export interface ClusterWeightData {
  tracks: unknown[];
  duration: number;
  loopMode: number;
}

/**
 * Groups, preview (none) and model target of a cluster weight kind whose chunk is `chunkId`
 * (CLK1, CLF1). `moves(anim, track)` says whether a track animates.
 */
export function clusterWeightFacets<A extends ClusterWeightData & FormatData>(chunkId: string, plan: (anim: A, first: number, end: number) => PlannedTrack[],
  moves: (anim: A, track: number) => boolean): { groups: GroupFacet<A>; preview: { kind: 'none' }; model: { target: 'clusters'; purpose: string } } {
  return {
    groups: listGroups({
      noun: 'Track', keyPrefix: 'track', items: (anim) => anim.tracks, label: (_anim, i) => `Weight track ${i}`, plan,
      moves: (anim, _t, i) => moves(anim, i), rowPath: new RegExp(`^${chunkId}/trackTable\\[(\\d+)\\]`),
    }),
    preview: { kind: 'none' },
    model: { target: 'clusters', purpose: 'check the tracks against the clusters' },
  };
}
