/**
 * Field linking between views, through events rather than references: the structure tree and the
 * hex view never hold each other, each joins a `FieldEvents` hub (the page's bus, or the small one
 * of a `LinkController`).
 *
 *   field hover / keyboard focus → hex hover highlight (+ scroll for keyboard), hover card
 *   field select                 → hex field highlight + caret, scrolled into view
 *   byte hover                   → owning field row highlighted, hex hover highlight, hover card
 *   byte select (click, keys)    → owning field revealed and selected in the tree
 *   revealBytes (diagnostic)     → bytes selected, owning field revealed
 *   revealField (curve key)      → field selected in both
 *
 *   const link = new LinkController(structure, hex, card);  // the two views and a card, linked
 *   link.setData(decoded.root, decoded.bytes);
 *   link.revealBytes(diagnostic.offset, diagnostic.length);
 */
import { FieldNode, fieldsAt, resolvePath } from '../../src/formats/binary/fields';
import type { HexView } from '../hex/hexView';
import type { HoverAnchor, HoverCard, HoverCardShowOptions } from '../hover/hoverCard';
import type { Disposable } from '../shared/dom';
import { Emitter } from '../shared/dom';
import type { StructureView } from './structureView';

export type FieldSource = 'structure' | 'hex' | 'curves' | 'page';

/** Something points at a field (or stopped pointing: no node). */
export interface FieldHover {
  source: FieldSource;
  node?: FieldNode;
  /** Where its hover card goes; none: no card. */
  anchor?: HoverAnchor;
  /** Milliseconds before the card shows (0 for keyboard focus). */
  delay?: number;
  /** Scroll the hex view to it (keyboard focus moves through rows). */
  reveal?: boolean;
  /** Heading and extra lines of the card (a curve key's frame and value). */
  card?: Pick<HoverCardShowOptions, 'title' | 'extra' | 'placement' | 'form'>;
}

/** The field-linking events every view of the bytes joins. */
export interface FieldEvents {
  readonly hoverField: Emitter<[FieldHover]>;
  /** A field was selected in a view (the others follow). */
  readonly selectField: Emitter<[FieldNode, FieldSource]>;
  /** Select these bytes and reveal the field owning them (a diagnostic, Go to Offset). */
  readonly revealBytes: Emitter<[number, number]>;
  /** Select a field by path in every view (a curve key's value). */
  readonly revealField: Emitter<[string]>;
  /** The user selected bytes in the hex view (offset, length, owning field's path). */
  readonly bytesSelected: Emitter<[number, number, string | undefined]>;
}

export function fieldEvents(): FieldEvents {
  return { hoverField: new Emitter(), selectField: new Emitter(), revealBytes: new Emitter(), revealField: new Emitter(), bytesSelected: new Emitter() };
}

/** Fields by byte offset and by path, over one decode. */
export class FieldIndex {
  /** `wholeLength`: the file's, when `bytes` are only its start (LoadedFile.partial). */
  constructor(readonly root: FieldNode, readonly bytes: Uint8Array, readonly wholeLength = bytes.length) {}

  /** The deepest field owning `offset` (undefined when only the root does); it inherits its ancestors' role. */
  fieldAt(offset: number): FieldNode | undefined {
    const chain = fieldsAt(this.root, offset, this.bytes);
    if (chain.length <= 1) return undefined;
    const node = chain[chain.length - 1];
    if (!node.role) node.role = [...chain].reverse().find((n) => n.role)?.role;
    return node;
  }

  resolve(path: string): FieldNode | undefined {
    return resolvePath(this.root, path, this.bytes);
  }
}

export const HOVER_DELAY = 250;

/** A byte range made to fit `size` bytes (at least one byte, starting inside); undefined for no bytes. */
export function clampRange(offset: number, length: number, size: number): { offset: number; length: number } | undefined {
  if (size <= 0) return undefined;
  const start = Math.max(0, Math.min(offset, size - 1));
  return { offset: start, length: Math.max(1, Math.min(length, size - start)) };
}

/** The tree's side of the link. `fields()` is the current decode (undefined before one). */
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

/** The hex view's side of the link. */
export function linkHex(view: HexView, events: FieldEvents, fields: () => FieldIndex | undefined, hoverDelay = HOVER_DELAY): Disposable {
  const subs: Disposable[] = [
    view.onHoverByte((offset) => {
      const node = offset === undefined ? undefined : fields()?.fieldAt(offset);
      events.hoverField.fire({ source: 'hex', node, anchor: node && offset !== undefined ? view.byteElement(offset) : undefined, delay: hoverDelay });
    }),
    view.onSelectBytes((offset, length) => {
      const node = fields()?.fieldAt(offset);
      events.bytesSelected.fire(offset, length, node?.path);
      if (!node) return;
      view.setFieldRange(node.offset, node.size);
      events.selectField.fire(node, 'hex');
      const sel = view.selection;
      const anchor = view.byteElement(sel ? sel.offset + sel.length - 1 : offset);
      if (anchor && view.hasFocus) events.hoverField.fire({ source: 'hex', node, anchor, delay: 0 });
    }),
    events.hoverField.event((h) => {
      if (!h.node) { view.setHoverRange(undefined); return; }
      view.setHoverRange(h.node.offset, h.node.size);
      if (h.reveal) view.revealRange(h.node.offset, h.node.size);
    }),
    events.selectField.event((node, source) => {
      view.setFieldRange(node.offset, node.size);
      if (source === 'hex') return;
      if (node.size > 0) view.goToOffset(node.offset, node.size);
      else view.revealRange(node.offset, 1);
    }),
    events.revealBytes.event((offset, length) => {
      view.goToOffset(offset, Math.max(1, length));
      const node = fields()?.fieldAt(offset);
      if (node) view.setFieldRange(node.offset, node.size);
    }),
    events.revealField.event((path) => {
      const node = fields()?.resolve(path);
      if (!node) return;
      view.setFieldRange(node.offset, node.size);
      if (node.size > 0) view.goToOffset(node.offset, node.size);
    }),
  ];
  return { dispose: () => subs.forEach((s) => s.dispose()) };
}

/** The hover card follows field hovers that name an anchor; hides when they stop. */
export function linkCard(card: HoverCard, events: FieldEvents, fields: () => FieldIndex | undefined): Disposable {
  return events.hoverField.event((h) => {
    const index = fields();
    if ((!h.node && !h.card) || !h.anchor || !index) { card.hide(); return; }
    card.show(h.node, index.bytes, h.anchor, { delay: h.delay ?? 0, wholeLength: index.wholeLength, ...h.card });
  });
}

/** Wheel scrolling over an element hides the card (it would float over moved content). */
export function hideCardOnWheel(card: HoverCard, element: HTMLElement): Disposable {
  const hide = (): void => card.hide();
  element.addEventListener('wheel', hide, { passive: true });
  return { dispose: () => element.removeEventListener('wheel', hide) };
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
