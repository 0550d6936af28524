/**
 * The host facets BLK and BLA share (FORMATS.md §9.6): the cluster binding and the export schema
 * around each kind's own tracks. Their page halves share clusterPage.ts.
 */
import type { ModelBind } from '../spec';
import { bindClusters } from './binding';
import type { ClusterWeightData } from './clusterPage';

/** The cluster binding of a cluster weight kind whose chunk is `chunkId` (CLK1, CLF1). */
export function clusterWeightBind<A extends ClusterWeightData>(chunkId: string): ModelBind<A> {
  return (anim, model, root) => bindClusters(anim.tracks?.length ?? 0, model, (root.children?.find((c) => c.name === chunkId)?.offset ?? 0x20) + 0x0C);
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
