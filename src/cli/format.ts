import type { Diagnostic } from '../formats/binary/diagnostics';

/** One diagnostic per line: `FILE 0x0000001C error J3D_FILE_SIZE message`. */
export function diagnosticLine(file: string, d: Diagnostic): string {
  const offset = '0x' + d.offset.toString(16).toUpperCase().padStart(8, '0');
  return `${file} ${offset} ${d.severity} ${d.code} ${d.message}`;
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): Record<Diagnostic['severity'], number> {
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
