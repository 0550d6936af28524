/**
 * The hex panel: the bytes of the load, linked to the other views through the bus (link.ts).
 * Remembers where the last selection was; a reveal (diagnostic, Go to Offset) gives it the focus.
 */
import type { PageServices } from '../page/bus';
import { FieldIndex, hideCardOnWheel } from '../page/fields';
import type { Panel, PanelContext } from '../page/panel';
import { asRecord, finiteOr } from '../page/panel';
import type { Disposable } from '../shared/dom';
import { HexView } from './hexView';
import { linkHex } from './link';

export interface HexPanelState {
  /** Start of the last selection. */
  offset?: number;
}

export class HexPanel implements Panel {
  readonly id = 'hex';
  readonly slot = 'hex';
  readonly visible = true;
  readonly early = true;
  readonly view = new HexView();
  private fields: FieldIndex | undefined;
  private offset: number | undefined;
  private restored: number | undefined;
  private readonly disposables: Disposable[];

  constructor(page: PageServices) {
    const bus = page.bus;
    this.view.describe = (offset) => this.fields?.fieldAt(offset)?.path;
    this.disposables = [
      linkHex(this.view, bus, () => this.fields),
      hideCardOnWheel(page.card, this.view.element),
      bus.bytesSelected.event((offset, length, path) => {
        this.offset = offset;
        bus.host.selection(offset, length, path);
        bus.stateChanged.fire();
      }),
      bus.selectField.event((node, source) => {
        if (source === 'hex') return;
        this.offset = node.offset;
        bus.host.selection(node.offset, node.size, node.path);
      }),
      bus.revealBytes.event((offset, length) => {
        this.offset = offset;
        this.view.focus();
        bus.host.selection(offset, length, this.fields?.fieldAt(offset)?.path);
      }),
    ];
  }

  mount(container: HTMLElement): void {
    this.view.mount(container);
  }

  load(context: PanelContext): void {
    this.fields = context.fields;
    this.view.setData(context.file.bytes, context.root);
    this.offset = this.restored;
    if (this.restored !== undefined) this.view.revealRange(this.restored, 1);
    this.restored = undefined;
  }

  saveState(): HexPanelState {
    return { offset: this.offset };
  }

  restoreState(state: unknown): void {
    const offset = finiteOr(asRecord(state)?.offset, undefined);
    this.restored = offset !== undefined && offset >= 0 ? offset : undefined;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.view.dispose();
  }
}
