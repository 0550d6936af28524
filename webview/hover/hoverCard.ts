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
}

export class HoverCard {
  readonly element: HTMLDivElement;
  readonly id = uniqueId('hover-card');
  private timer: ReturnType<typeof setTimeout> | undefined;
  private describedAnchor: HTMLElement | undefined;
  /** The node currently shown (or about to be). */
  node: FieldNode | undefined;

  constructor() {
    this.element = el('div', 'hover-card');
    this.element.id = this.id;
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
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
    this.node = node;
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

  hide(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.node = undefined;
    this.element.hidden = true;
    this.describe(undefined);
  }

  dispose(): void {
    this.hide();
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
    this.element.replaceChildren(title, list);
  }

  private renderText(options: HoverCardShowOptions): void {
    const title = el('div', 'hover-card-title');
    title.append(el('span', 'hover-card-name', options.title ?? ''));
    const list = el('dl', 'hover-card-facts');
    for (const [label, v] of options.extra ?? []) list.append(el('dt', undefined, label), el('dd', 'hc-extra', v));
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
