// Requests answered at Node's request handler, before the fetch adapter and the middleware chain:
// a lane takes a request it knows how to answer in full (a stored catalog reply, a USSD gateway's
// callback) and leaves every other to the app. Whatever a lane answers carries what the chain would
// have added: the security headers and a line in the request log.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ShopDeps } from './deps';
import { SECURITY_HEADERS } from './security-headers';

/** Answers the request and returns true, or returns false and leaves it untouched. */
export type Lane = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/** The first lane that takes a request answers it; the app answers the rest. */
export function lanesFirst(lanes: Lane[], app: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    for (const lane of lanes) if (lane(incoming, outgoing)) return;
    return app(incoming, outgoing);
  };
}

/**
 * A reply's headers, flat (name, value, …) as writeHead takes them, in the order the chain sends
 * them: its own and the security headers sorted by name (a fetch Headers object's order), then the
 * length.
 */
export function replyHeaders(own: Record<string, string>, bodyLength: number): string[] {
  const all = [...SECURITY_HEADERS, ...Object.entries(own).map(([name, value]) => [name.toLowerCase(), value] as const)].sort(([a], [b]) => (a < b ? -1 : 1));
  return [...all.flat(), 'content-length', String(bodyLength)];
}

/** The request log's line for a request a lane answered, as the chain's logging middleware writes it. */
export function logAnswered(deps: ShopDeps, method: string, path: string, status: number, started: number): void {
  if (!deps.config.logRequests) return;
  deps.log.info('request', { method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 });
}
