/**
 * The page's per-item check of the diagnostics a message carries. One diagnostic the page cannot
 * show as sent (an offset outside the file, a negative length, an unknown severity) must not make
 * it refuse the whole message: it is repaired (moved inside the file), one without a code or a
 * message is dropped, and a DIAGNOSTIC_REPAIRED note at the end of the list says how many.
 */
import type { Diagnostic, Severity } from '../formats/binary/diagnostics';
import { isCount, isObj, isStr } from '../formats/binary/guards';

const SEVERITIES: readonly string[] = ['error', 'warning', 'info', 'hint'];

export function isDiagnostic(x: unknown): x is Diagnostic {
  return isObj(x) && isStr(x.severity) && SEVERITIES.includes(x.severity) &&
    isStr(x.code) && isStr(x.message) && isCount(x.offset) && isCount(x.length);
}

/**
 * `list` as the page can show it: every item a Diagnostic with its offset in [0, byteLength]
 * (any count when the length is not known, as for a bound model's own file). `what` names the
 * list in the note ("the file", "the model file").
 */
export function renderableDiagnostics(list: readonly unknown[], byteLength: number | undefined, what: string): Diagnostic[] {
  const limit = byteLength ?? Infinity;
  const out: Diagnostic[] = [];
  let repaired = 0;
  let dropped = 0;
  for (const d of list) {
    if (isDiagnostic(d) && d.offset <= limit) {
      out.push(d);
    } else if (!isObj(d) || !isStr(d.code) || !isStr(d.message)) {
      dropped++;
    } else {
      repaired++;
      const sent = typeof d.offset === 'number' ? d.offset : NaN;
      const offset = sent >= 0 ? Math.min(Math.floor(sent), limit) : 0;
      const severity = (isStr(d.severity) && SEVERITIES.includes(d.severity) ? d.severity : 'warning') as Severity;
      out.push({
        severity, code: d.code, offset, length: isCount(d.length) ? d.length : 0,
        message: sent === offset ? d.message : `${d.message} [sent with offset ${String(d.offset)}]`,
      });
    }
  }
  if (repaired > 0 || dropped > 0) {
    out.push({
      severity: 'warning', code: 'DIAGNOSTIC_REPAIRED', offset: 0, length: 0,
      message: `The page could not show ${repaired + dropped} of ${list.length} diagnostic(s) of ${what} as sent: ` +
        `${repaired} repaired (offset moved inside the data, or severity unknown), ${dropped} without a code or message left out.`,
    });
  }
  return out;
}
