/**
 * HoverCard: a small tooltip card describing one field — path, offset (hex and decimal), size,
 * type, role, raw bytes (up to 32, then …) and the decoded value. Used for field rows, bytes and
 * (later) curve keys: anything that can name a FieldNode.
 *
 *   const card = new HoverCard();
 *   card.mount(document.body);
 *   card.show(node, bytes, anchorElementOrRect, { delay: 250, extra: [['Frame', '12']] });
 *   card.hide();
 *
 * The card has role="tooltip"; an anchor element gets aria-describedby pointing at it while shown.
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import { el, uniqueId } from '../shared/dom';
import { formatDecoded, formatSize, hexOffset, rawBytes } from '../shared/format';
import { KeyForm, renderKeyForm } from './keyForm';

export type HoverAnchor = HTMLElement | DOMRect | { x: number; y: number };

export interface HoverCardShowOptions {
  /** Milliseconds before the card appears (mouse hover); 0 shows it at once (keyboard focus). */
  delay?: number;
  /** Extra label/value lines (a curve key's frame and value, say). */
  extra?: [string, string][];
  /** Heading (default: the field's name). */
  title?: string;
  /** Where to put the card relative to the anchor (default: below). */
  placement?: 'below' | 'right';
  /** The file's length when `bytes` are only its start (LoadedFile.partial): what lies past them is arriving, not missing. */
  wholeLength?: number;
  /** A curve key's numbers as inputs (an editable file): the card then takes the pointer and the focus. */
  form?: KeyForm;
}

/** How long a card with a form waits before hiding (the pointer crossing from the key to the card). */
const FORM_HIDE_DELAY = 400;

export class HoverCard {
  readonly element: HTMLDivElement;
  readonly id = uniqueId('hover-card');
  private timer: ReturnType<typeof setTimeout> | undefined;
  private describedAnchor: HTMLElement | undefined;
  /** The node currently shown (or about to be). */
  node: FieldNode | undefined;
  /** The card shows a form: it stays while the pointer is on it or an input has the focus. */
  private interactive = false;
  private pointerInside = false;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.element = el('div', 'hover-card');
    this.element.id = this.id;
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
    this.element.addEventListener('pointerenter', () => { this.pointerInside = true; this.cancelHide(); });
    this.element.addEventListener('pointerleave', () => { this.pointerInside = false; if (this.interactive) this.hide(); });
    this.element.addEventListener('focusout', (e) => {
      if (this.interactive && !this.element.contains(e.relatedTarget as Node | null)) this.hide();
    });
    this.element.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.hide(true); });
  }

  /** The first input of a card with a form (Enter on a selected key moves the focus there). */
  focusForm(): boolean {
    const input = this.interactive && !this.element.hidden ? this.element.querySelector<HTMLInputElement>('input') : null;
    input?.focus();
    input?.select();
    return !!input;
  }

  private cancelHide(): void {
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = undefined;
  }

  mount(container: HTMLElement = document.body): void {
    container.append(this.element);
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** The card of a field; without a field (a value stored nowhere), only the title and extra lines. */
  show(node: FieldNode | undefined, bytes: Uint8Array, anchor: HoverAnchor, options: HoverCardShowOptions = {}): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.cancelHide();
    // a form being typed in is not replaced by another hover
    if (this.interactive && !this.element.hidden && this.element.contains(document.activeElement)) return;
    this.node = node;
    this.interactive = !!options.form;
    this.element.classList.toggle('hover-card-form', this.interactive);
    this.element.setAttribute('role', this.interactive ? 'dialog' : 'tooltip');
    const run = (): void => {
      this.timer = undefined;
      if (node) this.render(node, bytes, options);
      else this.renderText(options);
      this.element.hidden = false;
      this.position(anchor, options.placement ?? 'below');
      this.describe(anchor instanceof HTMLElement ? anchor : undefined);
    };
    if (options.delay && options.delay > 0 && !this.visible) this.timer = setTimeout(run, options.delay);
    else run();
  }

  /** Hides the card; one with a form waits a moment and stays while used (`now`: at once, whatever). */
  hide(now = false): void {
    if (!now && this.interactive && !this.element.hidden) {
      if (this.pointerInside || this.element.contains(document.activeElement) || this.hideTimer) return;
      this.hideTimer = setTimeout(() => { this.hideTimer = undefined; this.hide(); }, FORM_HIDE_DELAY);
      return;
    }
    this.cancelHide();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.node = undefined;
    this.interactive = false;
    this.pointerInside = false;
    this.element.hidden = true;
    this.describe(undefined);
  }

  dispose(): void {
    this.hide(true);
    this.element.remove();
  }

  private describe(anchor: HTMLElement | undefined): void {
    if (this.describedAnchor && this.describedAnchor !== anchor) {
      if (this.describedAnchor.getAttribute('aria-describedby') === this.id) this.describedAnchor.removeAttribute('aria-describedby');
    }
    this.describedAnchor = anchor;
    if (anchor) anchor.setAttribute('aria-describedby', this.id);
  }

  private render(node: FieldNode, bytes: Uint8Array, options: HoverCardShowOptions): void {
    const title = el('div', 'hover-card-title');
    const chip = el('span', `chip role-${node.role ?? 'none'}`);
    chip.setAttribute('aria-hidden', 'true');
    title.append(chip, el('span', 'hover-card-name', options.title ?? (node.name || '(file)')));
    if (node.role) title.append(el('span', 'hover-card-role', node.role));

    const list = el('dl', 'hover-card-facts');
    const add = (label: string, value: string, cls: string): void => {
      const dd = el('dd', cls, value);
      list.append(el('dt', undefined, label), dd);
    };
    add('Path', node.path || '(root)', 'hc-path');
    add('Offset', `${hexOffset(node.offset)} (${node.offset})`, 'hc-offset');
    add('Size', node.size > 0 ? `${formatSize(node.size)} (to ${hexOffset(node.offset + node.size - 1)})` : '0 bytes', 'hc-size');
    add('Type', node.type, 'hc-type');
    if (node.size > 0) add('Bytes', rawBytes(bytes, node.offset, node.size, 32, options.wholeLength), 'hc-bytes');
    const value = formatDecoded(node, options.wholeLength);
    if (value) add('Value', value, 'hc-value');
    for (const [label, v] of options.extra ?? []) add(label, v, 'hc-extra');
    if (options.form) list.append(...renderKeyForm(options.form));
    this.element.replaceChildren(title, list);
  }

  private renderText(options: HoverCardShowOptions): void {
    const title = el('div', 'hover-card-title');
    title.append(el('span', 'hover-card-name', options.title ?? ''));
    const list = el('dl', 'hover-card-facts');
    for (const [label, v] of options.extra ?? []) list.append(el('dt', undefined, label), el('dd', 'hc-extra', v));
    if (options.form) list.append(...renderKeyForm(options.form));
    this.element.replaceChildren(title, list);
  }

  private position(anchor: HoverAnchor, placement: 'below' | 'right'): void {
    const rect = anchor instanceof HTMLElement ? anchor.getBoundingClientRect()
      : 'width' in anchor ? anchor : new DOMRect(anchor.x, anchor.y, 0, 0);
    const card = this.element;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const w = card.offsetWidth;
    const h = card.offsetHeight;
    const gap = 4;
    let left: number;
    let top: number;
    if (placement === 'right') {
      left = rect.right + gap;
      top = rect.top;
      if (left + w > vw) left = Math.max(0, rect.left - w - gap);
    } else {
      left = anchor instanceof HTMLElement ? rect.left + Math.min(24, rect.width / 4) : rect.left;
      top = rect.bottom + gap;
      if (top + h > vh) top = rect.top - h - gap;
    }
    left = Math.max(2, Math.min(left, vw - w - 2));
    top = Math.max(2, Math.min(top, vh - h - 2));
    card.style.left = `${Math.round(left)}px`;
    card.style.top = `${Math.round(top)}px`;
  }
}
