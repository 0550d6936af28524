/**
 * "Also play": the animations beside the file that change a model, grouped by kind, each with a
 * checkbox. The summary line names the ticked ones; a ticked one that could not be loaded says why.
 * Names from the host are file names: textContent only.
 */
import type { Companion } from '../../src/wire/protocol';
import { el, Emitter } from '../shared/dom';

export type CompanionStatus = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };

export const ALONG_NOTE = 'Ticked animations follow this player; where two change the same thing, the later one wins.';
/** The whole rule, on hover: the note stays short enough for a 1280×720 window. */
export const ALONG_NOTE_DETAIL = 'A ticked animation plays in step with the player: the same frame, scrubbing, pausing and loop mode ' +
  '(past its own length a shorter one holds its last value). ' +
  'They are applied after this file, in list order: where two change the same thing, the later one wins.';

export class AlsoPlayList {
  readonly element = el('details', 'as-along');
  private readonly summary = el('summary', 'as-along-summary');
  private readonly body = el('div', 'as-along-body');
  private readonly boxes = new Map<string, { box: HTMLInputElement; status: HTMLElement }>();
  private companions: Companion[] = [];
  private readonly toggleEmitter = new Emitter<[string, boolean]>();
  /** The user ticked or unticked one (name, ticked). */
  readonly onToggle = this.toggleEmitter.event;

  constructor() {
    this.element.append(this.summary, this.body);
    this.body.setAttribute('role', 'group');
    this.body.setAttribute('aria-label', 'Also play on the model');
  }

  get open(): boolean {
    return this.element.open;
  }

  set open(v: boolean) {
    this.element.open = v;
  }

  /** The ticked names, in list order. */
  get ticked(): string[] {
    return this.companions.filter((c) => this.boxes.get(c.name)?.box.checked).map((c) => c.name);
  }

  setCompanions(list: readonly Companion[]): void {
    this.companions = [...list];
    this.boxes.clear();
    this.element.hidden = list.length === 0;
    const byKind = new Map<string, Companion[]>();
    for (const c of list) {
      const kind = c.format.toUpperCase();
      byKind.set(kind, [...(byKind.get(kind) ?? []), c]);
    }
    const groups: HTMLElement[] = [];
    for (const [kind, items] of [...byKind].sort((a, b) => a[0].localeCompare(b[0]))) {
      const fieldset = el('fieldset', 'as-along-kind');
      fieldset.append(el('legend', 'as-along-legend', `${kind} (${items.length})`));
      for (const c of items) {
        const label = el('label', 'as-along-item');
        const box = el('input');
        box.type = 'checkbox';
        box.checked = c.chosen;
        box.dataset.companion = c.name;
        const status = el('span', 'as-along-status');
        status.hidden = true;
        box.addEventListener('change', () => {
          this.updateSummary();
          this.toggleEmitter.fire(c.name, box.checked);
        });
        label.append(box, el('span', 'as-along-name', c.name), status);
        fieldset.append(label);
        this.boxes.set(c.name, { box, status });
      }
      groups.push(fieldset);
    }
    const note = el('p', 'as-along-note', ALONG_NOTE);
    note.title = ALONG_NOTE_DETAIL;
    this.body.replaceChildren(note, ...groups);
    this.updateSummary();
  }

  /** Unticks `name` without telling anyone (it could not be loaded). */
  untick(name: string): void {
    const b = this.boxes.get(name);
    if (b) b.box.checked = false;
    this.updateSummary();
  }

  setStatus(name: string, status: CompanionStatus): void {
    const b = this.boxes.get(name);
    if (!b) return;
    b.status.hidden = status.state === 'ready';
    b.status.className = `as-along-status${status.state === 'error' ? ' as-along-error' : ''}`;
    b.status.textContent = status.state === 'loading' ? ' loading…' : status.state === 'error' ? ` — ${status.message}` : '';
    this.updateSummary();
  }

  private updateSummary(): void {
    const ticked = this.ticked;
    const head = el('span', 'as-along-title', 'Also play');
    const detail = el('span', 'as-along-chosen', ticked.length
      ? `: ${ticked.join(', ')}`
      : ` (${this.companions.length} beside this file)`);
    this.summary.replaceChildren(head, detail);
    this.summary.title = ticked.length ? `Playing along: ${ticked.join(', ')}` : 'Tick animations beside this file to play them on the model with it';
  }
}
