// The network as a test sees it: every fetch goes to a handler the test writes.
import { vi } from 'vitest';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Routes every fetch to the handler. Node's Request refuses relative URLs such as /api/cart, which
 * the browser resolves against the page, so Request is swapped for one that resolves them too.
 * vi.unstubAllGlobals() (or the test's afterEach) puts both back.
 */
export function mockFetch(handler: FetchHandler) {
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(input instanceof NodeRequest ? input : new PageRequest(input, init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
