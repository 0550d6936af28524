/**
 * A splitter between two panes: drag it, or focus it (Tab) and use the arrow keys (Shift: bigger
 * steps), Home / End for the smallest / largest size, Enter or a double-click for the default.
 * It resizes one side (`size`, in px); the layout clamps and applies it.
 *
 * ARIA: role="separator" with aria-valuenow / min / max of the controlled pane's size.
 */
import { el } from '../shared/dom';

export interface SplitterOptions {
  /** 'vertical': a bar between a left and a right pane (drags along x); 'horizontal': between top and bottom. */
  orientation: 'vertical' | 'horizontal';
  label: string;
  /** The controlled side grows when the pointer moves right/down (+1) or left/up (−1). */
  direction: 1 | -1;
  get(): number;
  /** Clamps and applies; returns the size applied. */
  set(size: number): number;
  min(): number;
  max(): number;
  /** Back to the default size. */
  reset(): void;
  /** The user finished a change (persist). */
  changed(): void;
}

const STEP = 16;
const BIG_STEP = 96;

export class Splitter {
  readonly element = el('div', 'as-splitter');

  constructor(private readonly options: SplitterOptions) {
    const e = this.element;
    e.classList.add(options.orientation === 'vertical' ? 'as-splitter-v' : 'as-splitter-h');
    e.tabIndex = 0;
    e.setAttribute('role', 'separator');
    e.setAttribute('aria-orientation', options.orientation);
    e.setAttribute('aria-label', options.label);
    e.title = `${options.label} (drag, or arrow keys; double-click resets)`;
    let drag: { at: number; size: number; id: number } | undefined;
    const along = (ev: PointerEvent): number => options.orientation === 'vertical' ? ev.clientX : ev.clientY;
    e.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      ev.preventDefault();
      e.focus({ preventScroll: true });
      e.setPointerCapture(ev.pointerId);
      drag = { at: along(ev), size: options.get(), id: ev.pointerId };
      e.classList.add('as-dragging');
    });
    e.addEventListener('pointermove', (ev) => {
      if (!drag || ev.pointerId !== drag.id) return;
      this.apply(drag.size + (along(ev) - drag.at) * options.direction);
    });
    const end = (ev: PointerEvent): void => {
      if (!drag || ev.pointerId !== drag.id) return;
      drag = undefined;
      e.classList.remove('as-dragging');
      if (e.hasPointerCapture(ev.pointerId)) e.releasePointerCapture(ev.pointerId);
      options.changed();
    };
    e.addEventListener('pointerup', end);
    e.addEventListener('pointercancel', end);
    e.addEventListener('dblclick', () => { options.reset(); this.update(); options.changed(); });
    e.addEventListener('keydown', (ev) => {
      const step = ev.shiftKey ? BIG_STEP : STEP;
      const grow: Record<string, number> = options.orientation === 'vertical' ? { ArrowRight: 1, ArrowLeft: -1 } : { ArrowDown: 1, ArrowUp: -1 };
      const sign = grow[ev.key];
      if (sign !== undefined) this.apply(options.get() + sign * step * options.direction);
      else if (ev.key === 'Home') this.apply(options.min());
      else if (ev.key === 'End') this.apply(options.max());
      else if (ev.key === 'Enter') { options.reset(); this.update(); }
      else return;
      ev.preventDefault();
      ev.stopPropagation();
      options.changed();
    });
  }

  /** Refreshes the ARIA values (after the layout changed the size; the layout passes what it measured). */
  update(min = this.options.min(), max = this.options.max(), now = this.options.get()): void {
    const e = this.element;
    e.setAttribute('aria-valuemin', String(Math.round(min)));
    e.setAttribute('aria-valuemax', String(Math.round(max)));
    e.setAttribute('aria-valuenow', String(Math.round(now)));
  }

  private apply(size: number): void {
    this.options.set(size);
    this.update();
  }
}
