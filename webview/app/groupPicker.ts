/**
 * Chooses what the curve panel shows: a joint, a texture entry, a colour entry or a MOTN
 * sequence. A <select> for ordinary files; a number field when there are too many groups to list
 * (a BCK may have 65,535 joints).
 */
import { groupCount, GroupInfo, listGroups } from '../curves';
import type { AnimData } from '../../src/formats/types';
import type { ModelInfo } from '../../src/protocol';
import { el, Emitter } from '../shared/dom';

/**
 * A group's label with the bound model: BCK "Joint 1 · CoreLight"; BTK/BRK the entry's label and
 * the model material it binds to ("… → material 1", or "→ not in model").
 */
export function modelGroupLabel(group: GroupInfo, model: ModelInfo | undefined): string {
  if (!model) return group.label;
  if (group.kind === 'joint') {
    const name = model.jointNames?.[group.index];
    return name ? `${group.label} · ${name}` : name === null ? `${group.label} · (no model joint)` : group.label;
  }
  const kind = group.kind === 'entry' ? 'entries' : group.kind;
  const b = model.materialBindings?.find((x) => x.group === kind && x.entry === group.index);
  if (!b) return group.label;
  return `${group.label} → ${b.materialIndex >= 0 ? `material ${b.materialIndex}` : 'not in model'}`;
}

const MAX_LISTED = 4000;

const NOUN: Record<AnimData['format'], string> = { bck: 'Joint', btk: 'Entry', brk: 'Colour', motn: 'Sequence' };

export class GroupPicker {
  readonly element = el('div', 'as-group-picker');
  private readonly label = el('label', 'as-group-label');
  private readonly select = el('select', 'as-select');
  private readonly number = el('input', 'as-number');
  private readonly change = new Emitter<[string]>();
  readonly onChange = this.change.event;
  private groups: GroupInfo[] = [];
  private format: AnimData['format'] = 'bck';

  constructor() {
    this.select.id = 'as-group-select';
    this.number.id = 'as-group-number';
    this.number.type = 'number';
    this.number.min = '0';
    this.select.addEventListener('change', () => this.change.fire(this.select.value));
    this.number.addEventListener('change', () => {
      const i = Math.max(0, Math.min(Number(this.number.max), Math.floor(Number(this.number.value) || 0)));
      this.change.fire(`${this.format === 'bck' ? 'joint' : 'entry'}:${i}`);
    });
    this.element.append(this.label, this.select, this.number);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  setAnimation(anim: AnimData, model?: ModelInfo): void {
    this.format = anim.format;
    const count = groupCount(anim);
    const listed = count <= MAX_LISTED;
    this.select.hidden = !listed;
    this.number.hidden = listed;
    this.label.textContent = `${NOUN[anim.format]}${listed ? '' : ` (0–${count - 1})`}`;
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
    else this.number.value = key.split(':')[1] ?? '0';
  }
}
