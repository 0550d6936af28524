import type { DiagnosticSink } from '../binary/diagnostics';

// STUB: replaced by the real decompressor.
export function isYaz0(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && bytes[0] === 0x59 && bytes[1] === 0x61 && bytes[2] === 0x7a && bytes[3] === 0x30;
}

/** Decompresses a Yaz0 stream; never throws, never allocates more than the declared size (bounded). */
export function decompressYaz0(bytes: Uint8Array, diagnostics: DiagnosticSink): Uint8Array {
  diagnostics.error('NOT_IMPLEMENTED', 0, 0, 'yaz0 not implemented');
  return new Uint8Array(0);
}
