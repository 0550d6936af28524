/**
 * The archive entries table: Path · Size · Data offset · Format · Compression, one row per entry
 * (nested archives' entries indented below them). Virtualised (webview/shared/virtualList.ts), so
 * an archive with 100 000 entries keeps ~40 rows in the DOM. A grid with aria-activedescendant:
 * ↑/↓/PgUp/PgDn/Home/End move, Enter (or a double click, or a click on an entry's name) opens.
 * Every string from the archive goes through textContent.
 */
import type { ListingRow } from '../../src/wire/archiveProtocol';
import { formatLabel as labelOfFormat } from '../../src/kinds/registry';
import { ANIMATION_FORMATS } from '../../src/wire/archiveProtocol';
import { el, Emitter, setAttr, setClass, setText, uniqueId } from '../shared/dom';
import { hexOffset } from '../shared/format';
import { VirtualList } from '../shared/virtualList';

const ROW_HEIGHT = 22;
const MAX_INDENT = 8;

interface RowParts {
  path: HTMLElement;
  dir: HTMLElement;
  name: HTMLElement;
  size: HTMLElement;
  offset: HTMLElement;
  format: HTMLElement;
  compression: HTMLElement;
}

export function formatLabel(row: ListingRow): string {
  if (row.kind === 'folder') return 'folder';
  if (row.kind === 'archive' || row.format === 'archive') return 'archive';
  return labelOfFormat(row.format);
}

export function compressionLabel(c: ListingRow['compression']): string {
  return c === 'none' ? '—' : c === 'yaz0' ? 'Yaz0' : 'gzip';
}

/** What opening a row does (for titles and the open link). */
export function openKind(row: ListingRow): 'animation' | 'view' | 'other' {
  if (row.kind !== 'file') return 'view';
  return ANIMATION_FORMATS.includes(row.format) ? 'animation' : 'other';
}

/**
 * A row's classes: its kind, what opening it does (`ar-opens-animation`: a format of the registry,
 * opened in the AnimScope editor and coloured as a link), its depth and state.
 */
export function rowClass(r: ListingRow, selected: boolean): string {
  return `ar-row ar-kind-${r.kind} ar-opens-${openKind(r)} ar-depth-${Math.min(r.depth, MAX_INDENT)}${selected ? ' ar-selected' : ''}${r.suspicious ? ' ar-suspicious' : ''}`;
}

export class EntriesTable {
  readonly element = el('div', 'ar-table');
  private readonly list: VirtualList;
  private readonly parts = new WeakMap<HTMLElement, RowParts>();
  private rows: ListingRow[] = [];
  /** Indices into `rows` of the rows shown (filter). */
  private shown: number[] = [];
  private filter = '';
  private focused = -1;
  private readonly idPrefix = uniqueId('ar-row');
  private readonly openEmitter = new Emitter<[number]>();
  private readonly changeEmitter = new Emitter<[]>();
  /** A row (index into the listing) is to be opened. */
  readonly onOpen = this.openEmitter.event;
  /** Selection or scroll changed (state to save). */
  readonly onDidChangeState = this.changeEmitter.event;
  hexEditor = false;

  constructor() {
    const header = el('div', 'ar-row ar-colheader');
    header.setAttribute('role', 'row');
    for (const [label, cls] of [['Path', 'ar-path'], ['Size', 'ar-size'], ['Data offset', 'ar-offset'], ['Format', 'ar-format'], ['Compression', 'ar-compression']]) {
      const cell = el('div', `ar-cell ${cls}`, label);
      cell.setAttribute('role', 'columnheader');
      header.append(cell);
    }
    this.list = new VirtualList({
      rowHeight: ROW_HEIGHT,
      className: 'ar-body',
      createRow: () => this.createRow(),
      renderRow: (row, index) => this.renderRow(row, index),
    });
    const grid = this.list.viewport;
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', 'Archive entries');
    grid.tabIndex = 0;
    grid.addEventListener('keydown', (e) => this.onKey(e));
    grid.addEventListener('scroll', () => this.changeEmitter.fire(), { passive: true });
    grid.addEventListener('focus', () => { if (this.focused < 0 && this.shown.length) this.setFocused(0, false); });
    this.headerRow = header;
  }

  private readonly headerRow: HTMLElement;

  mount(container: HTMLElement): void {
    container.append(this.element);
    this.element.append(this.headerRow);
    this.list.mount(this.element);
  }

  get rowCount(): number {
    return this.rows.length;
  }

  get shownCount(): number {
    return this.shown.length;
  }

  /** Index (into the listing) of the selected row, or -1. */
  get selected(): number {
    return this.focused >= 0 ? this.shown[this.focused] ?? -1 : -1;
  }

  get scrollTop(): number {
    return this.list.scrollTopPx();
  }

  setRows(rows: ListingRow[]): void {
    this.rows = rows;
    this.applyFilter();
  }

  setFilter(text: string): void {
    this.filter = text.trim().toLowerCase();
    const keep = this.selected;
    this.applyFilter();
    if (keep >= 0) {
      const at = this.shown.indexOf(keep);
      if (at >= 0) this.setFocused(at, false);
    }
  }

  private applyFilter(): void {
    const f = this.filter;
    this.shown = [];
    for (let i = 0; i < this.rows.length; i++) {
      if (!f || this.rows[i].path.toLowerCase().includes(f) || this.rows[i].format.includes(f)) this.shown.push(i);
    }
    this.focused = -1;
    this.list.viewport.setAttribute('aria-rowcount', String(this.shown.length + 1));
    this.list.setCount(this.shown.length);
    this.updateActiveDescendant();
  }

  /** Selects the listing row `index` (scrolls to it); false when it is filtered out. */
  select(index: number, focus = true): boolean {
    const at = this.shown.indexOf(index);
    if (at < 0) return false;
    this.setFocused(at, true);
    if (focus) this.list.viewport.focus();
    return true;
  }

  restore(selected: number | undefined, scrollTop: number | undefined): void {
    if (scrollTop !== undefined) this.list.setScrollTopPx(scrollTop);
    if (selected !== undefined && selected >= 0) {
      const at = this.shown.indexOf(selected);
      if (at >= 0) this.setFocused(at, false);
    }
  }

  focus(): void {
    this.list.viewport.focus();
  }

  private createRow(): HTMLElement {
    const row = el('div', 'ar-row');
    row.setAttribute('role', 'row');
    const path = el('div', 'ar-cell ar-path');
    const dir = el('span', 'ar-dir');
    const name = el('span', 'ar-name');
    path.append(dir, name);
    const size = el('div', 'ar-cell ar-size');
    const offset = el('div', 'ar-cell ar-offset');
    const format = el('div', 'ar-cell ar-format');
    const compression = el('div', 'ar-cell ar-compression');
    for (const c of [path, size, offset, format, compression]) c.setAttribute('role', 'gridcell');
    row.append(path, size, offset, format, compression);
    this.parts.set(row, { path, dir, name, size, offset, format, compression });
    row.addEventListener('click', (e) => {
      const at = Number(row.dataset.at);
      if (!Number.isInteger(at)) return;
      this.setFocused(at, false);
      this.list.viewport.focus();
      const r = this.rows[this.shown[at]];
      if (r && (e.target as HTMLElement).closest('.ar-name.ar-link')) this.openEmitter.fire(this.shown[at]);
    });
    row.addEventListener('dblclick', () => {
      const at = Number(row.dataset.at);
      if (Number.isInteger(at) && this.shown[at] !== undefined) this.openEmitter.fire(this.shown[at]);
    });
    return row;
  }

  private renderRow(row: HTMLElement, at: number): void {
    const p = this.parts.get(row);
    const index = this.shown[at];
    const r = this.rows[index];
    if (!p || !r) return;
    row.dataset.at = String(at);
    row.id = `${this.idPrefix}-${at}`;
    const kind = openKind(r);
    setClass(row, rowClass(r, at === this.focused));
    setAttr(row, 'aria-rowindex', String(at + 2));
    setAttr(row, 'aria-selected', at === this.focused ? 'true' : 'false');
    const slash = r.path.lastIndexOf('/');
    setText(p.dir, slash >= 0 ? r.path.slice(0, slash + 1) : '');
    setText(p.name, slash >= 0 ? r.path.slice(slash + 1) : r.path);
    setClass(p.name, `ar-name${r.kind === 'file' ? ' ar-link' : ''}`);
    setAttr(p.path, 'title', `${r.path}${r.suspicious ? `\nstored name: ${JSON.stringify(r.name)} (unsafe as a path)` : ''}\n` +
      (kind === 'animation' ? 'Enter or click the name: open in the AnimScope editor'
        : kind === 'view' ? 'Enter: show in the Archive view'
          : `Enter or click the name: open in ${this.hexEditor ? 'the Hex Editor' : 'the default editor'}`));
    setText(p.size, r.kind === 'folder' ? '' : String(r.size));
    setText(p.offset, r.dataOffset >= 0 ? hexOffset(r.dataOffset) : '');
    setAttr(p.offset, 'title', r.dataOffset >= 0 ? `${r.dataOffset} (decimal)${r.depth > 0 ? ', in the nested archive\'s bytes' : ''}` : undefined);
    setText(p.format, formatLabel(r));
    setText(p.compression, r.kind === 'folder' ? '' : compressionLabel(r.compression));
  }

  private setFocused(at: number, scroll: boolean): void {
    const previous = this.focused;
    this.focused = Math.max(-1, Math.min(at, this.shown.length - 1));
    this.list.pin(this.focused >= 0 ? this.focused : undefined);
    if (scroll && this.focused >= 0) this.list.scrollToIndex(this.focused, 'auto');
    this.list.update((i) => i === previous || i === this.focused);
    this.updateActiveDescendant();
    this.changeEmitter.fire();
  }

  private updateActiveDescendant(): void {
    setAttr(this.list.viewport, 'aria-activedescendant', this.focused >= 0 ? `${this.idPrefix}-${this.focused}` : undefined);
  }

  private onKey(e: KeyboardEvent): void {
    const n = this.shown.length;
    if (!n) return;
    const page = this.list.pageSize();
    let next: number | undefined;
    switch (e.key) {
      case 'ArrowDown': next = this.focused + 1; break;
      case 'ArrowUp': next = Math.max(0, this.focused - 1); break;
      case 'PageDown': next = this.focused + page; break;
      case 'PageUp': next = Math.max(0, this.focused - page); break;
      case 'Home': next = 0; break;
      case 'End': next = n - 1; break;
      case 'Enter':
      case ' ':
        if (this.focused >= 0) this.openEmitter.fire(this.shown[this.focused]);
        e.preventDefault();
        return;
      default: return;
    }
    e.preventDefault();
    this.setFocused(Math.min(n - 1, next), true);
  }

  dispose(): void {
    this.list.dispose();
    this.openEmitter.dispose();
    this.changeEmitter.dispose();
  }
}
