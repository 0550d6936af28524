/**
 * The page's panes and the splitters between them:
 *
 *   header
 *   ───────────────────────────────
 *   tree            ┃ hex
 *   ━━━━━━━━━━━━━━━━┻━━━━━━━━━━━━━━  (splitter)
 *   curves              ┃ side (previews, skeleton)
 *
 * Sizes are the user's (dragged or keyed, remembered in the page state) or defaults that fit the
 * content (the hex pane as wide as its 16 columns and text), clamped so every pane keeps a usable
 * minimum from 1024×640 up. A pane with no visible panel gives its room to the others.
 */
import type { PanelSlot } from '../page/panel';
import { asRecord, finiteOr } from '../page/panel';
import { el } from '../shared/dom';
import { Splitter } from './splitter';

export interface LayoutState {
  /** Share of the work area's height given to tree | hex (0…1). */
  top?: number;
  /** Width of the hex pane, px. */
  hex?: number;
  /** Width of the side pane, px. */
  side?: number;
}

const MIN = { tree: 240, hex: 200, top: 96, bottom: 180, curves: 320, side: 200 };
/**
 * By default the tree keeps room for its Name, Value and Offset columns. Beside it the hex pane
 * shows its 16 columns and text, compact (half a character between bytes) when the full ones do
 * not fit (VS Code's 1280×720 window with the Explorer open); narrower still, it scrolls sideways.
 */
const TREE_ROOM = 320;
const DEFAULT_TOP = 0.4;
const SPLITTER = 5;

export class Layout {
  readonly element = el('div', 'as-app');
  private readonly slots: Record<PanelSlot, HTMLElement> = {
    header: el('div', 'as-slot as-slot-header'),
    tree: el('div', 'as-slot as-slot-tree'),
    hex: el('div', 'as-slot as-slot-hex'),
    curves: el('div', 'as-slot as-slot-curves'),
    side: el('div', 'as-slot as-slot-side'),
  };
  private readonly work = el('div', 'as-work');
  private readonly topRow = el('div', 'as-row as-row-top');
  private readonly bottomRow = el('div', 'as-row as-row-bottom');
  private readonly splitters: { hex: Splitter; top: Splitter; side: Splitter };
  private sizes: LayoutState = {};
  private shown: Record<PanelSlot, boolean> = { header: true, tree: true, hex: true, curves: false, side: false };
  private preferred: Partial<Record<PanelSlot, number>> = {};
  /** The hex pane's natural widths with full and compact columns, measured once a load (see fitHex). */
  private hexNaturals: { full?: number; compact?: number } = {};
  private hexFit = { natural: 640, compact: false };
  private observer: ResizeObserver | undefined;

  constructor(private readonly changed: () => void) {
    this.slots.tree.setAttribute('aria-label', 'Structure');
    this.slots.hex.setAttribute('aria-label', 'Hex view');
    this.slots.curves.setAttribute('aria-label', 'Curves');
    this.slots.side.setAttribute('aria-label', 'Preview');
    this.splitters = {
      hex: new Splitter({
        orientation: 'vertical', label: 'Resize the structure and hex panes', direction: -1,
        get: () => this.hexWidth, set: (v) => this.set('hex', v), min: () => MIN.hex, max: () => this.maxHex,
        reset: () => this.reset('hex'), changed: () => this.changed(),
      }),
      top: new Splitter({
        orientation: 'horizontal', label: 'Resize the structure and curve panes', direction: 1,
        get: () => this.topHeight, set: (v) => this.set('top', v / Math.max(1, this.workHeight)) * this.workHeight,
        min: () => MIN.top, max: () => this.maxTop, reset: () => this.reset('top'), changed: () => this.changed(),
      }),
      side: new Splitter({
        orientation: 'vertical', label: 'Resize the curve and preview panes', direction: -1,
        get: () => this.sideWidth, set: (v) => this.set('side', v), min: () => MIN.side, max: () => this.maxSide,
        reset: () => this.reset('side'), changed: () => this.changed(),
      }),
    };
    this.topRow.append(this.slots.tree, this.splitters.hex.element, this.slots.hex);
    this.bottomRow.append(this.slots.curves, this.splitters.side.element, this.slots.side);
    this.work.append(this.topRow, this.splitters.top.element, this.bottomRow);
    this.element.append(this.slots.header, this.work);
  }

  mount(container: HTMLElement): void {
    container.replaceChildren(this.element);
    if (typeof ResizeObserver !== 'undefined') {
      this.observer = new ResizeObserver(() => this.apply());
      this.observer.observe(this.work);
    }
  }

  slot(name: PanelSlot): HTMLElement {
    return this.slots[name];
  }

  /** Which slots have a visible panel (after a load), and the widths their panels ask for. */
  setShown(shown: Record<PanelSlot, boolean>, preferred: Partial<Record<PanelSlot, number>> = {}): void {
    this.shown = shown;
    this.preferred = preferred;
    this.hexNaturals = {};
    this.apply();
  }

  get state(): LayoutState {
    return { ...this.sizes };
  }

  set state(s: unknown) {
    const r = asRecord(s);
    const top = finiteOr(r?.top, undefined), hex = finiteOr(r?.hex, undefined), side = finiteOr(r?.side, undefined);
    this.sizes = {
      top: top !== undefined && top > 0 && top < 1 ? top : undefined,
      hex: hex !== undefined && hex > 0 ? hex : undefined,
      side: side !== undefined && side > 0 ? side : undefined,
    };
    this.apply();
  }

  /** The size of a pane as laid out now (tests). */
  paneRect(name: PanelSlot): DOMRect {
    return this.slots[name].getBoundingClientRect();
  }

  dispose(): void {
    this.observer?.disconnect();
    this.element.remove();
  }

  // ---- sizes ---------------------------------------------------------------------------------

  private get workHeight(): number {
    return this.work.clientHeight;
  }
  private get bottomShown(): boolean {
    return this.shown.curves || this.shown.side;
  }

  /**
   * The hex pane as wide as its content and its scrollbar: the widest of the header and the first
   * byte row, measured cell by cell (their own widths, not the pane's).
   */
  private get hexNatural(): number {
    const body = this.slots.hex.querySelector<HTMLElement>('.hex-body');
    let width = 0;
    for (const row of Array.from(this.slots.hex.querySelectorAll<HTMLElement>('.hex-header, .hex-body .hex-row')).slice(0, 2)) {
      let w = 0;
      for (const cell of Array.from(row.children)) w += cell.getBoundingClientRect().width;
      width = Math.max(width, w);
    }
    if (!width) return 640;
    const scrollbar = body ? body.offsetWidth - body.clientWidth : 0;
    return Math.ceil(width) + Math.max(scrollbar, 0) + 2;
  }
  /** The rows' width: the work area's (reading a row would need it shown and laid out). */
  private get rowWidth(): number {
    return this.work.clientWidth;
  }
  private get maxHex(): number {
    return Math.max(MIN.hex, this.rowWidth - MIN.tree - SPLITTER);
  }
  private get hexWidth(): number {
    const fallback = Math.min(this.hexFit.natural, this.rowWidth - TREE_ROOM - SPLITTER);
    return clamp(this.sizes.hex ?? fallback, MIN.hex, this.maxHex);
  }

  /** The hex pane's natural width with full or compact columns (measured with that class on, then kept). */
  private hexNaturalOf(compact: boolean): number {
    const key = compact ? 'compact' : 'full';
    const kept = this.hexNaturals[key];
    if (kept !== undefined) return kept;
    this.slots.hex.classList.toggle('as-hex-compact', compact);
    const width = this.hexNatural;
    if (this.slots.hex.querySelector('.hex-body .hex-row')) this.hexNaturals[key] = width;
    return width;
  }

  /** Full columns when they fit the width the hex pane gets (the user's, or beside the tree's room), else compact ones. */
  private fitHex(): void {
    const full = this.hexNaturalOf(false);
    const room = this.sizes.hex ?? this.rowWidth - TREE_ROOM - SPLITTER;
    const compact = full > room;
    this.hexFit = { natural: compact ? this.hexNaturalOf(true) : full, compact };
    this.slots.hex.classList.toggle('as-hex-compact', compact);
  }

  private get maxTop(): number {
    return Math.max(MIN.top, this.workHeight - MIN.bottom - SPLITTER);
  }
  private get topHeight(): number {
    return clamp((this.sizes.top ?? DEFAULT_TOP) * this.workHeight, MIN.top, this.maxTop);
  }

  private get maxSide(): number {
    return Math.max(MIN.side, this.rowWidth - MIN.curves - SPLITTER);
  }
  private get sideWidth(): number {
    const fallback = this.preferred.side ?? clamp(this.rowWidth * 0.36, 260, 640);
    return clamp(this.sizes.side ?? fallback, MIN.side, this.maxSide);
  }

  private set(which: keyof LayoutState, value: number): number {
    this.sizes[which] = value;
    this.apply();
    return which === 'top' ? this.topHeight / Math.max(1, this.workHeight) : which === 'hex' ? this.hexWidth : this.sideWidth;
  }

  private reset(which: keyof LayoutState): void {
    delete this.sizes[which];
    this.apply();
  }

  /**
   * Applies the sizes to the panes (clamped to what fits now). Every size is read before any style
   * is written: the page is laid out once here, not again for each pane and splitter (after a
   * load, the hex columns are measured full and compact once more: fitHex).
   */
  private apply(): void {
    this.fitHex();
    const bottom = this.bottomShown;
    const top = Math.round(this.topHeight), hex = Math.round(this.hexWidth), side = Math.round(this.sideWidth);
    const maxTop = this.maxTop, maxHex = this.maxHex, maxSide = this.maxSide;
    this.bottomRow.hidden = !bottom;
    this.splitters.top.element.hidden = !bottom;
    this.topRow.classList.toggle('as-fill', !bottom);
    if (bottom) this.topRow.style.height = `${top}px`;
    else this.topRow.style.removeProperty('height');
    this.slots.hex.style.width = `${hex}px`;
    this.slots.curves.hidden = !this.shown.curves;
    this.slots.side.hidden = !this.shown.side;
    this.splitters.side.element.hidden = !(this.shown.curves && this.shown.side);
    this.slots.side.classList.toggle('as-fill', !this.shown.curves);
    if (this.shown.curves) this.slots.side.style.width = `${side}px`;
    else this.slots.side.style.removeProperty('width');
    this.splitters.top.update(MIN.top, maxTop, top);
    this.splitters.hex.update(MIN.hex, maxHex, hex);
    this.splitters.side.update(MIN.side, maxSide, side);
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
