// Stored catalog replies (lib/stored-replies.ts): a repeated catalog GET is answered at Node's request
// handler, before the middleware chain, with exactly what the chain sent: the same status, headers
// and bytes, the same 304 for a client holding the ETag, CORS for the origin that asked, and never a
// reply older than the last catalog change.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCatalog } from '../../server/modules/catalog/catalog-changes';
import { createTestShop, type TestShop } from '../support/test-app';

const ALLOWED_ORIGIN = 'https://shop.example.rw';
let shop: TestShop;
let port: number;
let chainRuns = 0;

beforeAll(async () => {
  shop = await createTestShop({ CORS_ORIGINS: ALLOWED_ORIGIN });
  // Counts the requests the app itself (the middleware chain) answers.
  const appFetch = shop.app.fetch.bind(shop.app);
  shop.app.fetch = (...args) => {
    chainRuns += 1;
    return appFetch(...args);
  };
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
  port = (shop.server.address() as AddressInfo).port;
});
afterAll(async () => shop.close());

const READS = [
  '/api/product/getAllProducts?page=1&limit=15',
  '/api/product/getAllProducts?search=tomatos',
  '/api/product/getProductDetails/tomatoes',
  '/api/category/getAllCategories',
  '/api/category/vegetables/products?page=2',
];

/** A GET over HTTP (node:http, so Host can be set), with the headers as sent, in order. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: string[][]; etag: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[][] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) pairs.push([response.rawHeaders[index].toLowerCase(), response.rawHeaders[index + 1]]);
        // What the connection adds (time, keep-alive) is not the reply's.
        const sent = pairs.filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
        resolve({ status: response.statusCode!, headers: sent, etag: (response.headers.etag as string | undefined) ?? null, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

const anyCatalogChange = () => changeCatalog(shop.deps, async () => {});

describe('a repeated catalog GET', () => {
  it('is answered before the middleware chain with the status, headers and bytes the chain sent', async () => {
    for (const path of READS) {
      await anyCatalogChange();
      const runs = chainRuns;
      const fromChain = await get(path, { Origin: ALLOWED_ORIGIN });
      const stored = await get(path, { Origin: ALLOWED_ORIGIN });
      expect(chainRuns - runs, path).toBe(1);
      expect(stored.status, path).toBe(200);
      expect(stored.headers, path).toEqual(fromChain.headers);
      expect(stored.body.equals(fromChain.body), path).toBe(true);
      expect(Object.fromEntries(stored.headers)).toMatchObject({ 'access-control-allow-origin': ALLOWED_ORIGIN, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' });
    }
  });

  it('answers 304 to a client holding the ETag, with the headers of the chain\'s 304', async () => {
    const path = '/api/product/getProductDetails/carrots';
    const first = await get(path);
    const runs = chainRuns;
    const stored = await get(path, { 'If-None-Match': first.etag! });
    expect(chainRuns).toBe(runs);
    // Another Host is another stored reply: the chain answers it (from its own cache, with a 304).
    const fromChain = await get(path, { 'If-None-Match': first.etag!, Host: 'other.example.rw' });
    expect(chainRuns).toBe(runs + 1);
    expect(stored.status).toBe(304);
    expect(stored.body.length).toBe(0);
    expect(stored.headers).toEqual(fromChain.headers);
    expect(stored.etag).toBe(first.etag);
  });

  it('is stored per Origin: another origin gets the chain\'s answer for it, without the first one\'s CORS grant', async () => {
    const path = '/api/category/getAllCategories';
    await get(path, { Origin: ALLOWED_ORIGIN });
    const other = await get(path, { Origin: 'https://elsewhere.example' });
    expect(Object.fromEntries(other.headers)['access-control-allow-origin']).toBeUndefined();
    const again = await get(path, { Origin: ALLOWED_ORIGIN });
    expect(Object.fromEntries(again.headers)['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
  });

  it('never outlives a catalog change: the next GET after a price change shows the new price', async () => {
    const path = '/api/product/getProductDetails/avocados';
    await get(path);
    await get(path);
    await changeCatalog(shop.deps, (trx) => trx.updateTable('products').set({ price_minor: 424_200, offer_price_minor: null }).where('id', '=', 'avocados').execute());
    const runs = chainRuns;
    const after = await get(path);
    expect(chainRuns).toBe(runs + 1);
    expect(JSON.parse(after.body.toString('utf8')).product.price).toBe(4242);
  });

  it('is never stored when it failed: an unknown product is the chain\'s 404 every time', async () => {
    const runs = chainRuns;
    expect((await get('/api/product/getProductDetails/no-such-product')).status).toBe(404);
    expect((await get('/api/product/getProductDetails/no-such-product')).status).toBe(404);
    expect(chainRuns).toBe(runs + 2);
  });
});
