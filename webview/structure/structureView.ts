/**
 * StructureView: a collapsible, virtualised tree-table of the field tree (ARIA treegrid).
 *
 *   const view = new StructureView();
 *   view.mount(container);               // container: an element with a height (flex/grid cell)
 *   view.setData(decoded.root, decoded.bytes);
 *   view.onSelect((node) => …);          // Enter, click
 *   view.onHover((node, anchor, reason) => …); // mouse over a row, or keyboard focus; undefined on leave
 *   view.reveal('ANK1/jointTable[1]/rotationY.count');
 *   view.highlight(path | undefined);    // linked hover from another view
 *
 * Columns: Name (with a role chip), Value, Offset (hex; decimal in the tooltip), Size, Type.
 * Everything from the file is set with textContent.
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import { Disposable, el, Emitter, setAttr, setClass, setText, uniqueId } from '../shared/dom';
import { formatValue, hexOffset, isArriving } from '../shared/format';
import { VirtualList } from '../shared/virtualList';
import { TreeModel } from './treeModel';
import { InlineFieldEditor } from './inlineEditor';
import type { EditAnswer } from '../../src/wire/protocol';
import { plural } from '../../src/formats/binary/text';

export type HoverReason = 'mouse' | 'focus';

export interface StructureViewOptions {
  /** Row height in CSS pixels (must match media/structure.css, default 22). */
  rowHeight?: number;
  /** Indentation per level in pixels. */
  indent?: number;
  /** Initial filter text. */
  filterPlaceholder?: string;
}

/** What the view keeps across reloads (pass to vscode.setState). */
export interface StructureViewState {
  expanded: string[];
  selected?: string;
  filter: string;
  scrollTop: number;
}

interface RowParts {
  name: HTMLElement;
  twisty: HTMLElement;
  chip: HTMLElement;
  label: HTMLElement;
  /** A name shown after the label (joint names next to jointTable[i] when a model is bound). */
  hint: HTMLElement;
  value: HTMLElement;
  offset: HTMLElement;
  size: HTMLElement;
  type: HTMLElement;
}

const COLUMNS = ['Name', 'Value', 'Offset', 'Size', 'Type'];

/** How the tree edits values (StructureView.setEditing). */
export interface FieldEditing {
  canEdit(node: FieldNode): boolean;
  commit(node: FieldNode, value: number | string): Promise<EditAnswer>;
}

export class StructureView {
  readonly element: HTMLDivElement;
  private readonly grid: HTMLDivElement;
  private readonly filterInput: HTMLInputElement;
  private readonly filterCount: HTMLSpanElement;
  private readonly list: VirtualList;
  private readonly model = new TreeModel();
  private readonly parts = new WeakMap<HTMLElement, RowParts>();
  private readonly rowIndex = new WeakMap<HTMLElement, number>();
  private readonly indent: number;
  private selectedPath: string | undefined;
  private linkedPath: string | undefined;
  private linkedRow: number | undefined;
  private focusIndex = 0;
  private hoverIndex: number | undefined;
  private filterTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: Disposable[] = [];
  /** Whether a field may be edited, and how an edit is sent (undefined: the tree is read-only). */
  private editing: FieldEditing | undefined;
  /** The open inline editor (one at a time). */
  private editor: InlineFieldEditor | undefined;

  private readonly selectEmitter = new Emitter<[FieldNode]>();
  private readonly hoverEmitter = new Emitter<[FieldNode | undefined, HTMLElement | undefined, HoverReason]>();
  private readonly stateEmitter = new Emitter<[]>();
  /** The user selected a row (click, Enter). */
  readonly onSelect = this.selectEmitter.event;
  /** The mouse entered a row or a row got keyboard focus; `undefined` when it left. */
  readonly onHover = this.hoverEmitter.event;
  /** Expanded rows, selection, filter or scroll changed (persist getState()). */
  readonly onDidChangeState = this.stateEmitter.event;

  constructor(options: StructureViewOptions = {}) {
    this.indent = options.indent ?? 14;
    this.element = el('div', 'structure-view');

    const toolbar = el('div', 'structure-toolbar');
    this.filterInput = el('input', 'structure-filter');
    this.filterInput.type = 'search';
    this.filterInput.placeholder = options.filterPlaceholder ?? 'Filter by name, value or path';
    this.filterInput.setAttribute('aria-label', 'Filter fields');
    this.filterInput.spellcheck = false;
    this.filterCount = el('span', 'structure-filter-count');
    this.filterCount.setAttribute('aria-live', 'polite');
    toolbar.append(this.filterInput, this.filterCount);

    this.grid = el('div', 'structure-grid');
    this.grid.setAttribute('role', 'treegrid');
    this.grid.setAttribute('aria-label', 'File structure');
    this.grid.setAttribute('aria-readonly', 'true');
    this.grid.id = uniqueId('structure');

    const header = el('div', 'structure-row structure-header');
    header.setAttribute('role', 'row');
    header.setAttribute('aria-rowindex', '1');
    for (const c of COLUMNS) {
      const cell = el('div', `structure-cell col-${c.toLowerCase()}`, c);
      cell.setAttribute('role', 'columnheader');
      header.append(cell);
    }

    this.list = new VirtualList({
      rowHeight: options.rowHeight ?? 22,
      className: 'structure-body',
      createRow: () => this.createRow(),
      renderRow: (row, index) => this.renderRow(row, index),
    });
    this.list.viewport.setAttribute('role', 'presentation');
    this.list.content.setAttribute('role', 'presentation');
    this.grid.append(header, this.list.viewport);
    this.element.append(toolbar, this.grid);

    this.grid.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.list.content.addEventListener('mousemove', (e) => this.onMouseMove(e));
    this.list.content.addEventListener('mouseleave', () => this.setHoverIndex(undefined, 'mouse'));
    this.list.content.addEventListener('mousedown', (e) => this.onMouseDown(e));
    this.list.content.addEventListener('dblclick', (e) => this.onDoubleClick(e));
    this.grid.addEventListener('focusout', (e) => {
      if (!this.grid.contains(e.relatedTarget as Node | null)) this.hoverEmitter.fire(undefined, undefined, 'focus');
    });
    this.list.viewport.addEventListener('scroll', () => {
      this.editor?.placeMessage();
      this.stateEmitter.fire();
    }, { passive: true });
    this.filterInput.addEventListener('input', () => {
      if (this.filterTimer) clearTimeout(this.filterTimer);
      this.filterTimer = setTimeout(() => this.applyFilter(this.filterInput.value), 60);
    });
    this.filterInput.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.filterInput.value) {
        this.filterInput.value = '';
        this.applyFilter('');
        e.preventDefault();
        e.stopPropagation();
      } else if (e.key === 'ArrowDown' || e.key === 'Enter') {
        if (this.model.rows.length > 0) {
          e.preventDefault();
          if (this.filterTimer) { clearTimeout(this.filterTimer); this.applyFilter(this.filterInput.value); }
          this.moveFocus(this.model.filter ? this.firstMatchRow() : this.focusIndex);
        }
      }
    });
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
    this.list.mount(this.grid);
    this.list.setCount(this.model.rows.length);
  }

  /**
   * Shows a field tree; keeps expanded paths and selection when they still exist. `wholeLength`:
   * the file's, when `bytes` are only its start (LoadedFile.partial).
   */
  setData(root: FieldNode, bytes: Uint8Array, wholeLength = bytes.length): void {
    this.wholeLength = wholeLength;
    this.editor?.close(false);
    this.model.setData(root, bytes);
    this.focusIndex = Math.min(this.focusIndex, Math.max(0, this.model.rows.length - 1));
    this.refreshRows();
    this.updateFilterCount();
  }

  /**
   * Extra names shown after row labels, by field path (e.g. the bound model's joint name next to
   * `ANK1/jointTable[3]`); undefined for none. Text only.
   */
  setLabelHints(hint: ((path: string) => string | undefined) | undefined): void {
    this.labelHint = hint;
    this.list.update();
  }

  private labelHint: ((path: string) => string | undefined) | undefined;
  /** The file's length (more than the bytes while a big file's rest arrives). */
  private wholeLength = 0;

  /** The rows currently visible (for tests and the status line). */
  get rowCount(): number {
    return this.model.rows.length;
  }

  /** Row elements currently in the DOM. */
  get renderedRowCount(): number {
    return this.list.renderedRowCount();
  }

  get selected(): FieldNode | undefined {
    if (this.selectedPath === undefined) return undefined;
    const row = this.model.rowOf(this.selectedPath);
    return row === undefined ? undefined : this.model.nodeAt(row);
  }

  focus(): void {
    const row = this.list.rowElement(this.focusIndex);
    if (row) row.focus({ preventScroll: true });
    else this.grid.focus();
  }

  /**
   * Expands the ancestors of `path`, scrolls its row into view and selects it (without firing
   * onSelect unless `emit`). Returns the node, or undefined when the path does not exist.
   */
  reveal(path: string, options: { select?: boolean; focus?: boolean; emit?: boolean } = {}): FieldNode | undefined {
    const row = this.model.revealPath(path);
    if (this.filterInput.value && !this.model.filter) this.filterInput.value = '';
    this.refreshRows();
    this.updateFilterCount();
    if (row === undefined) return undefined;
    const node = this.model.nodeAt(row);
    this.focusIndex = row;
    this.list.pin(row);
    this.list.scrollToIndex(row, 'auto');
    if (options.select !== false) this.setSelected(row, options.emit ?? false);
    else this.list.update();
    if (options.focus) this.focus();
    this.stateEmitter.fire();
    return node;
  }

  /** Marks the row of `path` (or its nearest visible ancestor) as linked-hovered; undefined clears. */
  highlight(path: string | undefined): void {
    if (path === this.linkedPath) return;
    this.linkedPath = path;
    const old = this.linkedRow;
    this.linkedRow = path === undefined ? undefined : this.model.nearestVisibleRow(path);
    if (old !== this.linkedRow) this.list.update((i) => i === old || i === this.linkedRow);
  }

  /** Sets the filter text (as if typed). */
  setFilter(text: string): void {
    this.filterInput.value = text;
    this.applyFilter(text);
  }

  getState(): StructureViewState {
    return {
      expanded: [...this.model.expanded],
      selected: this.selectedPath,
      filter: this.filterInput.value,
      scrollTop: this.list.scrollTopPx(),
    };
  }

  setState(state: Partial<StructureViewState>): void {
    if (Array.isArray(state.expanded)) {
      this.model.expanded.clear();
      for (const p of state.expanded) if (typeof p === 'string') this.model.expanded.add(p);
    }
    if (typeof state.filter === 'string') {
      this.filterInput.value = state.filter;
      this.model.setFilter(state.filter);
    }
    this.model.flatten();
    this.selectedPath = typeof state.selected === 'string' ? state.selected : undefined;
    this.refreshRows();
    this.updateFilterCount();
    if (typeof state.scrollTop === 'number') this.list.setScrollTopPx(state.scrollTop);
    const sel = this.selectedPath === undefined ? undefined : this.model.rowOf(this.selectedPath);
    if (sel !== undefined) {
      this.focusIndex = sel;
      this.list.pin(sel);
      this.list.update();
    }
  }

  dispose(): void {
    if (this.filterTimer) clearTimeout(this.filterTimer);
    for (const d of this.disposables) d.dispose();
    this.selectEmitter.dispose();
    this.hoverEmitter.dispose();
    this.stateEmitter.dispose();
    this.list.dispose();
    this.element.remove();
  }

  // ---- rendering ------------------------------------------------------------------------------

  private createRow(): HTMLElement {
    const row = el('div', 'structure-row');
    row.setAttribute('role', 'row');
    row.tabIndex = -1;
    const name = el('div', 'structure-cell col-name');
    name.setAttribute('role', 'gridcell');
    const twisty = el('span', 'twisty');
    twisty.setAttribute('aria-hidden', 'true');
    const chip = el('span', 'chip');
    chip.setAttribute('aria-hidden', 'true');
    const label = el('span', 'label');
    const hint = el('span', 'label-hint');
    name.append(twisty, chip, label, hint);
    const value = el('div', 'structure-cell col-value');
    const offset = el('div', 'structure-cell col-offset');
    const size = el('div', 'structure-cell col-size');
    const type = el('div', 'structure-cell col-type');
    for (const c of [value, offset, size, type]) c.setAttribute('role', 'gridcell');
    row.append(name, value, offset, size, type);
    this.parts.set(row, { name, twisty, chip, label, hint, value, offset, size, type });
    return row;
  }

  // ---- inline edit (issue 28) -----------------------------------------------------------------

  /** Lets the user edit scalar values (F2, Enter, double-click on a value); undefined makes the tree read-only again. */
  setEditing(editing: FieldEditing | undefined): void {
    this.editing = editing;
    this.grid.setAttribute('aria-readonly', editing ? 'false' : 'true');
    if (!editing) this.editor?.close(false);
  }

  /** The open inline editor (tests). */
  get inlineEditor(): InlineFieldEditor | undefined {
    return this.editor;
  }

  /** Opens the inline editor on a row's value; false when the field cannot be edited. */
  editRow(index: number): boolean {
    const node = this.model.nodeAt(index);
    const editing = this.editing;
    if (!node || !editing || !editing.canEdit(node)) return false;
    this.editor?.close(false);
    const editor = InlineFieldEditor.for(node, {
      commit: (n, value) => editing.commit(n, value),
      closed: () => {
        if (this.editor !== editor) return;
        this.editor = undefined;
        this.list.update();
        this.focus();
      },
    });
    if (!editor) return false;
    this.editor = editor;
    this.element.append(editor.message);
    this.moveFocus(index, false);
    this.list.update();
    editor.focus();
    return true;
  }

  private renderRow(row: HTMLElement, index: number): void {
    const p = this.parts.get(row)!;
    const node = this.model.nodeAt(index);
    const flat = this.model.rows[index];
    this.rowIndex.set(row, index);
    if (!node || !flat) return;
    const expandable = this.model.isExpandable(index);
    const expanded = expandable && this.model.isExpanded(index);
    const selected = this.selectedPath !== undefined && node.path === this.selectedPath;
    let cls = 'structure-row';
    if (selected) cls += ' selected';
    if (index === this.focusIndex) cls += ' focused';
    if (index === this.linkedRow) cls += ' linked';
    if (index === this.hoverIndex) cls += ' hovered';
    if (node.missing) cls += isArriving(node, this.wholeLength) ? ' arriving' : ' missing';
    if (this.model.isMatch(index)) cls += ' match';
    setClass(row, cls);
    row.tabIndex = index === this.focusIndex ? 0 : -1;
    setAttr(row, 'aria-level', String(flat.depth + 1));
    setAttr(row, 'aria-rowindex', String(index + 2));
    setAttr(row, 'aria-selected', selected ? 'true' : 'false');
    setAttr(row, 'aria-expanded', expandable ? (expanded ? 'true' : 'false') : undefined);
    p.name.style.paddingLeft = `${4 + flat.depth * this.indent}px`;
    setClass(p.twisty, expandable ? (expanded ? 'twisty expanded' : 'twisty collapsed') : 'twisty');
    const role = node.role ?? 'none';
    setClass(p.chip, `chip role-${role}`);
    setText(p.label, node.name);
    setText(p.hint, this.labelHint?.(node.path) ?? '');
    if (this.editor && this.editor.node.path === node.path) {
      if (this.editor.element.parentElement !== p.value) p.value.replaceChildren(this.editor.element);
    } else if (p.value.firstElementChild) p.value.replaceChildren(formatValue(node, this.wholeLength));
    else setText(p.value, formatValue(node, this.wholeLength));
    setText(p.offset, hexOffset(node.offset));
    setAttr(p.offset, 'title', `${node.offset} (decimal)`);
    setText(p.size, String(node.size));
    setText(p.type, node.type);
  }

  private refreshRows(): void {
    if (this.focusIndex >= this.model.rows.length) this.focusIndex = Math.max(0, this.model.rows.length - 1);
    this.linkedRow = this.linkedPath === undefined ? undefined : this.model.nearestVisibleRow(this.linkedPath);
    this.hoverIndex = undefined;
    this.list.pin(this.model.rows.length ? this.focusIndex : undefined);
    this.list.setCount(this.model.rows.length);
    this.grid.setAttribute('aria-rowcount', String(this.model.rows.length + 1));
  }

  private updateFilterCount(): void {
    const f = this.model.filter;
    setText(this.filterCount, f ? plural(this.model.matchCount, 'match', 'matches') : '');
    this.element.classList.toggle('filtering', !!f);
  }

  private applyFilter(text: string): void {
    this.filterTimer = undefined;
    const focusedPath = this.model.pathAt(this.focusIndex);
    this.model.setFilter(text);
    const keep = this.selectedPath !== undefined ? this.model.rowOf(this.selectedPath) : focusedPath !== undefined ? this.model.rowOf(focusedPath) : undefined;
    this.focusIndex = keep ?? (this.model.filter ? this.firstMatchRow() : 0);
    this.refreshRows();
    this.updateFilterCount();
    this.list.scrollToIndex(this.focusIndex, keep !== undefined ? 'auto' : 'start');
    this.stateEmitter.fire();
  }

  private firstMatchRow(): number {
    for (let i = 0; i < this.model.rows.length; i++) if (this.model.isMatch(i)) return i;
    return 0;
  }

  // ---- interaction ----------------------------------------------------------------------------

  private rowFromEvent(e: Event): number | undefined {
    let t = e.target as HTMLElement | null;
    while (t && t !== this.list.content) {
      const i = this.rowIndex.get(t);
      if (i !== undefined && t.classList.contains('structure-row')) return i;
      t = t.parentElement;
    }
    return undefined;
  }

  private onMouseMove(e: MouseEvent): void {
    const i = this.rowFromEvent(e);
    if (i !== this.hoverIndex) this.setHoverIndex(i, 'mouse');
  }

  private setHoverIndex(i: number | undefined, reason: HoverReason): void {
    const old = this.hoverIndex;
    this.hoverIndex = i;
    if (old !== i) this.list.update((k) => k === old || k === i);
    const node = i === undefined ? undefined : this.model.nodeAt(i);
    this.hoverEmitter.fire(node, i === undefined ? undefined : this.list.rowElement(i), reason);
  }

  private onMouseDown(e: MouseEvent): void {
    if (e.button !== 0 || (this.editor && this.editor.element.contains(e.target as Node))) return;
    const i = this.rowFromEvent(e);
    if (i === undefined) return;
    e.preventDefault(); // keep the browser from scrolling the row into view; focus is set below
    const onTwisty = (e.target as HTMLElement).classList.contains('twisty');
    this.moveFocus(i, false);
    if (onTwisty) this.toggle(i);
    else this.setSelected(i, true);
  }

  private onDoubleClick(e: MouseEvent): void {
    const i = this.rowFromEvent(e);
    if (i === undefined || (e.target as HTMLElement).classList.contains('twisty')) return;
    if ((e.target as HTMLElement).closest('.col-value') && this.editRow(i)) return;
    this.toggle(i);
  }

  private toggle(index: number, open?: boolean): void {
    const path = this.model.pathAt(index);
    if (path === undefined || !this.model.isExpandable(index)) return;
    const want = open ?? !this.model.isExpanded(index);
    if (want === this.model.isExpanded(index)) return;
    this.model.setExpanded(path, want);
    // The row keeps its index (only rows below it change).
    this.focusIndex = index;
    this.refreshRows();
    this.stateEmitter.fire();
  }

  private setSelected(index: number, emit: boolean): void {
    const node = this.model.nodeAt(index);
    if (!node) return;
    this.selectedPath = node.path;
    this.list.update();
    if (emit) this.selectEmitter.fire(node);
    this.stateEmitter.fire();
  }

  /** Moves the roving tab stop to a row, scrolls it into view and focuses it. */
  private moveFocus(index: number, announce = true): void {
    const n = this.model.rows.length;
    if (n === 0) return;
    index = Math.max(0, Math.min(n - 1, index));
    const old = this.focusIndex;
    this.focusIndex = index;
    this.list.pin(index);
    this.list.scrollToIndex(index, 'nearest');
    this.list.update((i) => i === old || i === index);
    const row = this.list.rowElement(index);
    row?.focus({ preventScroll: true });
    if (announce) this.hoverEmitter.fire(this.model.nodeAt(index), row, 'focus');
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.target === this.filterInput) return;
    const i = this.focusIndex;
    const page = this.list.pageSize();
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': this.moveFocus(i + 1); break;
      case 'ArrowUp': this.moveFocus(i - 1); break;
      case 'Home': this.moveFocus(0); break;
      case 'End': this.moveFocus(this.model.rows.length - 1); break;
      case 'PageDown': this.moveFocus(i + page); break;
      case 'PageUp': this.moveFocus(i - page); break;
      case 'ArrowRight':
        if (this.model.isExpandable(i) && !this.model.isExpanded(i)) {
          this.toggle(i, true);
          this.moveFocus(i);
        } else if (this.model.isExpanded(i)) this.moveFocus(i + 1);
        break;
      case 'ArrowLeft':
        if (this.model.isExpanded(i)) {
          this.toggle(i, false);
          this.moveFocus(i);
        } else {
          const parent = this.model.parentRow(i);
          if (parent !== undefined) this.moveFocus(parent);
        }
        break;
      case 'Enter':
        this.setSelected(i, true);
        this.editRow(i);
        break;
      case 'F2':
        if (!this.editRow(i)) handled = false;
        break;
      case ' ':
        if (this.model.isExpandable(i)) { this.toggle(i); this.moveFocus(i); } else this.setSelected(i, true);
        break;
      case 'Escape':
        this.hoverEmitter.fire(undefined, undefined, 'focus');
        break;
      default:
        handled = false;
        // Typing a character starts filtering (like VS Code's tree type-to-filter).
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== ' ') {
          this.filterInput.focus();
          this.filterInput.value += e.key;
          this.filterInput.dispatchEvent(new Event('input'));
          handled = true;
        } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
          this.filterInput.focus();
          this.filterInput.select();
          handled = true;
        }
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }
}
