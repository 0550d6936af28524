/**
 * The archive's diagnostics (the outer archive's and every nested archive's): a collapsible list,
 * errors first; each item is a button that selects the entry the problem is about (the entry whose
 * table record or data holds the offset). Strings from the archive via textContent only.
 */
import type { Diagnostic } from '../../src/formats/binary/diagnostics';
import type { ListingLevel } from '../../src/archiveProtocol';
import { el, Emitter } from '../shared/dom';
import { hexOffset } from '../shared/format';

const ORDER: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2, hint: 3 };

export interface LevelDiagnostic {
  level: number;
  diagnostic: Diagnostic;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export class DiagnosticsList {
  readonly element = el('details', 'ar-diagnostics');
  private readonly summary = el('summary');
  private readonly list = el('ul', 'ar-diagnostic-list');
  private readonly jump = new Emitter<[LevelDiagnostic]>();
  readonly onJump = this.jump.event;
  count = 0;

  constructor() {
    this.list.setAttribute('aria-label', 'Archive diagnostics');
    this.element.append(this.summary, this.list);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  setLevels(levels: ListingLevel[]): void {
    const all: LevelDiagnostic[] = [];
    levels.forEach((l, level) => { for (const d of l.diagnostics) all.push({ level, diagnostic: d }); });
    const counts = { error: 0, warning: 0, info: 0, hint: 0 };
    for (const { diagnostic } of all) counts[diagnostic.severity]++;
    this.count = all.length;
    this.element.hidden = all.length === 0;
    this.element.open = counts.error + counts.warning > 0;
    this.summary.textContent = `${plural(all.length, 'diagnostic')}: ${plural(counts.error, 'error')}, ` +
      `${plural(counts.warning, 'warning')}, ${counts.info} info, ${plural(counts.hint, 'hint')}`;
    all.sort((a, b) => ORDER[a.diagnostic.severity] - ORDER[b.diagnostic.severity] || a.level - b.level || a.diagnostic.offset - b.diagnostic.offset);
    const items = all.map((item) => {
      const d = item.diagnostic;
      const li = el('li');
      const button = el('button', `ar-diagnostic ar-severity-${d.severity}`);
      button.type = 'button';
      const where = levels[item.level]?.path;
      button.title = `Select the entry at ${hexOffset(d.offset, 4)}${where ? ` of ${where}` : ''}`;
      button.append(
        el('span', 'ar-sev', d.severity),
        el('span', 'ar-doff', hexOffset(d.offset, 4)),
        el('code', 'ar-code', d.code),
      );
      if (where) button.append(el('span', 'ar-where', where));
      button.append(el('span', 'ar-message', d.message));
      button.addEventListener('click', () => this.jump.fire(item));
      li.append(button);
      return li;
    });
    this.list.replaceChildren(...items);
  }
}
