// The address a request came from, for limits per client. Behind a reverse proxy every request
// comes from the proxy, so with TRUST_PROXY the address the proxy appended to X-Forwarded-For is
// used instead (the last entry: earlier ones are whatever the client chose to send).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The socket's remote address, or undefined when not served by Node (a test calling app.request). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c) ?? 'unknown';
}
