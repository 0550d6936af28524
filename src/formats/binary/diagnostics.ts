/** Problems found while decoding are values, never exceptions. */
import { keepShape } from '../../runtime/shapes';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Diagnostic {
  severity: Severity;
  /** Stable identifier, e.g. `J3D_FILE_SIZE`; documented in README.md. */
  code: string;
  /** Absolute offset in the decoded (decompressed) bytes. */
  offset: number;
  length: number;
  message: string;
}

export interface DiagnosticCode {
  code: string;
  severity: Severity;
  /** One line for the README and the settings description. */
  summary: string;
}

/**
 * Hostile files could otherwise produce one diagnostic per key; beyond this many the
 * sink records a single "too many" note instead of growing without bound.
 */
export const MAX_DIAGNOSTICS = 1000;

export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private dropped = 0;

  add(severity: Severity, code: string, offset: number, length: number, message: string): void {
    if (this.list.length >= MAX_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    this.list.push({ severity, code, offset, length: Math.max(0, length), message });
  }

  error(code: string, offset: number, length: number, message: string): void {
    this.add('error', code, offset, length, message);
  }
  warning(code: string, offset: number, length: number, message: string): void {
    this.add('warning', code, offset, length, message);
  }
  info(code: string, offset: number, length: number, message: string): void {
    this.add('info', code, offset, length, message);
  }
  hint(code: string, offset: number, length: number, message: string): void {
    this.add('hint', code, offset, length, message);
  }

  /** The collected list, with a closing note if some were dropped. */
  finish(): Diagnostic[] {
    if (this.dropped > 0) {
      this.list.push({
        severity: 'info',
        code: 'TOO_MANY_DIAGNOSTICS',
        offset: 0,
        length: 0,
        message: `${this.dropped} more diagnostics were not recorded (limit ${MAX_DIAGNOSTICS}).`,
      });
      this.dropped = 0;
    }
    return this.list;
  }
}

keepShape(new DiagnosticSink()).hint('', 0, 0, '');

export const COMMON_CODES: DiagnosticCode[] = [
  { code: 'TOO_MANY_DIAGNOSTICS', severity: 'info', summary: 'More problems than the diagnostic limit; the rest were dropped.' },
  { code: 'UNKNOWN_FORMAT', severity: 'error', summary: 'The bytes match no supported format.' },
  { code: 'TRUNCATED', severity: 'error', summary: 'A structure runs past the end of the file.' },
];

const HEX_DIGITS = '0123456789ABCDEF';

/**
 * `0x` and n in upper-case hex, left-padded with zeros to `width` digits. Offsets and sizes (whole
 * numbers up to 2³²) take a digit loop: every node, gap and message of a decode names one, and
 * `toString(16).toUpperCase()` was 5 % of a small file's decode. Anything else as toString gives it.
 */
export function hex(n: number, width = 0): string {
  if (!(n >= 0 && n <= 0xFFFFFFFF && n === Math.floor(n))) return '0x' + n.toString(16).toUpperCase().padStart(width, '0');
  let v = n >>> 0;
  let s = '';
  do {
    s = HEX_DIGITS[v & 15] + s;
    v >>>= 4;
  } while (v !== 0);
  while (s.length < width) s = '0' + s;
  return '0x' + s;
}
