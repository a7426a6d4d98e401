// The app's own route table, read the way a test needs it: one entry per handler (method and
// path), middleware left out. The access matrix and the property tests both walk it, so a route
// added later is exercised without anyone remembering to list it.
import type { TestShop } from '../support/test-app';

export interface Route {
  method: string;
  path: string;
  /** `METHOD /path/:param`, as the tables in these tests name a route. */
  key: string;
}

export function apiRoutes(app: TestShop['app']): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of app.routes) {
    // ALL entries are middleware (auth, CORS, the /api 404); the handlers are the real calls.
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    const key = `${method} ${path}`;
    seen.set(key, { method, path, key });
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

export const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map(([, name]) => name);

export const fillPath = (path: string, params: Record<string, string>, fallback = 'some-id') =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? fallback));
