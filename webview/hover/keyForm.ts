/**
 * A curve key's numbers as inputs in the hover card (issue 28): frame, value, in and out slope in
 * the curves' display units. Enter sends the ones changed as one `key` edit; a number that is not
 * one, or the host's refusal, shows under them in VS Code's input-validation look.
 */
import type { EditAnswer } from '../../src/wire/protocol';
import { el } from '../shared/dom';

export type KeyFormField = 'frame' | 'value' | 'inSlope' | 'outSlope';

export interface KeyForm {
  fields: { name: KeyFormField; label: string; value: number; suffix: string }[];
  /** The changed numbers (at least one); the answer says whether the host applied them. */
  submit(values: Partial<Record<KeyFormField, number>>): Promise<EditAnswer>;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The form's rows (dt/dd pairs for the card's list) and its message line. */
export function renderKeyForm(form: KeyForm): HTMLElement[] {
  const message = el('dd', 'hc-form-message');
  message.setAttribute('role', 'alert');
  message.hidden = true;
  const inputs = new Map<KeyFormField, HTMLInputElement>();
  const rows: HTMLElement[] = [];
  const show = (text: string | undefined): void => {
    message.hidden = text === undefined;
    message.textContent = text ?? '';
  };
  let busy = false;
  const submit = async (): Promise<void> => {
    if (busy) return;
    const values: Partial<Record<KeyFormField, number>> = {};
    for (const f of form.fields) {
      const input = inputs.get(f.name)!;
      const text = input.value.trim();
      const v = NUMBER.test(text) ? Number(text) : NaN;
      input.classList.toggle('invalid', !Number.isFinite(v));
      if (!Number.isFinite(v)) {
        show(`${f.label}: a number`);
        input.focus();
        return;
      }
      if (v !== f.value) values[f.name] = v;
    }
    if (!Object.keys(values).length) return;
    busy = true;
    const answer = await form.submit(values);
    busy = false;
    show(answer.ok ? undefined : answer.message ?? 'The edit was refused.');
  };
  for (const f of form.fields) {
    const input = el('input', 'hc-number');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.spellcheck = false;
    input.value = String(f.value);
    input.dataset.field = f.name;
    input.setAttribute('aria-label', `${f.label} (${f.suffix || 'number'})`);
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') {
        e.preventDefault();
        void submit();
      }
    });
    input.addEventListener('input', () => {
      input.classList.remove('invalid');
      show(undefined);
    });
    inputs.set(f.name, input);
    const dd = el('dd', 'hc-extra hc-field');
    dd.append(input);
    if (f.suffix) dd.append(el('span', 'hc-suffix', f.suffix));
    rows.push(el('dt', undefined, f.label), dd);
  }
  rows.push(el('dt', 'hc-form-message-label'), message);
  return rows;
}
