// The catalog is read far more than it is written: every page, product, category list and search
// answer is kept in memory until the next catalog write (changeCatalog, on any instance) drops the
// lot. Three layers:
// - cachedRead: a service's result, so the conversation engine (USSD, chat) reads from memory too;
// - cachedResponse: the exact bytes of a /api catalog reply with its ETag, so a repeated request does
//   no validation, no query and no JSON.stringify, and a client holding the ETag gets a 304;
// - catalogReplies: each such reply as the whole middleware chain sent it, which the server answers
//   the next identical GET with before any middleware runs (lib/stored-replies.ts).
// A read that began before a write must never store what it read after the write is answered: each
// cache has a generation, bumped on every change, and a result is kept only if it did not move.
//
// Stock is not the catalog's: a reservation changes no catalog copy. The values kept here hold the
// catalog's own data (staff's in-stock mark); the services add what stock shows as they answer
// (stock.service withStock). The replies kept as bytes hold what stock showed when they were made, so
// each carries a stamp: when it was made and the products it shows (showsProducts). It is served only
// while what stock shows of each of those products is unchanged (stillShown); a sale of one product
// retires the replies showing that product, when what they show of it changed, and no other.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { LRUCache } from 'lru-cache';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { byteBoundedCache } from '../../lib/byte-bounded-cache';
import { matchesEtag, storeReply, type ReplyShelf, type StoredReply } from '../../lib/stored-replies';
import { lifetimeMs } from '../../db/changes';
import { stillShown, stockShownAt } from '../stock/stock.service';
import { onCatalogChange } from './catalog-changes';

// The last resort only: every write is heard, on every instance, within a second (server/db/changes.ts).
// While another instance's writes cannot be heard, an entry lives UNHEARD_LIFETIME_MS instead.
const CATALOG_CACHE_TTL_MS = 30_000;

/**
 * Each layer is bounded by the bytes its entries hold (lib/byte-bounded-cache.ts), never by a count:
 * a flood of distinct searches evicts the least recently read answers instead of growing the heap.
 * 2 MB a layer keeps about 250 catalog pages or a thousand product replies (several thousand
 * products as values), more than the pages shoppers keep coming back to, and keeps an instance on
 * PostgreSQL inside its 150 MB (npm run bench load: 4 MB a layer peaked about 10 MB higher).
 */
export const CATALOG_LAYER_BYTES = 2 * 1024 * 1024;

/** What a kept reply was made from: the catalog's generation, and stock as it showed its products then. */
interface Stamp {
  generation: number;
  /** stock.service stockShownAt, read before the reply was made. */
  shownAt: number;
  /** The products whose stock the reply shows (filled in once the route has answered). */
  products: readonly string[];
}

interface CachedResponse {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
  stamp: Stamp;
}

interface CatalogCache {
  generation: number;
  values: LRUCache<string, { value: unknown }>;
  pending: Map<string, Promise<unknown>>;
  responses: LRUCache<string, CachedResponse>;
  replies: LRUCache<string, { reply: StoredReply; stamp: Stamp }>;
  shelf: ReplyShelf<Stamp>;
}

// The products each catalog reply shows, as its route says (showsProducts), for its stamp.
const shownByReply = new WeakMap<object, readonly string[]>();

/** A catalog route says which products its reply shows, so the kept reply retires when their stock shows otherwise. */
export function showsProducts(c: Context, products: readonly { _id: string }[]): void {
  shownByReply.set(c, products.map((product) => product._id));
}

// Keyed by the database handle, like the change listeners: two apps in one process never share a cache.
const caches = new WeakMap<object, CatalogCache>();

function cacheOf(deps: Pick<ShopDeps, 'db'>): CatalogCache {
  const cache = caches.get(deps.db);
  if (cache) return cache;
  const created: CatalogCache = {
    shelf: {
      get(key) {
        const kept = created.replies.get(key);
        if (!kept) return undefined;
        const shown = stillShown(deps, kept.stamp.shownAt, kept.stamp.products);
        if (shown) return kept.reply;
        // Stock shows otherwise now: the reply goes. Not known yet (the counts are being read): the chain answers this one.
        if (shown === false) created.replies.delete(key);
        return undefined;
      },
      put(key, reply, stamp) {
        if (created.generation === stamp.generation) created.replies.set(key, { reply, stamp }, { ttl: lifetimeMs(deps, CATALOG_CACHE_TTL_MS) });
      },
    },
    generation: 0,
    values: byteBoundedCache({ maxBytes: CATALOG_LAYER_BYTES, ttlMs: CATALOG_CACHE_TTL_MS }),
    pending: new Map(),
    responses: byteBoundedCache({ maxBytes: CATALOG_LAYER_BYTES, ttlMs: CATALOG_CACHE_TTL_MS }),
    replies: byteBoundedCache({ maxBytes: CATALOG_LAYER_BYTES, ttlMs: CATALOG_CACHE_TTL_MS }),
  };
  onCatalogChange(deps, () => {
    created.generation += 1;
    created.values.clear();
    created.pending.clear();
    created.responses.clear();
    created.replies.clear();
  });
  caches.set(deps.db, created);
  return created;
}

/**
 * The value `load` gives for `key`, from memory when this catalog has not changed since it was read.
 * Callers must treat the value as read-only: every later caller gets the same object.
 * Concurrent misses on one key share one load, so a cold page under load is read once.
 */
export async function cachedRead<T>(deps: Pick<ShopDeps, 'db'>, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(deps);
  const hit = cache.values.get(key);
  if (hit) return hit.value as T;
  const inFlight = cache.pending.get(key);
  if (inFlight) return inFlight as Promise<T>;
  const generation = cache.generation;
  const loading = load().then(
    (value) => {
      if (cache.generation === generation) {
        cache.values.set(key, { value }, { ttl: lifetimeMs(deps, CATALOG_CACHE_TTL_MS) });
        cache.pending.delete(key);
      }
      return value;
    },
    (error: unknown) => {
      if (cache.generation === generation) cache.pending.delete(key);
      throw error;
    },
  );
  cache.pending.set(key, loading);
  return loading;
}

/**
 * Each key's value, as cachedRead gives one: those kept are taken from memory, the rest are read
 * together by `loadMissing` (given the keys not kept, it answers their values in the same order) and
 * kept unless the catalog changed while they were read.
 */
export async function cachedReadMany<T>(deps: Pick<ShopDeps, 'db'>, keys: string[], loadMissing: (missing: string[]) => Promise<T[]>): Promise<T[]> {
  const cache = cacheOf(deps);
  const hits = keys.map((key) => cache.values.get(key));
  const missing = keys.filter((_key, index) => !hits[index]);
  if (!missing.length) return hits.map((hit) => hit!.value as T);
  const generation = cache.generation;
  const loaded = await loadMissing(missing);
  const byKey = new Map(missing.map((key, index) => [key, loaded[index]]));
  if (cache.generation === generation) for (const [key, value] of byKey) cache.values.set(key, { value }, { ttl: lifetimeMs(deps, CATALOG_CACHE_TTL_MS) });
  return keys.map((key, index) => (hits[index] ? (hits[index].value as T) : byKey.get(key)!));
}

function etagOf(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const CACHE_CONTROL = 'no-cache';

/**
 * Middleware for the public catalog GETs: the same bytes as the route would send, from memory, with
 * an ETag. Only 200 replies are kept; errors always run the route. `no-cache` tells a browser to
 * revalidate every time (a 304 costs a round trip but never shows an old price).
 */
export function cachedResponse(
  deps: Pick<ShopDeps, 'db'>,
  options: { skip?: (query: Record<string, string>) => boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (options.skip?.(c.req.query())) return next();
    const cache = cacheOf(deps);
    const url = c.req.url;
    const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const ifNoneMatch = c.req.header('If-None-Match');
    // Read first: it waits for fresh counts when the ones in memory are too old to judge a kept reply by.
    const shownAt = await stockShownAt(deps);
    const hit = freshResponse(deps, cache, key);
    if (hit) {
      storeReply(c, cache.shelf, hit.stamp);
      if (matchesEtag(ifNoneMatch, hit.etag)) return c.body(null, 304, { ETag: hit.etag, 'Cache-Control': CACHE_CONTROL });
      return c.body(hit.body, 200, { 'Content-Type': hit.contentType, ETag: hit.etag, 'Cache-Control': CACHE_CONTROL });
    }
    const stamp: Stamp = { generation: cache.generation, shownAt, products: [] };
    storeReply(c, cache.shelf, stamp);
    await next();
    if (c.res.status !== 200) return;
    stamp.products = shownByReply.get(c) ?? [];
    const body = new Uint8Array(await c.res.arrayBuffer());
    const entry: CachedResponse = { body, contentType: c.res.headers.get('Content-Type') ?? 'application/json', etag: etagOf(body), stamp };
    if (cache.generation === stamp.generation) cache.responses.set(key, entry, { ttl: lifetimeMs(deps, CATALOG_CACHE_TTL_MS) });
    // The route's headers (CORS, security) carry over: Hono merges them into the replacement.
    c.res = matchesEtag(ifNoneMatch, entry.etag) ? new Response(null, { status: 304 }) : new Response(body, { status: 200, headers: { 'Content-Type': entry.contentType } });
    c.header('ETag', entry.etag);
    c.header('Cache-Control', CACHE_CONTROL);
  };
}

/** A kept reply, unless what stock shows of one of its products has changed since it was made. */
function freshResponse(deps: Pick<ShopDeps, 'db'>, cache: CatalogCache, key: string): CachedResponse | undefined {
  const hit = cache.responses.get(key);
  if (!hit) return undefined;
  const shown = stillShown(deps, hit.stamp.shownAt, hit.stamp.products);
  if (shown) return hit;
  if (shown === false) cache.responses.delete(key);
  return undefined;
}

/** The catalog's stored replies (lib/stored-replies.ts): emptied, like every catalog copy, by a catalog change. */
export function catalogReplies(deps: Pick<ShopDeps, 'db'>): ReplyShelf<Stamp> {
  return cacheOf(deps).shelf;
}
