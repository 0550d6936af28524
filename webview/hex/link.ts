import { FieldEvents, FieldIndex, HOVER_DELAY } from '../page/fields';
import type { Disposable } from '../shared/dom';
import type { HexView } from './hexView';

/** The hex view's side of the field link (page/fields.ts). */
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
