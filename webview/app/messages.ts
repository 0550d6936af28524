/**
 * Host messages reach the handler registered for their type. The map is total over
 * HostToWebview['type']: a new message type does not compile until it has a handler.
 */
import type { HostToWebview } from '../../src/wire/protocol';

export type MessageHandlers = { [K in HostToWebview['type']]: (message: Extract<HostToWebview, { type: K }>) => void };

/** Calls the handler of a (validated) message's type. */
export function dispatch(handlers: MessageHandlers, message: HostToWebview): void {
  (handlers[message.type] as (m: HostToWebview) => void)(message);
}
