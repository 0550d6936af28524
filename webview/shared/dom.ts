/**
 * Tiny DOM helpers. Text from files is only ever set with textContent: these helpers have no
 * way to parse markup.
 */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Sets textContent only when it changed (avoids layout work when rows are re-rendered). */
export function setText(e: Element, text: string): void {
  if (e.textContent !== text) e.textContent = text;
}

export function setClass(e: Element, className: string): void {
  if (e.className !== className) e.className = className;
}

export function setAttr(e: Element, name: string, value: string | undefined): void {
  if (value === undefined) {
    if (e.hasAttribute(name)) e.removeAttribute(name);
  } else if (e.getAttribute(name) !== value) {
    e.setAttribute(name, value);
  }
}

export interface Disposable {
  dispose(): void;
}

/** A typed event: `view.onSelect(listener)` returns a Disposable. */
export class Emitter<A extends unknown[]> {
  private listeners: ((...args: A) => void)[] = [];

  readonly event = (listener: (...args: A) => void): Disposable => {
    this.listeners.push(listener);
    return { dispose: () => { this.listeners = this.listeners.filter((l) => l !== listener); } };
  };

  fire(...args: A): void {
    for (const l of this.listeners.slice()) l(...args);
  }

  dispose(): void {
    this.listeners = [];
  }
}

let idCounter = 0;
/** A unique id for aria references. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${++idCounter}`;
}
