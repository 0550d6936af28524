/**
 * The host facets BXK and BXA share (FORMATS.md §9.7): the model binding and the export schema
 * around each kind's own tracks. Their page halves share vtxcolourPage.ts.
 */
import { resolvePath } from '../../formats/binary/fields';
import type { ModelBind } from '../spec';
import { bindVertexColours } from './binding';
import { rgbaSchema } from './family';
import { entryOfGroup } from './vtxcolourPage';
import type { VertexColourData } from './vtxcolourPage';

/** The binding of a vertex-colour kind whose chunk is `chunkId` (VCK1, VCF1): its index sets against the model's colour arrays. */
export function vertexColourBind<A extends VertexColourData>(chunkId: string): ModelBind<A> {
  return (anim, model, root, bytes) => bindVertexColours([0, 1].map((c) => ({
    sets: (anim.channels?.[c] ?? []).map((e) => e.indexSet),
    pool: anim.indexPools?.[c] ?? new Uint16Array(0),
    setTableOffset: resolvePath(root, `${chunkId}/indexSetTable${c}`, bytes)?.offset,
  })), model);
}

/** The keys form's binding of group `g`: the colour-array indices its entry writes (FormatSpec.keysBinding; the channel is in its tracks' paths). */
export function vertexColourKeysBinding(anim: VertexColourData, g: number): Record<string, unknown> | undefined {
  const at = entryOfGroup(anim, g);
  if (!at) return undefined;
  const set = anim.channels[at.channel][at.entry].indexSet;
  const pool = anim.indexPools?.[at.channel] ?? new Uint16Array(0);
  return { indices: Array.from(pool.subarray(Math.min(set.first, pool.length), Math.min(set.first + set.count, pool.length))) };
}

/** Export schema of the vertex-colour data around an entry's four tracks. */
export function vertexColourSchema(format: string, track: object, bank: object): object {
  const entry = {
    allOf: [rgbaSchema(track)], required: ['indexSet'],
    properties: { indexSet: { type: 'object', required: ['count', 'first'], properties: { count: { type: 'integer', minimum: 0 }, first: { type: 'integer', minimum: 0 } } } },
  };
  return {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['channels', 'indexPools', 'banks'],
    properties: {
      format: { const: format },
      channels: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'array', items: entry } },
      indexPools: { type: 'array', minItems: 2, maxItems: 2, items: { $ref: '#/definitions/numbers' } },
      banks: rgbaSchema(bank),
    },
  };
}
