/** A decoded animation bound to a model, through its format's FormatSpec.model (none for MOTN). */
import { DiagnosticSink } from '../formats/binary/diagnostics';
import type { ModelData } from '../formats/model/types';
import { specFor } from './registry';
import type { ModelBindResult } from './spec';
import type { DecodedFile } from '../formats/types';

/** The binding's diagnostics (offsets in the animation's bytes) pass through a sink that keeps them inside those bytes. */
export function bindToModel(decoded: DecodedFile, model: ModelData): ModelBindResult | undefined {
  const anim = decoded.anim;
  const facet = anim && specFor(anim).model;
  const bound = anim && facet && facet.target !== 'none' ? facet.bind(anim, model, decoded.root, decoded.bytes) : undefined;
  if (!bound || bound.diagnostics.length === 0) return bound;
  const sink = new DiagnosticSink().within(decoded.bytes.length);
  for (const d of bound.diagnostics) sink.add(d.severity, d.code, d.offset, d.length, d.message);
  return { ...bound, diagnostics: sink.finish() };
}
