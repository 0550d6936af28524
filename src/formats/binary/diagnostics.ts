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

/** Offset fields kept per sink to re-point diagnostics at (only those leading outside the data). */
const MAX_POINTERS = 256;

/**
 * Collects a decode's diagnostics. Once it knows the length of the data (`within`), every
 * diagnostic it records lies in [0, length]: one placed outside it (a table behind a flipped
 * offset, a structure past a truncated end) is moved to the offset field that led there
 * (`pointsTo`), or else to the nearest end of the data, with the outside offset in its message.
 */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private dropped = 0;
  /** Length of the data the offsets refer to; Infinity until `within` says. */
  private size = Infinity;
  /** target → the field holding it, for targets outside the data. */
  private readonly pointers = new Map<number, { offset: number; length: number }>();

  /** The offsets of this sink's diagnostics refer to `size` bytes of data. */
  within(size: number): this {
    this.size = size;
    return this;
  }

  /** The field at [offset, offset + length) holds an offset that resolves to `target`. */
  pointsTo(target: number, offset: number, length: number): void {
    if (target >= 0 && target <= this.size) return;
    if (this.pointers.size < MAX_POINTERS || this.pointers.has(target)) this.pointers.set(target, { offset, length });
  }

  add(severity: Severity, code: string, offset: number, length: number, message: string): void {
    if (this.list.length >= MAX_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    if (!(offset >= 0 && offset <= this.size && offset === Math.floor(offset))) {
      this.list.push(this.placed(severity, code, offset, message));
      return;
    }
    this.list.push({ severity, code, offset, length: Math.max(0, length), message });
  }

  /**
   * A diagnostic whose offset lies outside the data, at the field that points there (the one
   * pointing at that very offset, else the one pointing closest below it), or else at the
   * nearest end of the data.
   */
  private placed(severity: Severity, code: string, outside: number, message: string): Diagnostic {
    let field = this.pointers.get(outside);
    if (!field && outside > this.size) {
      let best = -Infinity;
      for (const [target, f] of this.pointers) if (target <= outside && target > best) { best = target; field = f; }
    }
    const where = Number.isFinite(outside) ? hex(outside) : String(outside);
    if (field) {
      return { severity, code, offset: field.offset, length: field.length,
        message: `${message} [${where} lies outside the ${hex(this.size)} bytes of data: shown at the offset field that leads there]` };
    }
    const offset = outside > this.size ? this.size : 0;
    return { severity, code, offset, length: 0, message: `${message} [${where} lies outside the ${hex(this.size)} bytes of data]` };
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


export const COMMON_CODES: DiagnosticCode[] = [
  { code: 'TOO_MANY_DIAGNOSTICS', severity: 'info', summary: 'More problems than the diagnostic limit; the rest were dropped.' },
  { code: 'UNKNOWN_FORMAT', severity: 'error', summary: 'The bytes match no supported format.' },
  { code: 'TRUNCATED', severity: 'error', summary: 'A structure runs past the end of the file.' },
  { code: 'DIAGNOSTIC_REPAIRED', severity: 'warning', summary: 'The editor page received diagnostics it could not show as sent (an offset outside the file, an unknown severity, no code or message): it moved them inside the file or left them out, and says how many.' },
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

// Kept alive (see shapes.ts), with a diagnostic placed both ways; after hex, which placing uses.
{
  const kept = keepShape(new DiagnosticSink().within(1));
  kept.pointsTo(2, 0, 1);
  kept.hint('', 0, 0, '');
  kept.hint('', 2, 0, '');
  kept.list.length = 0;
}
