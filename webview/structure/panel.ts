/**
 * The structure panel: the field tree-table of the load, linked to the other views through the
 * bus (link.ts). With a bound model, a group's table row names what the group drives in it.
 */
import { pageSpecFor } from '../../src/kinds/pages';
import type { PageServices } from '../page/bus';
import { FieldIndex, hideCardOnWheel } from '../page/fields';
import type { Panel, PanelContext } from '../page/panel';
import { asRecord } from '../page/panel';
import type { Disposable } from '../shared/dom';
import { linkStructure } from './link';
import { StructureView, StructureViewState } from './structureView';
import { fieldInputSpec } from './fieldInput';

export class StructurePanel implements Panel {
  readonly id = 'structure';
  readonly slot = 'tree';
  readonly visible = true;
  readonly early = true;
  readonly view = new StructureView();
  private fields: FieldIndex | undefined;
  private restored: Partial<StructureViewState> | undefined;
  private readonly disposables: Disposable[];

  constructor(page: PageServices) {
    this.disposables = [
      linkStructure(this.view, page.bus, () => this.fields),
      hideCardOnWheel(page.card, this.view.element),
      this.view.onDidChangeState(() => page.bus.stateChanged.fire()),
      page.bus.editState.event(() => this.updateEditing(page)),
    ];
    this.updateEditing(page);
  }

  /** Values are typed in place when the host accepts edits (a partial load's tree waits for the whole file). */
  private updateEditing(page: PageServices): void {
    const state = page.bus.editState.value;
    this.view.setEditing(state.editable ? {
      canEdit: (node) => !this.partial && fieldInputSpec(node) !== undefined,
      commit: (node, value) => page.bus.host.edit(`Edit ${node.path}`, [{ kind: 'field', path: node.path, value }]),
    } : undefined);
  }

  private partial = false;

  mount(container: HTMLElement): void {
    this.view.mount(container);
  }

  load(context: PanelContext): void {
    this.fields = context.fields;
    this.partial = !!context.file.partial;
    this.view.setLabelHints(labelHints(context));
    this.view.setData(context.root, context.file.bytes, context.fields.wholeLength);
    // A new file opens with its chunks (four-character names: ANK1, TTK1 …) expanded.
    this.view.setState(this.restored ?? { expanded: (context.root.children ?? []).filter((c) => /^[A-Z0-9]{4}$/.test(c.name)).map((c) => c.path), filter: '', scrollTop: 0 });
    this.restored = undefined;
  }

  saveState(): StructureViewState {
    return this.view.getState();
  }

  restoreState(state: unknown): void {
    const s = asRecord(state);
    this.restored = s ? (s as Partial<StructureViewState>) : undefined;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.view.dispose();
  }
}

/** With a bound model, the row of a group's table entry says what the group drives in it (the joint's name). */
function labelHints(context: PanelContext): ((path: string) => string | undefined) | undefined {
  const anim = context.anim;
  const targets = context.model?.jointNames;
  if (!anim || !targets) return undefined;
  const groups = pageSpecFor(anim).groups;
  return (path) => {
    if (!/\]$/.test(path)) return undefined;
    const i = groups.ofPath(anim, path);
    return i === undefined ? undefined : targets[i] ?? undefined;
  };
}
