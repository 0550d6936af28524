/**
 * The tree's side of the field link (page/fields.ts), and a tree and a hex view linked on their own:
 *
 *   const link = new LinkController(structure, hex, card);  // the two views and a card, linked
 *   link.setData(decoded.root, decoded.bytes);
 *   link.revealBytes(diagnostic.offset, diagnostic.length);
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import type { HexView } from '../hex/hexView';
import { linkHex } from '../hex/link';
import type { HoverCard } from '../hover/hoverCard';
import { FieldEvents, fieldEvents, FieldIndex, hideCardOnWheel, HOVER_DELAY, linkCard } from '../page/fields';
import type { Disposable } from '../shared/dom';
import type { StructureView } from './structureView';

/** The tree's side of the field link. `fields()` is the current decode (undefined before one). */
export function linkStructure(view: StructureView, events: FieldEvents, fields: () => FieldIndex | undefined, hoverDelay = HOVER_DELAY): Disposable {
  const subs: Disposable[] = [
    view.onHover((node, anchor, reason) => events.hoverField.fire({
      source: 'structure', node, anchor, delay: reason === 'mouse' ? hoverDelay : 0, reveal: reason === 'focus',
    })),
    view.onSelect((node) => events.selectField.fire(node, 'structure')),
    events.hoverField.event((h) => { if (h.source !== 'structure') view.highlight(h.node?.path); }),
    events.selectField.event((node, source) => { if (source !== 'structure') view.reveal(node.path, { select: true }); }),
    events.revealBytes.event((offset) => {
      const node = fields()?.fieldAt(offset);
      if (node) view.reveal(node.path, { select: true });
    }),
    events.revealField.event((path) => { view.reveal(path, { select: true }); }),
  ];
  return { dispose: () => subs.forEach((s) => s.dispose()) };
}

/** A tree and a hex view linked on their own (the component harness; the page links through its bus). */
export class LinkController {
  readonly events = fieldEvents();
  private fields: FieldIndex | undefined;
  private readonly disposables: Disposable[];

  constructor(private readonly structure: StructureView, private readonly hex: HexView, card?: HoverCard, options: { hoverDelay?: number } = {}) {
    const fields = (): FieldIndex | undefined => this.fields;
    this.disposables = [
      linkStructure(structure, this.events, fields, options.hoverDelay),
      linkHex(hex, this.events, fields, options.hoverDelay),
    ];
    if (card) this.disposables.push(linkCard(card, this.events, fields), hideCardOnWheel(card, structure.element), hideCardOnWheel(card, hex.element));
    hex.describe = (offset) => this.fields?.fieldAt(offset)?.path;
  }

  /** Shows a decoded file in both views. */
  setData(root: FieldNode, bytes: Uint8Array): void {
    this.fields = new FieldIndex(root, bytes);
    this.structure.setData(root, bytes);
    this.hex.setData(bytes, root);
  }

  fieldAt(offset: number): FieldNode | undefined {
    return this.fields?.fieldAt(offset);
  }

  revealBytes(offset: number, length = 1): FieldNode | undefined {
    this.events.revealBytes.fire(offset, length);
    return this.fields?.fieldAt(offset);
  }

  revealPath(path: string): FieldNode | undefined {
    this.events.revealField.fire(path);
    return this.structure.selected;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.hex.describe = undefined;
  }
}
