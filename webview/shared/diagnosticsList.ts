/**
 * A collapsible list of diagnostics, errors first; each row is a button (keyboard operable) that
 * fires onJump with the caller's value for it. Shared by the animation editor and the archive
 * overview. Messages may quote file bytes: textContent only.
 */
import type { Diagnostic } from '../../src/formats/binary/diagnostics';
import { el, Emitter } from './dom';
import { hexOffset } from './format';
import { plural } from '../../src/formats/binary/text';

const ORDER: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2, hint: 3 };


export interface DiagnosticRow<T> {
  diagnostic: Diagnostic;
  /** What the jump goes to, handed back by onJump. */
  value: T;
  /** Where the problem is, when the list spans several files (a nested archive's path). */
  where?: string;
  /** Tooltip of the row. */
  title: string;
}

export class DiagnosticsList<T> {
  readonly element = el('details', 'as-diagnostics');
  private readonly summary = el('summary');
  private readonly list = el('ul', 'as-diagnostic-list');
  private readonly jump = new Emitter<[T]>();
  readonly onJump = this.jump.event;
  /** Rows rendered by the last setRows. */
  count = 0;

  constructor(label: string) {
    this.list.setAttribute('aria-label', label);
    this.element.append(this.summary, this.list);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  /** Rows in the caller's order within each severity; open when there are errors or warnings. */
  setRows(rows: DiagnosticRow<T>[]): void {
    const counts = { error: 0, warning: 0, info: 0, hint: 0 };
    for (const r of rows) counts[r.diagnostic.severity]++;
    this.count = rows.length;
    this.element.hidden = rows.length === 0;
    this.element.open = counts.error + counts.warning > 0;
    this.summary.textContent = `${plural(rows.length, 'diagnostic')}: ${plural(counts.error, 'error')}, ` +
      `${plural(counts.warning, 'warning')}, ${counts.info} info, ${plural(counts.hint, 'hint')}`;
    const sorted = [...rows].sort((a, b) => ORDER[a.diagnostic.severity] - ORDER[b.diagnostic.severity]);
    this.list.replaceChildren(...sorted.map((row) => {
      const d = row.diagnostic;
      const button = el('button', `as-diagnostic as-severity-${d.severity}`);
      button.type = 'button';
      button.title = row.title;
      button.append(el('span', 'as-severity', d.severity), el('span', 'as-offset', hexOffset(d.offset, 4)), el('code', 'as-code', d.code));
      if (row.where) button.append(el('span', 'as-where', row.where));
      button.append(el('span', 'as-message', d.message));
      button.addEventListener('click', () => this.jump.fire(row.value));
      const li = el('li');
      li.append(button);
      return li;
    }));
  }
}
