/**
 * The structure tree's inline value editor: an input in a row's value cell (F2, Enter on a
 * selected value, or a double-click on it), typed and range-checked before anything is sent —
 * whole numbers in the field's integer range, finite numbers for f32/f16 — with VS Code's input
 * validation look for what is wrong. Enter commits, Escape or leaving it cancels. The host has the
 * last word (it writes the value); its refusal shows the same way.
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import { el } from '../shared/dom';

const INTEGER_RANGE: Record<string, [number, number]> = {
  u8: [0, 0xff], s8: [-0x80, 0x7f], u16: [0, 0xffff], s16: [-0x8000, 0x7fff], u32: [0, 0xffffffff], s32: [-0x80000000, 0x7fffffff],
};
const FLOAT_MAX: Record<string, number> = { f32: 3.4028234663852886e38, f16: 65504 };

/** Whether the tree can edit a field in place: a scalar with a value that lies in the file. */
export function isEditableField(node: FieldNode): boolean {
  return !node.missing && typeof node.value === 'number' && (node.type in INTEGER_RANGE || node.type in FLOAT_MAX);
}

/** Why `text` cannot be stored as the field's type, or undefined when it can (hex `0x…` for integers too). */
export function checkValue(node: FieldNode, text: string): string | undefined {
  const t = text.trim();
  if (t === '') return `Enter a number (${node.type}).`;
  const range = INTEGER_RANGE[node.type];
  if (range) {
    const n = /^[-+]?0x[0-9a-f]+$/i.test(t) ? (t.startsWith('-') ? -1 : 1) * parseInt(t.replace(/^[-+]/, ''), 16) : Number(t);
    if (!Number.isInteger(n)) return `${node.type} takes whole numbers: ${range[0]} to ${range[1]}.`;
    if (n < range[0] || n > range[1]) return `Out of range: ${node.type} takes ${range[0]} to ${range[1]}.`;
    return undefined;
  }
  const n = Number(t);
  if (!Number.isFinite(n)) return `Enter a finite number (${node.type}).`;
  if (Math.abs(n) > FLOAT_MAX[node.type]) return `Out of range: ${node.type} holds up to ±${FLOAT_MAX[node.type]}.`;
  return undefined;
}

/** The number `text` stands for (hex for integers), as the host takes it. */
export function valueOf(node: FieldNode, text: string): number {
  const t = text.trim();
  if (node.type in INTEGER_RANGE && /^[-+]?0x[0-9a-f]+$/i.test(t)) return (t.startsWith('-') ? -1 : 1) * parseInt(t.replace(/^[-+]/, ''), 16);
  return Number(t);
}

export class InlineEditor {
  readonly input: HTMLInputElement;
  private readonly message: HTMLDivElement;
  private closed = false;

  constructor(
    readonly node: FieldNode,
    cell: HTMLElement,
    private readonly commit: (value: number) => void,
    private readonly close: (refocus: boolean) => void,
  ) {
    this.input = el('input', 'structure-inline-edit');
    this.input.type = 'text';
    this.input.spellcheck = false;
    this.input.value = String(node.value);
    this.input.setAttribute('aria-label', `New value of ${node.path} (${node.type})`);
    this.message = el('div', 'structure-edit-message');
    this.message.setAttribute('role', 'alert');
    this.message.hidden = true;
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.input.addEventListener('input', () => this.validate());
    this.input.addEventListener('blur', () => this.cancel(false));
    // Clicks in the input must not reach the row (which would select it and take the focus).
    this.input.addEventListener('mousedown', (e) => e.stopPropagation());
    cell.textContent = '';
    cell.append(this.input, this.message);
    this.input.focus();
    this.input.select();
  }

  /** Shows why the value was refused (the host's one line) and keeps the editor open. */
  refuse(text: string): void {
    this.showMessage(text);
    this.input.focus();
  }

  private validate(): string | undefined {
    const problem = checkValue(this.node, this.input.value);
    this.showMessage(problem);
    return problem;
  }

  private showMessage(text: string | undefined): void {
    this.message.textContent = text ?? '';
    this.message.hidden = text === undefined;
    this.input.classList.toggle('invalid', text !== undefined);
    this.input.setAttribute('aria-invalid', text === undefined ? 'false' : 'true');
  }

  private onKey(e: KeyboardEvent): void {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      this.cancel(true);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (this.validate() === undefined) this.commit(valueOf(this.node, this.input.value));
    }
  }

  cancel(refocus: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.close(refocus);
  }
}
