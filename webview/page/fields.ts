/**
 * Field linking between views, through events rather than references: the structure tree and the
 * hex view never hold each other, each joins a `FieldEvents` hub (the page's bus, or the small one
 * of a `LinkController`) from its own side (structure/link.ts, hex/link.ts).
 *
 *   field hover / keyboard focus → hex hover highlight (+ scroll for keyboard), hover card
 *   field select                 → hex field highlight + caret, scrolled into view
 *   byte hover                   → owning field row highlighted, hex hover highlight, hover card
 *   byte select (click, keys)    → owning field revealed and selected in the tree
 *   revealBytes (diagnostic)     → bytes selected, owning field revealed
 *   revealField (curve key)      → field selected in both
 */
import { FieldNode, fieldsAt, resolvePath } from '../../src/formats/binary/fields';
import type { HoverAnchor, HoverCard, HoverCardShowOptions } from '../hover/hoverCard';
import type { Disposable } from '../shared/dom';
import { Emitter } from '../shared/dom';

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
