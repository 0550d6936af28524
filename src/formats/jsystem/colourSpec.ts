/**
 * The host facets BPK and BPA share (FORMATS.md §9.3): the material binding and the export schema
 * around each kind's own tracks and banks. Their page halves share colourPage.ts.
 */
import type { ModelBind } from '../spec';
import { bindMaterialColour } from './colour';
import type { MaterialColourData } from './colourPage';
import { rgbaSchema } from './family';

/** The material binding of a material colour kind whose chunk is `chunkId` (PAK1, PAF1). */
export function materialColourBind<A extends MaterialColourData>(chunkId: string): ModelBind<A> {
  return (anim, model, root) => bindMaterialColour(anim.entries ?? [], chunkId, model, root);
}

/** The keys form's binding of entry `g`: its material (FormatSpec.keysBinding). */
export function materialColourKeysBinding(anim: MaterialColourData, g: number): Record<string, unknown> | undefined {
  const e = anim.entries?.[g];
  return e && { material: e.materialName };
}

/** The export schema of a material colour kind: entries of `track`s with a material name, and R, G, B, A banks of `bank`. */
export function materialColourSchema(format: string, track: object, bank: object): object {
  return {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['entries', 'banks'],
    properties: {
      format: { const: format },
      entries: {
        type: 'array',
        items: { allOf: [rgbaSchema(track)], required: ['materialName'], properties: { materialName: { type: 'string' } } },
      },
      banks: rgbaSchema(bank),
    },
  };
}
