/**
 * SearchPicker: an editable combobox over a long list (1,559 MOTN sequences, 65,535 BCK joints):
 * type to filter (case-insensitive, anywhere in the label), arrows / Page keys to move, Enter or a
 * click to choose, Escape to give up. The list is virtualised (only the rows in view exist) and
 * labels are asked for by index, so a huge list costs nothing until it is filtered.
 *
 * ARIA: the input is a combobox (aria-expanded, aria-controls, aria-activedescendant) over a
 * listbox of options. Labels come from files: textContent only.
 */
import { el, Emitter, setAttr, setClass, setText, uniqueId } from './dom';
import { VirtualList } from './virtualList';

export interface PickerSource {
  count: number;
  /** Label of item i (file strings inside: set as text). */
  label(i: number): string;
  key(i: number): string;
  /** The item of a key, or undefined. */
  indexOf(key: string): number | undefined;
}

export interface SearchPickerOptions {
  /** The visible label before the field. */
  label: string;
  /** Id of the input (tests and the label's `for`). */
  id?: string;
  placeholder?: string;
}

const ROW_HEIGHT = 22;
const MAX_ROWS = 14;

export class SearchPicker {
  readonly element = el('div', 'as-picker');
  readonly input = el('input', 'as-picker-input');
  private readonly labelEl = el('label', 'as-picker-label');
  private readonly popup = el('div', 'as-picker-popup');
  private readonly status = el('div', 'as-picker-status');
  private readonly list: VirtualList;
  private readonly listId = uniqueId('as-picker-list');
  private readonly optionId = uniqueId('as-picker-option');
  private source: PickerSource = { count: 0, label: () => '', key: () => '', indexOf: () => undefined };
  /** Matching items (indices into the source) for the query; undefined: all of them. */
  private matches: Int32Array | undefined;
  /** Position of the active row in the shown list. */
  private active = -1;
  private valueKey: string | undefined;
  private readonly change = new Emitter<[string]>();
  /** The user chose an item (its key). */
  readonly onChange = this.change.event;
  private readonly disposers: (() => void)[] = [];

  constructor(options: SearchPickerOptions) {
    this.input.id = options.id ?? uniqueId('as-picker');
    this.input.type = 'text';
    this.input.spellcheck = false;
    this.input.autocomplete = 'off';
    this.input.placeholder = options.placeholder ?? 'Type to search';
    this.input.setAttribute('role', 'combobox');
    this.input.setAttribute('aria-autocomplete', 'list');
    this.input.setAttribute('aria-expanded', 'false');
    this.input.setAttribute('aria-controls', this.listId);
    this.labelEl.htmlFor = this.input.id;
    this.labelEl.textContent = options.label;

    this.list = new VirtualList({
      rowHeight: ROW_HEIGHT,
      className: 'as-picker-list',
      overscan: 4,
      createRow: () => {
        const row = el('div', 'as-picker-option');
        row.setAttribute('role', 'option');
        return row;
      },
      renderRow: (row, i) => this.renderRow(row, i),
    });
    this.list.viewport.id = this.listId;
    this.list.viewport.setAttribute('role', 'listbox');
    this.list.viewport.setAttribute('aria-label', options.label);
    this.list.content.setAttribute('role', 'presentation');
    this.popup.hidden = true;
    this.popup.append(this.status);
    this.status.setAttribute('aria-live', 'polite');
    this.element.append(this.labelEl, this.input);

    this.input.addEventListener('focus', () => this.input.select());
    // A click opens the list with the text selected: typing replaces it (a click would leave a caret in it).
    this.input.addEventListener('click', () => {
      if (this.isOpen) return;
      this.open();
      this.input.select();
    });
    this.input.addEventListener('input', () => this.filter(this.input.value));
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.input.addEventListener('blur', () => this.close());
    // Keep the focus in the input while choosing with the mouse.
    this.popup.addEventListener('mousedown', (e) => e.preventDefault());
    this.list.content.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest('.as-picker-option');
      const at = row ? Number((row as HTMLElement).dataset.row) : NaN;
      if (Number.isInteger(at)) this.choose(at);
    });
    const reposition = (): void => { if (this.isOpen) this.place(); };
    window.addEventListener('resize', reposition);
    this.disposers.push(() => window.removeEventListener('resize', reposition));
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    // The popup floats over every pane (position: fixed), so it lives at the end of <body>.
    document.body.append(this.popup);
    this.list.mount(this.popup);
    this.popup.insertBefore(this.list.viewport, this.status);
    return this;
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.list.dispose();
    this.popup.remove();
    this.element.remove();
  }

  set label(text: string) {
    this.labelEl.textContent = text;
    this.list.viewport.setAttribute('aria-label', text);
  }

  setSource(source: PickerSource): void {
    this.source = source;
    this.matches = undefined;
    if (this.isOpen) this.close();
    this.valueKey = undefined;
    this.input.value = '';
  }

  get count(): number {
    return this.source.count;
  }

  get value(): string | undefined {
    return this.valueKey;
  }

  /** Shows `key` as chosen without firing onChange. */
  setValue(key: string): void {
    this.valueKey = key;
    const i = this.source.indexOf(key);
    if (!this.isOpen) this.input.value = i === undefined ? '' : this.source.label(i);
    this.input.dataset.key = key;
  }

  get isOpen(): boolean {
    return !this.popup.hidden;
  }

  /** Labels currently listed (the filtered list), up to `limit`. */
  listed(limit = 100): string[] {
    const n = Math.min(limit, this.shownCount);
    return Array.from({ length: n }, (_, i) => this.source.label(this.itemAt(i)));
  }

  open(): void {
    if (this.isOpen) return;
    this.matches = undefined;
    this.popup.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    const current = this.valueKey === undefined ? undefined : this.source.indexOf(this.valueKey);
    this.refresh(current ?? 0);
    this.list.scrollToIndex(this.active, 'center');
  }

  close(): void {
    if (!this.isOpen) return;
    this.popup.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.matches = undefined;
    if (this.valueKey !== undefined) this.setValue(this.valueKey);
  }

  // ---- internals -------------------------------------------------------------------------------

  private get shownCount(): number {
    return this.matches ? this.matches.length : this.source.count;
  }

  private itemAt(row: number): number {
    return this.matches ? this.matches[row] : row;
  }

  private filter(text: string): void {
    if (!this.isOpen) {
      this.popup.hidden = false;
      this.input.setAttribute('aria-expanded', 'true');
    }
    const q = text.trim().toLowerCase();
    if (!q) this.matches = undefined;
    else {
      const found: number[] = [];
      for (let i = 0; i < this.source.count; i++) if (this.source.label(i).toLowerCase().includes(q)) found.push(i);
      this.matches = Int32Array.from(found);
    }
    this.refresh(0);
    this.list.setScrollTopPx(0);
  }

  /** Re-lists the shown items with row `active` active. */
  private refresh(active: number): void {
    const n = this.shownCount;
    this.active = n ? Math.max(0, Math.min(n - 1, active)) : -1;
    this.place();
    this.list.measure();
    this.list.pin(this.active >= 0 ? this.active : undefined);
    this.list.setCount(n);
    this.status.textContent = this.matches ? `${n} of ${this.source.count}` : `${n}`;
    this.updateActive();
  }

  /** Below the input (above when there is no room), as wide as the longest useful label. */
  private place(): void {
    const r = this.input.getBoundingClientRect();
    const vh = document.documentElement.clientHeight;
    const vw = document.documentElement.clientWidth;
    const rows = Math.max(1, Math.min(MAX_ROWS, this.shownCount));
    const below = vh - r.bottom - 8;
    const above = r.top - 8;
    const want = rows * ROW_HEIGHT + 26;
    const downward = below >= Math.min(want, 160) || below >= above;
    const height = Math.max(ROW_HEIGHT + 26, Math.min(want, downward ? below : above));
    const width = Math.min(Math.max(r.width, 320), vw - 8);
    this.popup.style.width = `${Math.round(width)}px`;
    this.popup.style.height = `${Math.round(height)}px`;
    this.popup.style.left = `${Math.round(Math.max(4, Math.min(r.left, vw - width - 4)))}px`;
    this.popup.style.top = `${Math.round(downward ? r.bottom + 2 : r.top - height - 2)}px`;
  }

  private renderRow(row: HTMLElement, at: number): void {
    const item = this.itemAt(at);
    const key = this.source.key(item);
    row.dataset.row = String(at);
    setText(row, this.source.label(item));
    setClass(row, `as-picker-option${at === this.active ? ' active' : ''}${key === this.valueKey ? ' chosen' : ''}`);
    setAttr(row, 'aria-selected', at === this.active ? 'true' : 'false');
    setAttr(row, 'id', at === this.active ? this.optionId : undefined);
  }

  private updateActive(): void {
    this.list.pin(this.active >= 0 ? this.active : undefined);
    if (this.active >= 0) this.list.scrollToIndex(this.active, 'nearest');
    this.list.update();
    setAttr(this.input, 'aria-activedescendant', this.active >= 0 && this.isOpen ? this.optionId : undefined);
  }

  private move(to: number): void {
    const n = this.shownCount;
    if (!n) return;
    this.active = Math.max(0, Math.min(n - 1, to));
    this.updateActive();
  }

  private choose(at: number): void {
    if (at < 0 || at >= this.shownCount) return;
    const key = this.source.key(this.itemAt(at));
    this.valueKey = key;
    this.close();
    this.setValue(key);
    this.input.select();
    this.change.fire(key);
  }

  private onKey(e: KeyboardEvent): void {
    const page = Math.max(1, this.list.pageSize() - 1);
    switch (e.key) {
      case 'ArrowDown':
        if (!this.isOpen) this.open();
        else this.move(this.active + 1);
        break;
      case 'ArrowUp':
        if (!this.isOpen) this.open();
        else this.move(this.active - 1);
        break;
      case 'PageDown':
        if (!this.isOpen) return;
        this.move(this.active + page);
        break;
      case 'PageUp':
        if (!this.isOpen) return;
        this.move(this.active - page);
        break;
      case 'Enter':
        if (!this.isOpen) { this.open(); break; }
        this.choose(this.active);
        break;
      case 'Escape':
        if (!this.isOpen) return;
        this.close();
        this.input.select();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }
}
