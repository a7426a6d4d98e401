// The catalog cache (catalog-cache.ts): cached replies are the route's exact bytes with an ETag, and
// a catalog change answered by the server is never followed by a stale read on any face.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_LAYER_BYTES, cachedRead } from '../../server/modules/catalog/catalog-cache';
import { changeCatalog } from '../../server/modules/catalog/catalog-changes';
import { getProduct, listProducts } from '../../server/modules/catalog/catalog.service';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const CATALOG_READS = [
  '/api/product/getAllProducts?page=1&limit=15',
  '/api/product/getAllProducts?page=6',
  '/api/product/getAllProducts?search=tomatos',
  '/api/product/getAllProducts?search=ibirayi&page=1&limit=4',
  '/api/product/getProductDetails/tomatoes',
  '/api/category/getAllCategories',
  '/api/category/vegetables/products?page=2',
];

async function fetchRaw(path: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Sets a product's price the way a staff write does: the row and the change notice, in one transaction. */
async function setPrice(productId: string, priceMinor: number, offerMinor: number | null = null) {
  await changeCatalog(shop.deps, (trx) => trx.updateTable('products').set({ price_minor: priceMinor, offer_price_minor: offerMinor }).where('id', '=', productId).execute());
}

/** A change with nothing written: every copy of the catalog is dropped. */
const anyCatalogChange = () => changeCatalog(shop.deps, async () => {});

describe('cached catalog replies', () => {
  it('are byte-for-byte the reply the route computes, with the same headers and an ETag', async () => {
    for (const path of CATALOG_READS) {
      await anyCatalogChange();
      const computed = await fetchRaw(path);
      const cached = await fetchRaw(path);
      expect(computed.status, path).toBe(200);
      expect(cached.status, path).toBe(200);
      expect(cached.body.equals(computed.body), path).toBe(true);
      expect(JSON.parse(cached.body.toString('utf8')).success, path).toBe(true);
      expect(cached.headers.get('content-type'), path).toBe(computed.headers.get('content-type'));
      expect(cached.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(cached.headers.get('etag'), path).toMatch(/^"[\w-]{27}"$/);
      expect(cached.headers.get('etag'), path).toBe(computed.headers.get('etag'));
      expect(cached.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('answer 304 with no body to a client holding the current ETag, and 200 once it is out of date', async () => {
    const path = '/api/product/getProductDetails/carrots';
    const first = await fetchRaw(path);
    const etag = first.headers.get('etag')!;
    const revalidated = await fetchRaw(path, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);

    await setPrice('carrots', 123_400);
    const changed = await fetchRaw(path, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString('utf8')).product.price).toBe(1234);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('never keep an error: an unknown product is a 404 every time, and is found once it exists', async () => {
    const path = '/api/product/getProductDetails/cache-test-late';
    expect((await fetchRaw(path)).status).toBe(404);
    expect((await fetchRaw(path)).status).toBe(404);
    await changeCatalog(shop.deps, (trx) =>
      trx
        .insertInto('products')
        .values({ id: 'cache-test-late', name: 'Late arrival', price_minor: 5000, image: '/images/default-image.svg', unit: 'piece', description: 'New', category_id: 'vegetables' })
        .execute(),
    );
    const found = await fetchRaw(path);
    expect(found.status).toBe(200);
    expect(JSON.parse(found.body.toString('utf8')).product.productname).toBe('Late arrival');
  });
});

describe('a price change', () => {
  it('is seen by every catalog read that follows it: details, pages, search, category', async () => {
    // Warm every cache first, so a stale copy would be there to serve.
    const warm = await Promise.all(CATALOG_READS.map((path) => fetchRaw(path)));
    expect(warm.every((response) => response.status === 200)).toBe(true);
    await getProduct(shop.deps, 'tomatoes');

    await setPrice('tomatoes', 987_600, 876_500);

    const details = JSON.parse((await fetchRaw('/api/product/getProductDetails/tomatoes')).body.toString('utf8'));
    expect(details.product).toMatchObject({ price: 9876, offerPrice: 8765 });
    const search = JSON.parse((await fetchRaw('/api/product/getAllProducts?search=tomatos')).body.toString('utf8'));
    expect(search.productList.find((p: { _id: string }) => p._id === 'tomatoes')).toMatchObject({ price: 9876, offerPrice: 8765 });
    const category = JSON.parse((await fetchRaw('/api/category/vegetables/products?limit=100')).body.toString('utf8'));
    expect(category.products.find((p: { _id: string }) => p._id === 'tomatoes')).toMatchObject({ price: 9876, offerPrice: 8765 });
    const everything = JSON.parse((await fetchRaw('/api/product/getAllProducts?limit=200')).body.toString('utf8'));
    expect(everything.productList.find((p: { _id: string }) => p._id === 'tomatoes')).toMatchObject({ price: 9876, offerPrice: 8765 });
    // The conversation engine reads through the same services.
    expect(await getProduct(shop.deps, 'tomatoes')).toMatchObject({ price: 9876, offerPrice: 8765 });
    const listed = await listProducts(shop.deps, { page: 1, limit: 15, search: 'tomatoes', category: undefined });
    expect(listed.products.find((p) => p._id === 'tomatoes')).toMatchObject({ price: 9876 });
  });

  it('made while a read is in flight is not overwritten by what that read found', async () => {
    let finishRead!: (value: string) => void;
    const slowRead = cachedRead(shop.deps, 'cache-test:in-flight', () => new Promise<string>((resolve) => (finishRead = resolve)));
    await anyCatalogChange(); // the write is answered while the read still holds the old value
    finishRead('old price');
    expect(await slowRead).toBe('old price');
    expect(await cachedRead(shop.deps, 'cache-test:in-flight', async () => 'new price')).toBe('new price');
  });

  it('is heard by a rating too: the average shown moves at once', async () => {
    const shopper = await shop.newShopper();
    const before = JSON.parse((await fetchRaw('/api/product/getProductDetails/avocados')).body.toString('utf8')).product.ratingCount;
    const rated = await shop.http.put('/api/product/rateProduct/avocados').set(shopper.auth).send({ rating: 5 });
    expect(rated.status).toBe(200);
    const after = JSON.parse((await fetchRaw('/api/product/getProductDetails/avocados')).body.toString('utf8')).product.ratingCount;
    expect(after).toBe(before + 1);
  });
});

describe('the catalog cache', () => {
  /** A read of `key` through the cache, counting how often the database (here, `load`) is asked. */
  const counted = (value: (key: string) => unknown) => {
    const loads: string[] = [];
    return { loads, read: (key: string) => cachedRead(shop.deps, key, async () => (loads.push(key), value(key))) };
  };

  it('holds answers up to its bytes: a flood of large ones evicts the least recently read', async () => {
    await anyCatalogChange();
    const { loads, read } = counted((key) => key.padEnd(CATALOG_LAYER_BYTES / 4, '.'));
    for (const index of [0, 1, 2, 3, 4]) await read(`cache-test:large:${index}`);
    loads.length = 0;
    await read('cache-test:large:4');
    await read('cache-test:large:0');
    expect(loads).toEqual(['cache-test:large:0']);
  });

  it('holds small answers by their bytes, not by a count: thousands of distinct searches stay', async () => {
    await anyCatalogChange();
    // About 300 bytes each with the key and the bookkeeping: 6,000 fit in the layer.
    const { loads, read } = counted((key) => ({ found: key.length }));
    for (let index = 0; index < 6_000; index += 1) await read(`cache-test:small:${index}`);
    loads.length = 0;
    await read('cache-test:small:0');
    expect(loads).toEqual([]);
  });
});
