// Image fields leave the server as absolute URLs, so a storefront on another origin (a client of /api)
// shows our pictures. The database keeps the site-relative path ("/images/products/x.svg"); the base
// is PUBLIC_BASE_URL, or the origin the request came to when that is unset.
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from './deps';

/** The fields of docs/api.md's shapes that hold a picture: a product's, an order line's, a category's. */
const IMAGE_FIELDS = ['productImage', 'image'];
/** An image field's key and the "/" its site-relative value starts with (not "//"). */
const IMAGE_FIELD_START = new RegExp(`"(${IMAGE_FIELDS.join('|')})":"/(?!/)`, 'g');

/** A stored image path as an absolute URL under base; a value that is already absolute is left alone. */
export function absoluteImageUrl(stored: string, base: string): string {
  if (!stored.startsWith('/') || stored.startsWith('//')) return stored;
  return `${base.replace(/\/+$/, '')}${stored}`;
}

/**
 * The same JSON text with every image field made absolute, without parsing it. JSON escapes every
 * quote inside a string, so `"image":"/` can only be an image field's key and the start of its
 * value; a value starting with "//" (already absolute) is left alone, as absoluteImageUrl does.
 */
export function withAbsoluteImageUrlsInJson(json: string, base: string): string {
  const prefix = JSON.stringify(base.replace(/\/+$/, '')).slice(1, -1);
  return json.replace(IMAGE_FIELD_START, (_match, key: string) => `"${key}":"${prefix}/`);
}

/** The same JSON value with every image field made absolute. */
export function withAbsoluteImageUrls(value: unknown, base: string): unknown {
  return JSON.parse(withAbsoluteImageUrlsInJson(JSON.stringify(value), base));
}

/**
 * Rewrites the JSON answers of /api on their way out: one place for every call that returns a product,
 * a category, a cart or an order, instead of a base URL threaded through every service. A reply with
 * an ETag (a cached catalog reply) is rewritten once per origin and then sent from memory.
 */
export function absoluteImageUrls(publicBaseUrl: string | undefined): MiddlewareHandler<AppEnv> {
  // Keyed by origin and ETag, which names the exact bytes: nothing to invalidate, only to bound.
  const rewritten = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (body) => body.byteLength + 100 });
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const base = publicBaseUrl ?? new URL(c.req.url).origin;
    const etag = c.res.headers.get('etag');
    const key = etag ? `${base} ${etag}` : undefined;
    let body = key ? rewritten.get(key) : undefined;
    if (!body) {
      const text = await c.res.text();
      body = new TextEncoder().encode(withAbsoluteImageUrlsInJson(text, base));
      if (key) rewritten.set(key, body);
    }
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    const status = c.res.status;
    // Cleared first: replacing a response copies the old one's headers into yet another Response,
    // and these headers are already carried over.
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  };
}
