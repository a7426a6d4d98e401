// Image fields leave the server as absolute URLs, so a storefront on another origin (a client of /api)
// shows our pictures. The database keeps the site-relative path ("/images/products/x.svg"); the base
// is PUBLIC_BASE_URL, or the origin the request came to when that is unset.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';

/** The fields of API.md's shapes that hold a picture: a product's, an order line's, a category's. */
const IMAGE_FIELDS = new Set(['productImage', 'image']);

/** A stored image path as an absolute URL under base; a value that is already absolute is left alone. */
export function absoluteImageUrl(stored: string, base: string): string {
  if (!stored.startsWith('/') || stored.startsWith('//')) return stored;
  return `${base.replace(/\/+$/, '')}${stored}`;
}

/** The same JSON value with every image field made absolute. */
export function withAbsoluteImageUrls(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withAbsoluteImageUrls(item, base));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    result[key] = IMAGE_FIELDS.has(key) && typeof field === 'string' ? absoluteImageUrl(field, base) : withAbsoluteImageUrls(field, base);
  }
  return result;
}

/**
 * Rewrites the JSON answers of /api on their way out: one place for every call that returns a product,
 * a category, a cart or an order, instead of a base URL threaded through every service.
 */
export function absoluteImageUrls(publicBaseUrl: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const text = await c.res.clone().text();
    if (!text.includes('"image"') && !text.includes('"productImage"')) return;
    const base = publicBaseUrl ?? new URL(c.req.url).origin;
    const body = withAbsoluteImageUrls(JSON.parse(text), base);
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
  };
}
