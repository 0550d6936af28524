import type { DiagnosticSink } from '../binary/diagnostics';
import type { BckAnim } from '../types';
import type { FormatResult } from '../result';

// STUB: replaced by the real decoder.
export function decodeBck(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BckAnim> {
  diagnostics.error('NOT_IMPLEMENTED', 0, 0, 'decoder not implemented');
  return { root: { name: '', path: '', offset: 0, size: bytes.length, type: 'file', children: [] } };
}
