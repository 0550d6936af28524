/**
 * A fixed-row-height virtual list: a scroll viewport with a sized spacer; only the rows in view
 * (plus a small overscan, plus an optional pinned row such as the focused one) exist in the DOM.
 * Row elements are pooled and repositioned with a transform; a row whose index did not change is
 * not re-rendered while scrolling. A released row leaves the DOM (it is not merely hidden: a row
 * class with its own `display` would override the `hidden` attribute and paint a stale row).
 *
 * Building the rows reads no geometry: the scroll position is kept from the scroll events and
 * the list's own writes, the viewport's height from its ResizeObserver. Reading either from the
 * DOM while a page is being built makes the browser lay the page out then and there, once per
 * read after a change (a file's first render did a dozen such layouts). Until the first
 * observation only the overscan rows exist; the rest arrive before the first paint.
 */
import { el } from './dom';

export interface VirtualListOptions {
  rowHeight: number;
  /** Class of the scroll viewport. */
  className?: string;
  /** Builds an empty row element (called only when the pool grows). */
  createRow(): HTMLElement;
  /** Fills a pooled row element for `index`. */
  renderRow(row: HTMLElement, index: number): void;
  overscan?: number;
}

/** Browsers cap element heights around 33 554 400 px; stay well below. */
const MAX_SCROLL_HEIGHT = 15_000_000;

export class VirtualList {
  /** The scroll viewport (focusable by the owner if it wants). */
  readonly viewport: HTMLDivElement;
  /** The spacer holding the rows (its height is count × rowHeight). */
  readonly content: HTMLDivElement;
  private count = 0;
  private readonly active = new Map<number, HTMLElement>();
  private readonly free: HTMLElement[] = [];
  private pinned: number | undefined;
  private viewportHeight = 0;
  /** Scroll position in row pixels (unscaled), as last scrolled or set. */
  private top = 0;
  private readonly overscan: number;
  private resizeObserver: ResizeObserver | undefined;
  /** > 1 when the list is taller than the browser allows: scroll positions are scaled. */
  private scale = 1;
  /** Rows rendered since creation (for tests and benchmarks). */
  renderCount = 0;

  constructor(private readonly options: VirtualListOptions) {
    this.overscan = options.overscan ?? 6;
    this.viewport = el('div', `vlist ${options.className ?? ''}`.trim());
    this.content = el('div', 'vlist-content');
    this.viewport.append(this.content);
    this.viewport.addEventListener('scroll', () => {
      this.top = this.viewport.scrollTop * this.scale;
      this.render();
    }, { passive: true });
  }

  get rowHeight(): number {
    return this.options.rowHeight;
  }

  get length(): number {
    return this.count;
  }

  mount(container: HTMLElement): void {
    container.append(this.viewport);
    if (typeof ResizeObserver === 'undefined') {
      this.viewportHeight = this.viewport.clientHeight;
      return;
    }
    // The height the observer reports, not clientHeight: an observer called before this one (the
    // curve view sizing its canvases) leaves the layout dirty, and reading it laid the page out
    // again (3.8 ms of a small file's first frame in a trace). The viewport has no padding, so its
    // content box is its client height (rounded as clientHeight is).
    this.resizeObserver = new ResizeObserver((entries) => {
      const h = Math.round(entries[entries.length - 1].contentRect.height);
      if (h !== this.viewportHeight) {
        this.viewportHeight = h;
        this.render();
      }
    });
    this.resizeObserver.observe(this.viewport);
  }

  /** Reads the viewport's height again (after it was shown or resized by its owner). */
  measure(): void {
    this.viewportHeight = this.viewport.clientHeight;
  }

  /** Sets the number of rows; all rows are re-rendered (the data behind indices changed). */
  setCount(count: number): void {
    this.count = count;
    const total = count * this.options.rowHeight;
    this.scale = total > MAX_SCROLL_HEIGHT ? total / MAX_SCROLL_HEIGHT : 1;
    this.content.style.height = `${Math.round(total / this.scale)}px`;
    // Fewer rows: the browser will clamp the scroll position (and tell us by a scroll event);
    // rows are placed for the clamped position meanwhile.
    this.top = Math.min(this.top, Math.max(0, total - this.viewportHeight * this.scale));
    this.refresh();
  }

  /** Re-renders every row in view (the data changed, the count did not). */
  refresh(): void {
    for (const [index, row] of this.active) {
      this.active.delete(index);
      this.release(row);
    }
    this.render();
  }

  /** Re-renders the rows in view whose index satisfies `which` (or all). Cheap: no repositioning. */
  update(which?: (index: number) => boolean): void {
    for (const [index, row] of this.active) {
      if (!which || which(index)) {
        this.options.renderRow(row, index);
        this.renderCount++;
      }
    }
  }

  /** Keeps the row rendered even when scrolled out of view (the focused row). */
  pin(index: number | undefined): void {
    if (this.pinned === index) return;
    this.pinned = index;
    this.render();
  }

  rowElement(index: number): HTMLElement | undefined {
    return this.active.get(index);
  }

  /** Index of the row at a viewport-relative y. */
  indexAt(clientY: number): number {
    const rect = this.viewport.getBoundingClientRect();
    return Math.floor((clientY - rect.top + this.scrollTopPx()) / this.options.rowHeight);
  }

  /** First and last (inclusive) fully or partly visible rows. */
  visibleRange(): [number, number] {
    const h = this.options.rowHeight;
    const top = this.scrollTopPx();
    const first = Math.floor(top / h);
    const last = Math.min(this.count - 1, Math.ceil((top + this.height()) / h) - 1);
    return [first, last];
  }

  /** Rows that fit in the viewport. */
  pageSize(): number {
    return Math.max(1, Math.floor(this.height() / this.options.rowHeight));
  }

  /** Scrolls so that the row is visible: 'auto' only when it is not ('center' then), 'center', 'start'. */
  scrollToIndex(index: number, mode: 'auto' | 'center' | 'start' | 'nearest' = 'auto'): void {
    if (index < 0 || index >= this.count) return;
    const h = this.options.rowHeight;
    const top = this.scrollTopPx();
    const view = this.height();
    const rowTop = index * h;
    let target: number | undefined;
    if (mode === 'start') target = rowTop;
    else if (mode === 'center') target = rowTop - (view - h) / 2;
    else if (rowTop < top || rowTop + h > top + view) {
      target = mode === 'nearest' ? (rowTop < top ? rowTop : rowTop + h - view) : rowTop - (view - h) / 2;
    }
    if (target !== undefined) this.setScrollTopPx(target);
  }

  /** Scroll position in row pixels (unscaled). */
  scrollTopPx(): number {
    return this.top;
  }

  setScrollTopPx(px: number): void {
    const target = Math.max(0, px);
    // Writing scrollTop lays the page out first, even to write the value it already has.
    if (target !== this.top) {
      this.viewport.scrollTop = target / this.scale;
      this.top = this.viewport.scrollTop * this.scale;
    }
    this.render();
  }

  /** Number of row elements currently in the DOM (in use). */
  renderedRowCount(): number {
    return this.active.size;
  }

  private height(): number {
    if (!this.viewportHeight) this.viewportHeight = this.viewport.clientHeight;
    return this.viewportHeight;
  }

  private release(row: HTMLElement): void {
    row.remove();
    this.free.push(row);
  }

  /** Positions the rows for the current scroll position; renders only rows new to the view. */
  render(): void {
    const h = this.options.rowHeight;
    const top = this.top;
    const first = Math.max(0, Math.floor(top / h) - this.overscan);
    const last = Math.min(this.count - 1, Math.ceil((top + this.viewportHeight) / h) + this.overscan);
    const pinned = this.pinned !== undefined && this.pinned < this.count ? this.pinned : undefined;
    for (const [index, row] of this.active) {
      if ((index < first || index > last) && index !== pinned) {
        this.active.delete(index);
        this.release(row);
      }
    }
    const place = (index: number): void => {
      if (this.active.has(index)) return;
      const row = this.free.pop() ?? this.options.createRow();
      this.content.append(row);
      row.style.transform = `translateY(${index * h - (this.scale === 1 ? 0 : top - top / this.scale)}px)`;
      this.active.set(index, row);
      this.options.renderRow(row, index);
      this.renderCount++;
    };
    for (let i = first; i <= last; i++) place(i);
    if (pinned !== undefined) place(pinned);
    if (this.scale !== 1) {
      // Scaled mode: rows are positioned relative to the scaled scroll position every frame.
      const offset = top - top / this.scale;
      for (const [index, row] of this.active) row.style.transform = `translateY(${index * h - offset}px)`;
    }
  }

  dispose(): void {
    this.resizeObserver?.disconnect();
    this.viewport.remove();
    this.active.clear();
    this.free.length = 0;
  }
}
