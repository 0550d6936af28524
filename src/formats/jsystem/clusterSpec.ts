/**
 * The FormatSpec facets BLK and BLA share (FORMATS.md §9.6): groups (one per weight track), the
 * cluster binding and the export schema around each kind's own tracks.
 */
import type { PlannedTrack } from '../../anim/tracks';
import type { FormatData, FormatSpec } from '../spec';
import { bindClusters } from './binding';
import { listGroups } from './family';

/** What BLK and BLA data have in common. */
export interface ClusterWeightData {
  tracks: unknown[];
  duration: number;
  loopMode: number;
}

/**
 * Groups, preview (none) and model binding of a cluster weight kind whose chunk is `chunkId`
 * (CLK1, CLF1). `moves(anim, track)` says whether a track animates.
 */
export function clusterWeightFacets<A extends ClusterWeightData & FormatData>(chunkId: string, plan: (anim: A, first: number, end: number) => PlannedTrack[],
  moves: (anim: A, track: number) => boolean): Pick<FormatSpec<A>, 'groups' | 'preview' | 'model'> {
  return {
    groups: listGroups({
      noun: 'Track', keyPrefix: 'track', items: (anim) => anim.tracks, label: (_anim, i) => `Weight track ${i}`, plan,
      moves: (anim, _t, i) => moves(anim, i), rowPath: new RegExp(`^${chunkId}/trackTable\\[(\\d+)\\]`),
    }),
    preview: { kind: 'none' },
    model: {
      target: 'clusters',
      purpose: 'check the tracks against the clusters',
      bind: (anim, model, root) => bindClusters(anim.tracks?.length ?? 0, model, (root.children?.find((c) => c.name === chunkId)?.offset ?? 0x20) + 0x0C),
    },
  };
}

/** The export schema of a cluster weight kind: `track`s and the weight bank. */
export function clusterWeightSchema(format: string, track: object): object {
  return {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['tracks', 'weightBank'],
    properties: {
      format: { const: format },
      tracks: { type: 'array', items: track },
      weightBank: { $ref: '#/definitions/numbers' },
    },
  };
}
