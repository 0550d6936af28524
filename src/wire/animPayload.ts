/**
 * How a decoded animation crosses the host → webview boundary: each format's wire facet packs it
 * (big parts as typed arrays, not objects: a BCK's joint table as one Uint16Array, MOTN without
 * its tracks) and unpacks it in the page, where nothing that arrives is trusted.
 */
import type { FieldNode } from '../formats/binary/fields';
import { AnimData, isAnimFormat, specFor, specOf } from '../formats/registry';

/** A packed animation: its format and whatever that format's wire facet sends. */
export type AnimPayload = { format: string } & Record<string, unknown>;

/** `root` and `bytes` are the decode's (a format may send a table as its bytes). */
export function animPayload(anim: AnimData | undefined, root: FieldNode, bytes: Uint8Array): AnimPayload | undefined {
  return anim ? specFor(anim).wire.pack(anim, root, bytes) as AnimPayload : undefined;
}

/** The page's animation; undefined when the payload is malformed. */
export function animFromPayload(payload: unknown): AnimData | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const format = (payload as { format?: unknown }).format;
  return isAnimFormat(format) ? specOf(format).wire.unpack(payload) : undefined;
}
