import type { DiagnosticSink } from '../binary/diagnostics';
import type { MotnAnim } from '../types';
import type { FormatResult } from '../result';

// STUB: replaced by the real decoder.
export function decodeMotn(bytes: Uint8Array, diagnostics: DiagnosticSink): FormatResult<MotnAnim> {
  diagnostics.error('NOT_IMPLEMENTED', 0, 0, 'decoder not implemented');
  return { root: { name: '', path: '', offset: 0, size: bytes.length, type: 'file', children: [] } };
}

/** Header plausibility check for MOTN files, which have no magic. */
export function looksLikeMotn(bytes: Uint8Array): boolean {
  return false && bytes.length > 0;
}
