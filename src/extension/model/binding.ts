/**
 * A decoded animation + a decoded model → what the editor shows and exports: the page's ModelInfo,
 * the binding diagnostics that join the animation's own, and the export's `model` section.
 * Composes the pure pieces (src/kinds/binding.ts, src/wire/modelInfo.ts, src/export/json.ts).
 */
import { exportedModel, ExportedModel } from '../../export/json';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import { bindToModel } from '../../kinds/binding';
import type { ModelData } from '../../formats/model/types';
import type { DecodedFile } from '../../formats/types';
import { modelInfo } from '../../wire/modelInfo';
import type { ModelInfo } from '../../wire/protocol';
import type { ModelSource } from './lookup';

export interface ModelBinding {
  info: ModelInfo;
  /** Binding diagnostics, with offsets in the animation's bytes. */
  diagnostics: Diagnostic[];
  exported: ExportedModel;
}

/** `fileDiagnostics`: the model file's own (from decodeModel), shown with the model in the page. */
export function bindModel(decoded: DecodedFile, model: ModelData, fileName: string, source: ModelSource,
  fileDiagnostics: readonly Diagnostic[] = []): ModelBinding {
  const bound = bindToModel(decoded, model);
  return {
    info: modelInfo(model, fileName, source, bound, fileDiagnostics),
    diagnostics: bound?.diagnostics ?? [],
    exported: exportedModel(model, fileName, bound),
  };
}
