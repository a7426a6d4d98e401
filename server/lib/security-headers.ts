// The security headers every reply carries, written once: the middleware chain sets them after each
// route (as Hono's secureHeaders middleware would with the shop's options), and the replies answered
// at Node's request handler (lib/node-lanes.ts) send the same.
import type { MiddlewareHandler } from 'hono';

/** Lower-case names, as they leave the server. Content-Security-Policy is the storefront pages' own (app.ts). */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of SECURITY_HEADERS) c.res.headers.set(name, value);
    c.res.headers.delete('x-powered-by');
  };
}
