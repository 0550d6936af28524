/**
 * The curve plot's context menu when keys can be edited (issue 28): add a key on a curve, delete
 * the selected key, switch its track between step and keyed. Right-click, or Shift+F10 / the
 * context-menu key on the plot; arrows move, Enter runs, Escape closes (VS Code's menu look).
 */
import { el } from '../shared/dom';

export interface MenuItem {
  label: string;
  run(): void;
}

export class EditMenu {
  readonly element = el('div', 'as-curves-menu');
  private restoreFocus: HTMLElement | undefined;

  constructor() {
    this.element.setAttribute('role', 'menu');
    this.element.setAttribute('aria-label', 'Key actions');
    this.element.hidden = true;
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.element.addEventListener('focusout', (e) => {
      if (!this.element.contains(e.relatedTarget as Node | null)) this.close(false);
    });
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Shows `items` at (x, y) in the stage's coordinates and focuses the first. */
  show(items: MenuItem[], x: number, y: number, from: HTMLElement): void {
    if (!items.length) return;
    this.restoreFocus = from;
    this.element.replaceChildren(...items.map((item) => {
      const b = el('button', 'as-curves-menu-item', item.label);
      b.type = 'button';
      b.setAttribute('role', 'menuitem');
      b.tabIndex = -1;
      b.addEventListener('click', () => {
        this.close(true);
        item.run();
      });
      return b;
    }));
    this.element.hidden = false;
    this.element.style.left = `${Math.round(x)}px`;
    this.element.style.top = `${Math.round(y)}px`;
    (this.element.firstElementChild as HTMLElement).focus();
  }

  close(refocus: boolean): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    if (refocus) this.restoreFocus?.focus({ preventScroll: true });
  }

  private onKey(e: KeyboardEvent): void {
    const items = [...this.element.querySelectorAll<HTMLElement>('[role=menuitem]')];
    const i = items.indexOf(document.activeElement as HTMLElement);
    e.stopPropagation();
    if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
    else if (e.key === 'Escape' || e.key === 'Tab') this.close(true);
    else return;
    e.preventDefault();
  }
}
