import { escapeControls } from '../formats/binary/text';
import { hex } from '../formats/binary/diagnostics';
import type { Diagnostic } from '../formats/binary/diagnostics';

/**
 * Every string that came from a file or the command line goes through this before it is
 * printed as text: control characters become visible escapes (`\x1b`), so a name cannot drive
 * the terminal or forge an output line.
 */
export const safe = escapeControls;

/**
 * One diagnostic per line: `FILE 0x0000001C error J3D_FILE_SIZE message` (file and message escaped).
 * The offset column is always 10 characters: an offset no file can have (the sinks keep them inside
 * the data) shows as `0x????????` rather than widening the column.
 */
export function diagnosticLine(file: string, d: Diagnostic): string {
  const offset = d.offset >= 0 && d.offset <= 0xFFFFFFFF && Number.isInteger(d.offset) ? hex(d.offset, 8) : '0x????????';
  return `${safe(file)} ${offset} ${d.severity} ${d.code} ${safe(d.message)}`;
}

/**
 * JSON for standard output. JSON.stringify already escapes C0 controls; DEL, the C1 controls,
 * U+2028/2029 and the bidi controls it leaves raw are escaped too (`\u007f`: same JSON value).
 */
export function jsonForTerminal(value: unknown, indent?: number): string {
  return terminalSafeJson(JSON.stringify(value, null, indent));
}

/** jsonForTerminal's escapes on JSON text already written (one character at a time: any chunk of it alike). */
export function terminalSafeJson(json: string): string {
  // eslint-disable-next-line no-control-regex
  return json.replace(/[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): Record<Diagnostic['severity'], number> {
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

export { plural } from '../formats/binary/text';
