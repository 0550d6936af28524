/**
 * HexView: a virtualised hex dump (offset, 16 bytes, ASCII) with regions coloured by field role,
 * the selected field's bytes highlighted, a hover highlight, and a byte caret/selection driven by
 * mouse (click, shift-click, drag) and keyboard (arrows, Page/Home/End, shift to extend).
 *
 *   const hex = new HexView();
 *   hex.mount(container);                 // container: an element with a height
 *   hex.setData(decoded.bytes, decoded.root);
 *   hex.onSelectBytes((offset, length) => …);   // user selection
 *   hex.onHoverByte((offset | undefined) => …);
 *   hex.setFieldRange(offset, size);      // the selected field (background highlight)
 *   hex.setHoverRange(offset, size);      // the hovered field
 *   hex.revealRange(offset, length);      // scroll into view
 *   hex.goToOffset(offset);               // move the caret there (no event)
 */
import { FieldNode, walkFields } from '../../src/formats/binary/fields';
import { Emitter, el, setAttr, setClass, setText, uniqueId } from '../shared/dom';
import { asciiByte, hexByte, hexOffset, hexShort, roleCode, ROLES } from '../shared/format';
import { VirtualList } from '../shared/virtualList';

export interface HexViewOptions {
  /** Row height in CSS pixels (must match media/hex.css, default 20). */
  rowHeight?: number;
  /** Extra words for the caret's accessible label (the owning field's path, say). */
  describe?: (offset: number) => string | undefined;
}

export interface ByteRange {
  offset: number;
  length: number;
}

interface RowParts {
  offset: HTMLElement;
  bytesBox: HTMLElement;
  asciiBox: HTMLElement;
  /** Run spans (pooled; unused ones hidden). */
  bytes: HTMLElement[];
  chars: HTMLElement[];
}

const BYTES_PER_ROW = 16;
const F_FIELD = 1 << 3;
const F_HOVER = 1 << 4;
const F_SEL = 1 << 5;
const F_CARET = 1 << 6;

/** Class names for every (role, state) combination, built once. */
function classTable(base: string): string[] {
  const out: string[] = [];
  for (let code = 0; code < 128; code++) {
    const role = code & 7;
    let c = `${base} r-${role === 0 ? 'none' : ROLES[role - 1]}`;
    if (code & F_FIELD) c += ' f';
    if (code & F_HOVER) c += ' h';
    if (code & F_SEL) c += ' s';
    if (code & F_CARET) c += ' c';
    out.push(c);
  }
  return out;
}
const BYTE_CLASSES = classTable('hb');
const BYTE_CLASSES_GAP = BYTE_CLASSES.map((c) => c + ' gap');
const CHAR_CLASSES = classTable('hc');

export class HexView {
  readonly element: HTMLDivElement;
  private readonly list: VirtualList;
  private readonly parts = new WeakMap<HTMLElement, RowParts>();
  private readonly rowOf = new WeakMap<HTMLElement, number>();
  private readonly runStart = new WeakMap<HTMLElement, number>();
  private readonly runLength = new WeakMap<HTMLElement, number>();
  private readonly codes = new Uint8Array(BYTES_PER_ROW);
  private bytes: Uint8Array = new Uint8Array(0);
  private roles: Uint8Array = new Uint8Array(0);
  private field: ByteRange | undefined;
  private hover: ByteRange | undefined;
  private anchor = 0;
  private caret = 0;
  private hasSelection = false;
  private dragging = false;
  private hoverOffset: number | undefined;
  private readonly caretId = uniqueId('hex-caret');
  /** Extra words for the caret's accessible label (set by the link controller: the owning field). */
  describe: ((offset: number) => string | undefined) | undefined;

  private readonly selectEmitter = new Emitter<[number, number]>();
  private readonly hoverEmitter = new Emitter<[number | undefined]>();
  /** The user selected bytes (click, shift-click, drag, keyboard): start offset and length. */
  readonly onSelectBytes = this.selectEmitter.event;
  /** The mouse is over a byte (its offset), or left the bytes (undefined). */
  readonly onHoverByte = this.hoverEmitter.event;

  constructor(options: HexViewOptions = {}) {
    this.describe = options.describe;
    this.element = el('div', 'hex-view');
    const header = el('div', 'hex-row hex-header');
    header.setAttribute('aria-hidden', 'true');
    const hOffset = el('span', 'hex-offset', 'Offset');
    const hBytes = el('span', 'hex-bytes');
    for (let j = 0; j < BYTES_PER_ROW; j++) hBytes.append(el('span', 'hb', hexByte(j)));
    const hAscii = el('span', 'hex-ascii', 'Decoded text');
    header.append(hOffset, hBytes, hAscii);

    this.list = new VirtualList({
      rowHeight: options.rowHeight ?? 20,
      className: 'hex-body',
      createRow: () => this.createRow(),
      renderRow: (row, index) => this.renderRow(row, index),
    });
    const body = this.list.viewport;
    body.tabIndex = 0;
    body.setAttribute('role', 'grid');
    body.setAttribute('aria-readonly', 'true');
    body.setAttribute('aria-roledescription', 'hex dump');
    this.list.content.setAttribute('role', 'presentation');
    this.element.append(header);

    body.addEventListener('mousedown', (e) => this.onMouseDown(e));
    body.addEventListener('mousemove', (e) => this.onMouseMove(e));
    body.addEventListener('mouseleave', () => this.setHoverOffset(undefined));
    body.addEventListener('keydown', (e) => this.onKeyDown(e));
    body.addEventListener('focus', () => this.updateActiveDescendant());
    window.addEventListener('mouseup', this.onMouseUp);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
    this.list.mount(this.element);
    this.list.setCount(Math.ceil(this.bytes.length / BYTES_PER_ROW));
  }

  /** The bytes to show; `root` (optional) colours regions by field role. */
  setData(bytes: Uint8Array, root?: FieldNode): void {
    this.bytes = bytes;
    this.roles = new Uint8Array(bytes.length);
    if (root) {
      // Pre-order: children overwrite their parent's role.
      walkFields(root, (n) => {
        if (!n.role || n.size <= 0) return;
        const start = Math.max(0, n.offset);
        const end = Math.min(bytes.length, n.offset + n.size);
        if (end > start) this.roles.fill(roleCode(n.role), start, end);
      });
    }
    this.anchor = this.caret = Math.min(this.caret, Math.max(0, bytes.length - 1));
    this.list.viewport.setAttribute('aria-label', `Hex dump, ${bytes.length} bytes`);
    this.list.setCount(Math.ceil(bytes.length / BYTES_PER_ROW));
    this.updateActiveDescendant();
  }

  get selection(): ByteRange | undefined {
    if (!this.hasSelection) return undefined;
    const start = Math.min(this.anchor, this.caret);
    return { offset: start, length: Math.abs(this.caret - this.anchor) + 1 };
  }

  /** The element showing byte `offset`, when its row is in the DOM (an anchor for a hover card). */
  byteElement(offset: number): HTMLElement | undefined {
    const row = this.list.rowElement(Math.floor(offset / BYTES_PER_ROW));
    const p = row ? this.parts.get(row) : undefined;
    if (!p) return undefined;
    const col = offset % BYTES_PER_ROW;
    return p.bytes.find((b) => !b.hidden && col >= (this.runStart.get(b) ?? 0) && col < (this.runStart.get(b) ?? 0) + (this.runLength.get(b) ?? 0));
  }

  /** Rows of 16 bytes (tests). */
  get rowCount(): number {
    return Math.ceil(this.bytes.length / BYTES_PER_ROW);
  }

  /** Row elements currently in the DOM. */
  get renderedRowCount(): number {
    return this.list.renderedRowCount();
  }

  /** True when the hex dump has keyboard focus. */
  get hasFocus(): boolean {
    return document.activeElement === this.list.viewport;
  }

  focus(): void {
    this.list.viewport.focus({ preventScroll: true });
  }

  /** Highlights the selected field's bytes (undefined clears). */
  setFieldRange(offset: number | undefined, length = 0): void {
    const next = offset === undefined ? undefined : { offset, length };
    if (sameRange(this.field, next)) return;
    this.field = next;
    this.list.update();
  }

  /** Highlights the hovered field's bytes (undefined clears). */
  setHoverRange(offset: number | undefined, length = 0): void {
    const next = offset === undefined ? undefined : { offset, length };
    if (sameRange(this.hover, next)) return;
    this.hover = next;
    this.list.update();
  }

  /** Scrolls so that the range is visible (its start centred when it is out of view). */
  revealRange(offset: number, length = 1): void {
    const first = Math.floor(offset / BYTES_PER_ROW);
    const last = Math.floor((offset + Math.max(1, length) - 1) / BYTES_PER_ROW);
    const [top, bottom] = this.list.visibleRange();
    if (first >= top && last <= bottom) return;
    if (last - first + 1 <= this.list.pageSize() && first >= top - 2 && first <= bottom + 2) {
      this.list.scrollToIndex(first < top ? first : last, 'nearest');
    } else {
      this.list.scrollToIndex(first, last - first + 1 < this.list.pageSize() ? 'center' : 'start');
    }
  }

  /** Moves the caret (and a one-byte selection) to `offset` and scrolls there. No event. */
  goToOffset(offset: number, length = 1): void {
    if (this.bytes.length === 0) return;
    const start = clamp(offset, 0, this.bytes.length - 1);
    this.anchor = start;
    this.caret = clamp(start + Math.max(1, length) - 1, 0, this.bytes.length - 1);
    this.hasSelection = true;
    this.list.pin(Math.floor(this.caret / BYTES_PER_ROW));
    this.revealRange(start, length);
    this.list.update();
    this.updateActiveDescendant();
  }

  dispose(): void {
    window.removeEventListener('mouseup', this.onMouseUp);
    this.selectEmitter.dispose();
    this.hoverEmitter.dispose();
    this.list.dispose();
    this.element.remove();
  }

  // ---- rendering ------------------------------------------------------------------------------

  private createRow(): HTMLElement {
    const row = el('div', 'hex-row');
    row.setAttribute('role', 'row');
    const offset = el('span', 'hex-offset');
    offset.setAttribute('role', 'rowheader');
    const bytesBox = el('span', 'hex-bytes');
    const asciiBox = el('span', 'hex-ascii');
    asciiBox.setAttribute('aria-hidden', 'true');
    row.append(offset, bytesBox, asciiBox);
    this.parts.set(row, { offset, bytesBox, asciiBox, bytes: [], chars: [] });
    return row;
  }

  /**
   * A row is its offset plus runs of bytes in the same state (role, highlights, caret): a
   * handful of spans per row instead of 32, which keeps style and layout cheap while scrolling.
   */
  private renderRow(row: HTMLElement, index: number): void {
    const p = this.parts.get(row)!;
    this.rowOf.set(row, index);
    const start = index * BYTES_PER_ROW;
    setText(p.offset, hexOffset(start));
    const data = this.bytes;
    const field = this.field;
    const hover = this.hover;
    const sel = this.selection;
    const n = Math.max(0, Math.min(BYTES_PER_ROW, data.length - start));
    const codes = this.codes;
    for (let j = 0; j < n; j++) {
      const o = start + j;
      let code = this.roles[o];
      if (field && o >= field.offset && o < field.offset + field.length) code |= F_FIELD;
      if (hover && o >= hover.offset && o < hover.offset + hover.length) code |= F_HOVER;
      if (sel && o >= sel.offset && o < sel.offset + sel.length) code |= F_SEL;
      if (this.hasSelection && o === this.caret) code |= F_CARET;
      codes[j] = code;
    }
    let runs = 0;
    let j = 0;
    while (j < n) {
      let k = j + 1;
      while (k < n && codes[k] === codes[j] && k !== BYTES_PER_ROW / 2) k++;
      const code = codes[j];
      const b = this.runSpan(p, 'bytes', runs);
      const c = this.runSpan(p, 'chars', runs);
      let hexText = '';
      let asciiText = '';
      for (let i = j; i < k; i++) {
        hexText += i === j ? hexByte(data[start + i]) : ' ' + hexByte(data[start + i]);
        asciiText += asciiByte(data[start + i]);
      }
      setText(b, hexText);
      setText(c, asciiText);
      setClass(b, k === BYTES_PER_ROW / 2 ? BYTE_CLASSES_GAP[code] : BYTE_CLASSES[code]);
      setClass(c, CHAR_CLASSES[code]);
      this.runStart.set(b, j);
      this.runStart.set(c, j);
      this.runLength.set(b, k - j);
      this.runLength.set(c, k - j);
      if (code & F_CARET) {
        b.id = this.caretId;
        setAttr(b, 'role', 'gridcell');
        setAttr(b, 'aria-selected', 'true');
        setAttr(b, 'aria-label', this.caretLabel(start + j));
      } else if (b.id) {
        b.removeAttribute('id');
        b.removeAttribute('role');
        b.removeAttribute('aria-selected');
        b.removeAttribute('aria-label');
      }
      b.hidden = false;
      c.hidden = false;
      runs++;
      j = k;
    }
    for (let r = runs; r < p.bytes.length; r++) {
      p.bytes[r].hidden = true;
      p.chars[r].hidden = true;
      if (p.bytes[r].id) p.bytes[r].removeAttribute('id');
    }
  }

  private runSpan(p: RowParts, kind: 'bytes' | 'chars', i: number): HTMLElement {
    const list = p[kind];
    let span = list[i];
    if (!span) {
      span = el('span');
      list.push(span);
      (kind === 'bytes' ? p.bytesBox : p.asciiBox).append(span);
    }
    return span;
  }

  private caretLabel(o: number): string {
    const sel = this.selection;
    let s = `Offset ${hexShort(o)} (${o}), byte ${hexShort(this.bytes[o])}`;
    if (sel && sel.length > 1) s += `, ${sel.length} bytes selected from ${hexShort(sel.offset)}`;
    const extra = this.describe?.(o);
    if (extra) s += `, ${extra}`;
    return s;
  }

  private updateActiveDescendant(): void {
    setAttr(this.list.viewport, 'aria-activedescendant', this.hasSelection && this.bytes.length ? this.caretId : undefined);
  }

  // ---- interaction ----------------------------------------------------------------------------

  /** Offset of the byte (or ASCII character) under the pointer. */
  private offsetFromEvent(e: MouseEvent): number | undefined {
    const t = e.target as HTMLElement | null;
    if (!t) return undefined;
    const first = this.runStart.get(t);
    const count = this.runLength.get(t);
    const rowEl = t.parentElement?.parentElement;
    if (first === undefined || count === undefined || !rowEl) return undefined;
    const row = this.rowOf.get(rowEl);
    if (row === undefined) return undefined;
    const rect = t.getBoundingClientRect();
    const inner = t.classList.contains('gap') ? rect.width * (3 * count) / (3 * count + 1) : rect.width;
    const col = first + Math.min(count - 1, Math.max(0, Math.floor(((e.clientX - rect.left) / inner) * count)));
    const o = row * BYTES_PER_ROW + col;
    return o < this.bytes.length ? o : undefined;
  }

  private onMouseDown(e: MouseEvent): void {
    if (e.button !== 0) return;
    const o = this.offsetFromEvent(e);
    if (o === undefined) return;
    e.preventDefault();
    this.focus();
    if (e.shiftKey && this.hasSelection) this.caret = o;
    else this.anchor = this.caret = o;
    this.hasSelection = true;
    this.dragging = true;
    this.list.pin(Math.floor(this.caret / BYTES_PER_ROW));
    this.list.update();
    this.updateActiveDescendant();
  }

  private onMouseMove(e: MouseEvent): void {
    const o = this.offsetFromEvent(e);
    if (this.dragging && o !== undefined && o !== this.caret && (e.buttons & 1)) {
      this.caret = o;
      this.list.update();
    }
    if (o !== undefined) this.setHoverOffset(o);
  }

  private readonly onMouseUp = (): void => {
    if (!this.dragging) return;
    this.dragging = false;
    this.list.pin(Math.floor(this.caret / BYTES_PER_ROW));
    this.emitSelection();
  };

  private setHoverOffset(o: number | undefined): void {
    if (o === this.hoverOffset) return;
    this.hoverOffset = o;
    this.hoverEmitter.fire(o);
  }

  private emitSelection(): void {
    const sel = this.selection;
    if (sel) this.selectEmitter.fire(sel.offset, sel.length);
  }

  private onKeyDown(e: KeyboardEvent): void {
    const n = this.bytes.length;
    if (n === 0) return;
    const page = this.list.pageSize() * BYTES_PER_ROW;
    let target: number;
    const c = this.caret;
    switch (e.key) {
      case 'ArrowLeft': target = c - 1; break;
      case 'ArrowRight': target = c + 1; break;
      case 'ArrowUp': target = c - BYTES_PER_ROW; break;
      case 'ArrowDown': target = c + BYTES_PER_ROW; break;
      case 'PageUp': target = c - page; break;
      case 'PageDown': target = c + page; break;
      case 'Home': target = e.ctrlKey || e.metaKey ? 0 : c - (c % BYTES_PER_ROW); break;
      case 'End': target = e.ctrlKey || e.metaKey ? n - 1 : c - (c % BYTES_PER_ROW) + BYTES_PER_ROW - 1; break;
      case 'Enter': this.hasSelection = true; this.emitSelection(); e.preventDefault(); return;
      default: return;
    }
    e.preventDefault();
    if ((e.key === 'ArrowUp' || e.key === 'PageUp') && target < 0) target = c % BYTES_PER_ROW;
    if ((e.key === 'ArrowDown' || e.key === 'PageDown') && target > n - 1) target = n - 1;
    target = clamp(target, 0, n - 1);
    if (!this.hasSelection) this.anchor = this.caret;
    this.caret = target;
    if (!e.shiftKey) this.anchor = target;
    this.hasSelection = true;
    const row = Math.floor(target / BYTES_PER_ROW);
    this.list.pin(row);
    this.list.scrollToIndex(row, 'nearest');
    this.list.update();
    this.updateActiveDescendant();
    this.emitSelection();
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function sameRange(a: ByteRange | undefined, b: ByteRange | undefined): boolean {
  return a === b || (!!a && !!b && a.offset === b.offset && a.length === b.length);
}
