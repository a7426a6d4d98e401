// Replies served from memory before any other work. A route whose answer depends only on the request
// line (a cached catalog read) marks its request storable; once the whole middleware chain has made
// the reply (security and CORS headers, image URLs made absolute), the reply as sent is kept, keyed by
// the request line and the request headers the chain reads (Origin for CORS, Host for image URLs). The
// next such GET is answered at Node's request handler with those bytes and headers: no fetch Request,
// no middleware, no routing. A client holding the reply's ETag gets a 304 with the same headers, as
// the chain answers it. The shelf that keeps the replies belongs to the data they were made from and
// is emptied with it (the catalog's change notice, heard on every instance).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { ShopDeps } from './deps';
import { logAnswered, type Lane } from './node-lanes';

export interface StoredReply {
  /** The request path as the request log names it. */
  path: string;
  etag: string;
  body: Uint8Array;
  /** Flat name, value, name, value… as Node's writeHead takes them: the 200's and the 304's. */
  headers: string[];
  notModifiedHeaders: string[];
}

/**
 * Where stored replies are kept: emptied whenever the data behind them changes. `V` is what the shelf
 * knows of the data a reply was made from (a generation, a stamp), read before the data was.
 */
export interface ReplyShelf<V = number> {
  /** A kept reply, while the data behind it is as it was. */
  get(key: string): StoredReply | undefined;
  /** Keeps `reply` unless the data changed since `version` was read (a newer answer may exist). */
  put(key: string, reply: StoredReply, version: V): void;
}

interface Storable {
  shelf: ReplyShelf<unknown>;
  version: unknown;
  path: string;
}

const STORABLE = Symbol('isoko.storable-reply');
type MarkedRequest = IncomingMessage & { [STORABLE]?: Storable };

/**
 * Marks this request's 200 reply as one to keep on `shelf` once the chain has made it: call only
 * where the reply depends on nothing but the request line, Origin and Host, and read `version` before
 * reading the data the reply is made from.
 */
export function storeReply<V>(c: Context, shelf: ReplyShelf<V>, version: V): void {
  const incoming = (c.env as { incoming?: MarkedRequest } | undefined)?.incoming;
  if (incoming) incoming[STORABLE] = { shelf: shelf as ReplyShelf<unknown>, version, path: c.req.path };
}

/** Everything of a request a storable reply depends on. */
function keyOf(incoming: IncomingMessage): string {
  return `${incoming.url}\n${incoming.headers.origin ?? ''}\n${incoming.headers.host ?? ''}`;
}

/** Whether If-None-Match names this ETag (or any, with *), weak or strong, as the cache middleware reads it. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

async function record(incoming: MarkedRequest, response: Response, storable: Storable): Promise<void> {
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag) return;
  const body = new Uint8Array(await response.clone().arrayBuffer());
  const headers: string[] = [];
  const notModifiedHeaders: string[] = [];
  for (const [name, value] of response.headers) {
    headers.push(name, value);
    // The chain's 304 carries no body, so no type and no length.
    if (name !== 'content-type' && name !== 'content-length') notModifiedHeaders.push(name, value);
  }
  if (!response.headers.has('content-length')) headers.push('content-length', String(body.byteLength));
  storable.shelf.put(keyOf(incoming), { path: storable.path, etag, body, headers, notModifiedHeaders }, storable.version);
}

/** The app's fetch as @hono/node-server calls it. */
type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => unknown;

function answer(deps: ShopDeps, incoming: IncomingMessage, outgoing: ServerResponse, stored: StoredReply): void {
  const started = performance.now();
  const fresh = matchesEtag(incoming.headers['if-none-match'], stored.etag);
  if (fresh) {
    outgoing.writeHead(304, stored.notModifiedHeaders);
    outgoing.end();
  } else {
    outgoing.writeHead(200, stored.headers);
    outgoing.end(stored.body);
  }
  logAnswered(deps, 'GET', stored.path, fresh ? 304 : 200, started);
}

/**
 * Stored replies for the app: `fetch` wraps the app's fetch to keep each reply a route marked
 * storable; `lane` answers a GET from the shelf when it holds one (lib/node-lanes.ts).
 */
export function storedReplies<V>(deps: ShopDeps, shelf: ReplyShelf<V>) {
  return {
    fetch(fetch: Fetch): Fetch {
      return (request, env) => {
        const reply = fetch(request, env);
        const incoming = env.incoming as MarkedRequest;
        const kept = (response: unknown) => {
          const storable = incoming[STORABLE];
          if (!storable || !(response instanceof Response)) return response;
          incoming[STORABLE] = undefined;
          return record(incoming, response, storable).then(() => response);
        };
        return reply instanceof Promise ? reply.then(kept) : kept(reply);
      };
    },
    lane: ((incoming, outgoing) => {
      if (incoming.method !== 'GET') return false;
      const stored = shelf.get(keyOf(incoming));
      if (!stored) return false;
      answer(deps, incoming, outgoing, stored);
      return true;
    }) satisfies Lane,
  };
}
