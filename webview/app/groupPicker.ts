/**
 * Chooses what the curve panel shows: a joint, a texture entry, a colour entry or a MOTN
 * sequence (the format's groups). A <select> for ordinary files; a number field when there are
 * too many groups to list (a BCK may have 65,535 joints).
 */
import { GroupInfo, listGroups } from '../curves';
import { AnimData, AnySpec, specFor } from '../../src/formats/registry';
import type { ModelInfo } from '../../src/wire/protocol';
import { el, Emitter } from '../shared/dom';

/** A group's label with the bound model: what the group drives in it (`Joint 1 · CoreLight`, `… → material 1`). */
export function modelGroupLabel(group: GroupInfo, model: ModelInfo | undefined): string {
  const target = model?.groupTargets?.[group.index];
  return target ? `${group.label}${target}` : group.label;
}

const MAX_LISTED = 4000;

export class GroupPicker {
  readonly element = el('div', 'as-group-picker');
  private readonly label = el('label', 'as-group-label');
  private readonly select = el('select', 'as-select');
  private readonly number = el('input', 'as-number');
  private readonly change = new Emitter<[string]>();
  readonly onChange = this.change.event;
  private groups: GroupInfo[] = [];
  private anim: AnimData | undefined;
  private spec: AnySpec | undefined;

  constructor() {
    this.select.id = 'as-group-select';
    this.number.id = 'as-group-number';
    this.number.type = 'number';
    this.number.min = '0';
    this.select.addEventListener('change', () => this.change.fire(this.select.value));
    this.number.addEventListener('change', () => {
      if (!this.anim || !this.spec) return;
      const i = Math.max(0, Math.min(Number(this.number.max), Math.floor(Number(this.number.value) || 0)));
      this.change.fire(this.spec.groups.key(this.anim, i));
    });
    this.element.append(this.label, this.select, this.number);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  setAnimation(anim: AnimData, model?: ModelInfo): void {
    const spec = specFor(anim);
    this.anim = anim;
    this.spec = spec;
    const count = spec.groups.count(anim);
    const listed = count <= MAX_LISTED;
    this.select.hidden = !listed;
    this.number.hidden = listed;
    this.label.textContent = `${spec.groups.noun}${listed ? '' : ` (0–${count - 1})`}`;
    this.label.htmlFor = listed ? this.select.id : this.number.id;
    if (listed) {
      this.groups = listGroups(anim).map((g) => ({ ...g, label: modelGroupLabel(g, model) }));
      this.select.replaceChildren(...this.groups.map((g) => {
        const option = el('option', undefined, g.label);
        option.value = g.key;
        return option;
      }));
    } else {
      this.groups = [];
      this.number.max = String(count - 1);
    }
  }

  /** The labels listed (tests, and the curve title). */
  labelOf(key: string): string | undefined {
    return this.groups.find((g) => g.key === key)?.label;
  }

  get labels(): string[] {
    return this.groups.map((g) => g.label);
  }

  get count(): number {
    return this.select.hidden ? Number(this.number.max) + 1 : this.groups.length;
  }

  /** Shows `key` as chosen without firing onChange. */
  setValue(key: string): void {
    if (!this.select.hidden) this.select.value = key;
    else if (this.anim && this.spec) this.number.value = String(this.spec.groups.index(this.anim, key) ?? 0);
  }
}
