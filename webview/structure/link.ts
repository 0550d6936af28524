/**
 * LinkController: two-way linking between a StructureView and a HexView, plus the hover card.
 *
 *   field hover / keyboard focus → hex hover highlight (+ scroll for keyboard), hover card
 *   field select                 → hex field highlight + caret, scrolled into view
 *   byte hover                   → owning field row highlighted, hex hover highlight, hover card
 *   byte select (click, keys)    → owning field revealed and selected in the tree
 *
 *   const link = new LinkController(structure, hex, card);
 *   link.setData(decoded.root, decoded.bytes);   // also calls setData on both views
 *   link.revealBytes(diagnostic.offset, diagnostic.length);   // "jump to the offending bytes"
 */
import { FieldNode, fieldsAt } from '../../src/formats/binary/fields';
import type { HexView } from '../hex/hexView';
import type { HoverCard } from '../hover/hoverCard';
import type { Disposable } from '../shared/dom';
import { Emitter } from '../shared/dom';
import type { StructureView } from './structureView';

export interface LinkOptions {
  /** Delay before the hover card appears on mouse hover (ms). */
  hoverDelay?: number;
}

export class LinkController {
  private root: FieldNode | undefined;
  private bytes: Uint8Array = new Uint8Array(0);
  private readonly disposables: Disposable[] = [];
  private readonly hoverDelay: number;
  private readonly selectEmitter = new Emitter<[FieldNode, 'structure' | 'hex']>();
  /** A field became selected, from either view (for curve previews, status bars…). */
  readonly onSelectField = this.selectEmitter.event;

  constructor(
    private readonly structure: StructureView,
    private readonly hex: HexView,
    private readonly card?: HoverCard,
    options: LinkOptions = {},
  ) {
    this.hoverDelay = options.hoverDelay ?? 250;
    this.disposables.push(
      structure.onHover((node, anchor, reason) => {
        if (!node) {
          hex.setHoverRange(undefined);
          card?.hide();
          return;
        }
        hex.setHoverRange(node.offset, node.size);
        if (reason === 'focus') hex.revealRange(node.offset, node.size);
        if (anchor) card?.show(node, this.bytes, anchor, { delay: reason === 'mouse' ? this.hoverDelay : 0 });
      }),
      structure.onSelect((node) => {
        hex.setFieldRange(node.offset, node.size);
        if (node.size > 0) hex.goToOffset(node.offset, node.size);
        else hex.revealRange(node.offset, 1);
        this.selectEmitter.fire(node, 'structure');
      }),
      hex.onHoverByte((offset) => {
        const node = offset === undefined ? undefined : this.fieldAt(offset);
        if (!node || offset === undefined) {
          structure.highlight(undefined);
          hex.setHoverRange(undefined);
          card?.hide();
          return;
        }
        structure.highlight(node.path);
        hex.setHoverRange(node.offset, node.size);
        const anchor = hex.byteElement(offset);
        if (anchor) card?.show(node, this.bytes, anchor, { delay: this.hoverDelay });
      }),
      hex.onSelectBytes((offset) => {
        const node = this.fieldAt(offset);
        if (!node) return;
        structure.reveal(node.path, { select: true });
        hex.setFieldRange(node.offset, node.size);
        const anchor = hex.byteElement(hex.selection ? hex.selection.offset + hex.selection.length - 1 : offset);
        if (anchor && hex.hasFocus) card?.show(node, this.bytes, anchor, { delay: 0 });
        this.selectEmitter.fire(node, 'hex');
      }),
    );
    hex.describe = (offset) => this.fieldAt(offset)?.path;
    const hideOnWheel = (): void => card?.hide();
    structure.element.addEventListener('wheel', hideOnWheel, { passive: true });
    hex.element.addEventListener('wheel', hideOnWheel, { passive: true });
    this.disposables.push({
      dispose: () => {
        structure.element.removeEventListener('wheel', hideOnWheel);
        hex.element.removeEventListener('wheel', hideOnWheel);
      },
    });
  }

  /** Shows a decoded file in both views. */
  setData(root: FieldNode, bytes: Uint8Array): void {
    this.root = root;
    this.bytes = bytes;
    this.structure.setData(root, bytes);
    this.hex.setData(bytes, root);
  }

  /** The deepest field owning `offset` (undefined when only the root does). */
  fieldAt(offset: number): FieldNode | undefined {
    if (!this.root) return undefined;
    const chain = fieldsAt(this.root, offset, this.bytes);
    if (chain.length <= 1) return undefined;
    const node = chain[chain.length - 1];
    if (!node.role) node.role = [...chain].reverse().find((n) => n.role)?.role;
    return node;
  }

  /** Selects bytes in the hex view and reveals the owning field (a diagnostic's "go to bytes"). */
  revealBytes(offset: number, length = 1): FieldNode | undefined {
    this.hex.goToOffset(offset, Math.max(1, length));
    const node = this.fieldAt(offset);
    if (node) {
      this.structure.reveal(node.path, { select: true });
      this.hex.setFieldRange(node.offset, node.size);
    }
    return node;
  }

  /** Reveals and selects a field by path in both views. */
  revealPath(path: string): FieldNode | undefined {
    const node = this.structure.reveal(path, { select: true });
    if (node) {
      this.hex.setFieldRange(node.offset, node.size);
      if (node.size > 0) this.hex.goToOffset(node.offset, node.size);
    }
    return node;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.selectEmitter.dispose();
    this.hex.describe = undefined;
  }
}
