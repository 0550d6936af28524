/**
 * The host facets BPK and BPA share (FORMATS.md §9.3): the material binding and the export schema
 * around each kind's own tracks and banks. Their page halves share colourPage.ts.
 */
import { bindingInfos, bindMaterialEntries } from '../../anim/materials';
import type { FieldNode } from '../../formats/binary/fields';
import type { ModelData } from '../../formats/model/types';
import type { ModelBind, ModelBindResult } from '../spec';
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

/**
 * BPK/BPA entries ↔ model materials (FORMATS.md §9.8): entry i binds to the first material of its
 * name and writes all four components of its material colour 0 (GX MATCOLOR0).
 */
export function bindMaterialColour(entries: readonly { materialName: string }[], chunkId: string, model: ModelData, root: FieldNode): ModelBindResult {
  const result = bindMaterialEntries(model, entries.map((e, i) => ({
    group: 'entries' as const, entry: i, materialName: e?.materialName ?? '', namePath: `${chunkId}/nameTable/strings[${i}]`,
    extra: { colorSlot: 'matColor[0]' },
  })), { animRoot: root });
  const { infos, suffixes } = bindingInfos(result);
  return { materialBindings: infos, groupTargets: suffixes, diagnostics: result.diagnostics };
}
