/** The host's side of animPayload.ts: a decoded animation packed by its format's wire facet. */
import type { FieldNode } from '../formats/binary/fields';
import { AnimData, specFor } from '../kinds/registry';
import type { AnimPayload } from './animPayload';

/** `root` and `bytes` are the decode's (a format may send a table as its bytes). */
export function animPayload(anim: AnimData | undefined, root: FieldNode, bytes: Uint8Array): AnimPayload | undefined {
  return anim ? specFor(anim).wire.pack(anim, root, bytes) as AnimPayload : undefined;
}
