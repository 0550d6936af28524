/**
 * The structure tree's inline value editor (issue 28): an input in the row's value cell, typed by
 * the field (fieldInput.ts). Enter commits (nothing is sent when the text does not fit the type:
 * the reason shows under the input, in VS Code's input-validation look, as a host's refusal does);
 * Escape cancels.
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import type { EditAnswer } from '../../src/wire/protocol';
import { el } from '../shared/dom';
import { fieldInputSpec, fieldInputText, FieldInputSpec, parseFieldInput } from './fieldInput';

export interface InlineEditorHost {
  /** Sends the edit; the answer says whether it was applied. */
  commit(node: FieldNode, value: number | string): Promise<EditAnswer>;
  /** The editor closed (committed or cancelled): give the focus back to the tree. */
  closed(committed: boolean): void;
}

export class InlineFieldEditor {
  readonly element = el('div', 'structure-edit');
  readonly input = el('input', 'structure-edit-input');
  /** The reason the value was not sent or was refused (shown under the input; outside the row, which clips). */
  readonly message = el('div', 'structure-edit-message');
  private busy = false;

  constructor(readonly node: FieldNode, private readonly spec: FieldInputSpec, private readonly host: InlineEditorHost) {
    this.input.type = 'text';
    this.input.spellcheck = false;
    this.input.value = fieldInputText(node);
    this.input.setAttribute('aria-label', `Value of ${node.path} (${node.type})`);
    this.message.id = `structure-edit-message-${Math.random().toString(36).slice(2)}`;
    this.message.setAttribute('role', 'alert');
    this.message.hidden = true;
    this.input.setAttribute('aria-describedby', this.message.id);
    this.element.append(this.input);
    this.input.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.input.addEventListener('input', () => this.setError(undefined));
    this.input.addEventListener('blur', () => {
      // scrolled out (the row element was reused) keeps the edit; focus moved elsewhere cancels it
      if (this.input.isConnected && !this.busy && document.hasFocus()) this.close(false);
    });
  }

  /** An editor for the field, or undefined when its type cannot be typed. */
  static for(node: FieldNode, host: InlineEditorHost): InlineFieldEditor | undefined {
    const spec = fieldInputSpec(node);
    return spec && new InlineFieldEditor(node, spec, host);
  }

  focus(): void {
    this.input.focus({ preventScroll: true });
    this.input.select();
  }

  /** Shows why (undefined hides), under the input. */
  setError(text: string | undefined): void {
    this.input.classList.toggle('invalid', text !== undefined);
    this.input.setAttribute('aria-invalid', text !== undefined ? 'true' : 'false');
    this.message.hidden = text === undefined;
    this.message.textContent = text ?? '';
    if (text !== undefined) this.placeMessage();
  }

  /** The message sits under the input, in the page (the row clips what overflows it). */
  placeMessage(): void {
    if (this.message.hidden) return;
    const r = this.input.getBoundingClientRect();
    this.message.style.left = `${Math.round(r.left)}px`;
    this.message.style.top = `${Math.round(r.bottom)}px`;
    this.message.style.minWidth = `${Math.round(r.width)}px`;
  }

  private closedOnce = false;

  close(committed: boolean): void {
    if (this.closedOnce) return;
    this.closedOnce = true;
    this.message.remove();
    this.element.remove();
    this.host.closed(committed);
  }

  private onKeyDown(e: KeyboardEvent): void {
    e.stopPropagation(); // the tree's keys (arrows, type-to-filter) are not the input's
    if (e.key === 'Escape') {
      e.preventDefault();
      this.close(false);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void this.commit();
    }
  }

  private async commit(): Promise<void> {
    if (this.busy) return;
    const parsed = parseFieldInput(this.node, this.spec, this.input.value);
    if ('error' in parsed) {
      this.setError(parsed.error);
      return;
    }
    if (parsed.value === this.node.value) {
      this.close(false);
      return;
    }
    this.busy = true;
    this.input.readOnly = true;
    const answer = await this.host.commit(this.node, parsed.value);
    this.busy = false;
    this.input.readOnly = false;
    if (answer.ok) this.close(true);
    else {
      this.setError(answer.message ?? 'The edit was refused.');
      this.focus();
    }
  }
}
