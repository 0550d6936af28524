/** A decoded animation bound to a model, through its format's FormatSpec.model (none for MOTN). */
import type { ModelData } from './model/types';
import { specFor } from './registry';
import type { ModelBindResult } from './spec';
import type { DecodedFile } from './types';

export function bindToModel(decoded: DecodedFile, model: ModelData): ModelBindResult | undefined {
  const anim = decoded.anim;
  const facet = anim && specFor(anim).model;
  return anim && facet && facet.target !== 'none' ? facet.bind(anim, model, decoded.root, decoded.bytes) : undefined;
}
