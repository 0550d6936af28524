/**
 * How a decoded animation crosses the host → webview boundary: each format's wire facet packs it
 * on the host (animPack.ts: big parts as typed arrays, not objects: a BCK's joint table as one
 * Uint16Array, MOTN without its tracks) and its page half unpacks it here, in the page, where
 * nothing that arrives is trusted.
 */
import { AnimData, isAnimFormat, pageSpecOf } from '../kinds/pages';

/** A packed animation: its format and whatever that format's wire facet sends. */
export type AnimPayload = { format: string } & Record<string, unknown>;

/** The page's animation; undefined when the payload is malformed. */
export function animFromPayload(payload: unknown): AnimData | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const format = (payload as { format?: unknown }).format;
  return isAnimFormat(format) ? pageSpecOf(format).wire.unpack(payload) : undefined;
}
