import type { DiagnosticSink } from '../binary/diagnostics';
import type { BtkAnim } from '../types';
import type { FormatResult } from '../result';

// STUB: replaced by the real decoder.
export function decodeBtk(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<BtkAnim> {
  diagnostics.error('NOT_IMPLEMENTED', 0, 0, 'decoder not implemented');
  return { root: { name: '', path: '', offset: 0, size: bytes.length, type: 'file', children: [] } };
}
