import type { DiagnosticSink } from '../binary/diagnostics';
import type { BrkAnim } from '../types';
import type { FormatResult } from '../result';

// STUB: replaced by the real decoder.
export function decodeBrk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BrkAnim> {
  diagnostics.error('NOT_IMPLEMENTED', 0, 0, 'decoder not implemented');
  return { root: { name: '', path: '', offset: 0, size: bytes.length, type: 'file', children: [] } };
}
