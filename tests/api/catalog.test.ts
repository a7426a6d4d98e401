// /api/product/* and /api/category/*: listing, paging, search, categories and ratings (docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestShop, type TestShop } from '../support/test-app';
import { ABSOLUTE_IMAGE_URL, address, expectErrorShape, expectProductShape, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const SEED_PRODUCTS = 119;
const list = (query: Record<string, string | number> = {}) => shop.http.get('/api/product/getAllProducts').query(query);
const names = (products: Array<{ productname: string }>) => products.map((p) => p.productname);

describe('GET /product/getAllProducts', () => {
  it('gives pages of 15, newest first, with the pagination a client pages by', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.productList).toHaveLength(15);
    expect(first.body.pagination).toEqual({ totalPages: 8, currentPage: 1, hasNextPage: true, total: SEED_PRODUCTS });
    first.body.productList.forEach(expectProductShape);
    const times = first.body.productList.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('walks every product exactly once across the pages, each page older than the last', async () => {
    const seen: string[] = [];
    let previousOldest = Infinity;
    for (let page = 1; page <= 8; page += 1) {
      const response = await list({ page });
      expect(response.body.pagination.currentPage).toBe(page);
      expect(response.body.pagination.hasNextPage).toBe(page < 8);
      const times = response.body.productList.map((p: { createdAt: string }) => Date.parse(p.createdAt));
      expect(Math.max(...times)).toBeLessThanOrEqual(previousOldest);
      previousOldest = Math.min(...times);
      seen.push(...response.body.productList.map((p: { _id: string }) => p._id));
    }
    expect(seen).toHaveLength(SEED_PRODUCTS);
    expect(new Set(seen).size).toBe(SEED_PRODUCTS);
    const last = await list({ page: 8 });
    expect(last.body.productList).toHaveLength(SEED_PRODUCTS - 7 * 15);
    const beyond = await list({ page: 9 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.productList).toEqual([]);
    expect(beyond.body.pagination.hasNextPage).toBe(false);
  });

  it('takes a limit (4 for related lists) and falls back on nonsense page or limit', async () => {
    const four = await list({ limit: 4 });
    expect(four.body.productList).toHaveLength(4);
    expect(four.body.pagination).toMatchObject({ totalPages: Math.ceil(SEED_PRODUCTS / 4), currentPage: 1, hasNextPage: true });
    const second = await list({ limit: 4, page: 2 });
    expect(second.body.productList[0]._id).not.toBe(four.body.productList[0]._id);
    const nonsense: Array<Record<string, string | number>> = [{ page: 'abc' }, { page: -3 }, { limit: 0 }, { limit: 'x' }];
    for (const query of nonsense) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(200);
      expect(response.body.productList, JSON.stringify(query)).toHaveLength(15);
      expect(response.body.pagination, JSON.stringify(query)).toMatchObject({ currentPage: 1, totalPages: 8 });
    }
  });

  it('filters by category id, or by name in any case; an unknown category is an empty list', async () => {
    const byId = await list({ category: 'vegetables', limit: 100 });
    expect(byId.status).toBe(200);
    expect(byId.body.productList.length).toBeGreaterThan(5);
    for (const product of byId.body.productList) expect(product.productCategory).toEqual({ _id: 'vegetables', name: 'Vegetables' });
    const byName = await list({ category: 'vEgEtAbLeS', limit: 100 });
    expect(byName.body.productList.map((p: { _id: string }) => p._id)).toEqual(byId.body.productList.map((p: { _id: string }) => p._id));
    expect(byName.body.pagination.total).toBe(byId.body.productList.length);

    const unknown = await list({ category: 'no-such-aisle' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: true, productList: [], pagination: { currentPage: 1, hasNextPage: false } });
    // The web sends category=null when there is none.
    expect((await list({ category: 'null' })).body.pagination.total).toBe(SEED_PRODUCTS);
  });

  it('finds Tomatoes first for the typo "tomatos"', async () => {
    const response = await list({ search: 'tomatos' });
    expect(response.status).toBe(200);
    expect(response.body.productList[0].productname).toBe('Tomatoes');
    expect(names(response.body.productList)).toEqual(expect.arrayContaining(['Cherry tomatoes']));
  });

  it('lists tomatoes for "tomato", not products whose description only mentions tomato', async () => {
    const response = await list({ search: 'tomato' });
    expect(names(response.body.productList).sort()).toEqual(['Cherry tomatoes', 'Tomato ketchup', 'Tomato paste', 'Tomatoes', 'Tree tomatoes']);
    expect(response.body.pagination.total).toBe(5);
  });

  it('puts the exact name first, in any case', async () => {
    for (const search of ['tomatoes', 'TOMATOES', 'Cherry tomatoes', ' cabbage ']) {
      const response = await list({ search });
      expect(response.body.productList[0].productname.toLowerCase(), search).toBe(search.trim().toLowerCase());
    }
  });

  it('finds products by their local name and narrows a search by category', async () => {
    const local = await list({ search: 'inyanya' });
    expect(names(local.body.productList)).toContain('Tomatoes');
    const inFruits = await list({ search: 'tomato', category: 'fruits' });
    expect(inFruits.body.productList.length).toBeGreaterThan(0);
    for (const product of inFruits.body.productList) expect(product.productCategory._id).toBe('fruits');
    expect(names(inFruits.body.productList)).toContain('Tree tomatoes');
  });

  it('pages search results without repeating one', async () => {
    const first = await list({ search: 'tomato', limit: 2 });
    const second = await list({ search: 'tomato', limit: 2, page: 2 });
    expect(first.body.pagination.total).toBeGreaterThan(2);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const ids = [...first.body.productList, ...second.body.productList].map((p: { _id: string }) => p._id);
    expect(new Set(ids).size).toBe(4);
  });

  it('treats any text as a search: brackets, stars, quotes, long text and emoji give 200', async () => {
    for (const search of ['(', ')', '*', '"', "'", '\\', '%', '_', '[a-z', "'; drop table products; --", '!tomato', '^=', 'x'.repeat(500), '🍅', '🍅 tomatoes', '   ']) {
      const response = await list({ search });
      expect(response.status, search).toBe(200);
      expect(response.body.success).toBe(true);
      expect(Array.isArray(response.body.productList)).toBe(true);
    }
    expect((await list({ search: 'zzzzqqqq' })).body.productList).toEqual([]);
    expect((await list()).body.pagination.total).toBe(SEED_PRODUCTS);
  });

  it('cuts weak matches ("rice" is rice, not strawberries) and suggests close names when nothing matches', async () => {
    const rice = await list({ search: 'rice' });
    expect(names(rice.body.productList).slice(0, 2).sort()).toEqual(['Basmati rice', 'Local rice']);
    expect(names(rice.body.productList)).not.toContain('Strawberries');
    expect(rice.body.suggestions).toBeUndefined();
    const none = await list({ search: 'cabage soupp' });
    expect(none.body).toMatchObject({ success: true, productList: [], suggestions: ['Cabbage'] });
  });
});

describe('GET /product/getProductDetails/{id}', () => {
  it('gives one product with its category and money as numbers', async () => {
    const response = await shop.http.get('/api/product/getProductDetails/tomatoes');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expectProductShape(response.body.product);
    expect(response.body.product).toMatchObject({
      _id: 'tomatoes',
      productname: 'Tomatoes',
      price: 800,
      productUnit: 'kg',
      productCategory: { _id: 'vegetables', name: 'Vegetables' },
    });
    expect(response.body.product.offerPrice ?? null).toBeNull();
  });

  it('shows an offer price below the price', async () => {
    const response = await shop.http.get('/api/product/getProductDetails/cabbage');
    expect(response.body.product).toMatchObject({ price: 400, offerPrice: 350 });
  });

  it('404 "Product not found" for an unknown id, including odd ones', async () => {
    for (const id of ['no-such-thing', '%27%20or%201%3D1', '..%2F..%2Fetc', 'x'.repeat(300)]) {
      expectErrorShape(await shop.http.get(`/api/product/getProductDetails/${id}`), 404, 'Product not found');
    }
  });
});

describe('categories', () => {
  it('lists at least 8 categories with unique names', async () => {
    const response = await shop.http.get('/api/category/getAllCategories');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const categories = response.body.categories as Array<Record<string, string>>;
    expect(categories.length).toBeGreaterThanOrEqual(8);
    for (const category of categories) {
      expect(category).toEqual({ _id: expect.any(String), name: expect.any(String), image: expect.stringMatching(ABSOLUTE_IMAGE_URL), description: expect.any(String) });
    }
    expect(new Set(categories.map((c) => c.name.toLowerCase())).size).toBe(categories.length);
    expect(categories.map((c) => c._id)).toEqual(expect.arrayContaining(['vegetables', 'fruits']));
  });

  it("gives a category's products 8 at a time, by id or by name in any case", async () => {
    const byId = await shop.http.get('/api/category/vegetables/products');
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(byId.body.products).toHaveLength(8);
    expect(byId.body.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
    for (const product of byId.body.products) {
      expectProductShape(product);
      expect(product.productCategory._id).toBe('vegetables');
    }
    const byName = await shop.http.get('/api/category/VEGETABLES/products');
    expect(byName.body.products.map((p: { _id: string }) => p._id)).toEqual(byId.body.products.map((p: { _id: string }) => p._id));

    const categories = (await shop.http.get('/api/category/getAllCategories')).body.categories as Array<{ _id: string; name: string }>;
    const spaced = categories.find((c) => /[ &]/.test(c.name));
    if (spaced) {
      const response = await shop.http.get(`/api/category/${encodeURIComponent(spaced.name.toLowerCase())}/products`);
      expect(response.status, spaced.name).toBe(200);
      for (const product of response.body.products) expect(product.productCategory._id).toBe(spaced._id);
    }
  });

  it('pages a category to the end', async () => {
    const all = await list({ category: 'vegetables', limit: 100 });
    const total = all.body.productList.length;
    const lastPage = Math.ceil(total / 8);
    const response = await shop.http.get('/api/category/vegetables/products').query({ page: lastPage });
    expect(response.body.products).toHaveLength(total - (lastPage - 1) * 8);
    expect(response.body.pagination).toMatchObject({ totalPages: lastPage, currentPage: lastPage, hasNextPage: false });
    const limited = await shop.http.get('/api/category/vegetables/products').query({ limit: 3 });
    expect(limited.body.products).toHaveLength(3);
  });

  it('404 with a message for an unknown category', async () => {
    expectErrorShape(await shop.http.get('/api/category/no-such-aisle/products'), 404);
  });
});

describe('GET /product/getAllProducts?sort=popular', () => {
  const popular = (query: Record<string, string | number> = {}) => list({ sort: 'popular', limit: 10, ...query });

  it('opens with the seed ratings: best rated first, and not the newest-first list', async () => {
    const ranked = (await popular()).body.productList as Array<{ _id: string; averageRating: number; ratingCount: number }>;
    const newest = (await list({ limit: 10 })).body.productList as Array<{ _id: string }>;
    expect(ranked).toHaveLength(10);
    expect(ranked.map((p) => p._id)).not.toEqual(newest.map((p) => p._id));
    for (const product of ranked) expect(product.ratingCount).toBeGreaterThan(0);
    const averages = ranked.map((p) => p.averageRating);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(ranked[0]).toMatchObject({ _id: 'akabanga-chili-oil', averageRating: 4.9 });
  });

  it('puts what shoppers ordered most in the last 30 days first, quantities summed, cancelled orders left out', async () => {
    const shopper = await shop.newShopper();
    const home = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
    const order = async (lines: Array<[string, number]>) => {
      for (const [productId, quantity] of lines) await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });
      const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: home.body.address._id, paymentType: 'cash', callbackUrl: 'https://x.example/done' });
      expect(placed.status).toBe(201);
      return placed.body.order._id as string;
    };
    await order([['turmeric', 2], ['beetroot', 1]]);
    await order([['beetroot', 3]]);
    const old = await order([['leeks', 50]]);
    await shop.deps.db.updateTable('orders').set({ created_at: sql`now() - interval '31 days'` }).where('id', '=', old).execute();
    const cancelled = await order([['pumpkin', 40]]);
    await shop.deps.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();

    const ids = (await popular()).body.productList.map((p: { _id: string }) => p._id);
    expect(ids.slice(0, 2)).toEqual(['beetroot', 'turmeric']);
    expect(ids).not.toContain('leeks');
    expect(ids).not.toContain('pumpkin');
    // A search ignores the sort: best match first.
    expect(names((await list({ search: 'tomatoes', sort: 'popular' })).body.productList)[0]).toBe('Tomatoes');
  });
});

describe('PUT /product/rateProduct/{id}', () => {
  const rate = (auth: Record<string, string>, id: string, body: unknown) =>
    shop.http.put(`/api/product/rateProduct/${id}`).set(auth).send(body as object);

  it('needs a signed-in shopper', async () => {
    expectTokenRejected(await shop.http.put('/api/product/rateProduct/carrots').send({ rating: 5 }));
    expectTokenRejected(await shop.http.put('/api/product/rateProduct/carrots').set('Authorization', 'Bearer nope').send({ rating: 5 }));
    const details = await shop.http.get('/api/product/getProductDetails/carrots');
    expect(details.body.product.ratingCount).toBe(0);
  });

  it('accepts 1 to 5 only', async () => {
    const shopper = await shop.newShopper();
    for (const rating of [0, 6, -1, 2.5, 'five', null, '', true, [5], { value: 5 }]) {
      const response = await rate(shopper.auth, 'spinach', { rating });
      expectErrorShape(response, 400);
      expect(response.body.errors[0].param).toBe('rating');
    }
    expectErrorShape(await rate(shopper.auth, 'spinach', {}), 400);
    expect((await shop.http.get('/api/product/getProductDetails/spinach')).body.product).toMatchObject({ averageRating: 0, ratingCount: 0 });
  });

  it('404 "Product not found" for an unknown product', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await rate(shopper.auth, 'no-such-thing', { rating: 4 }), 404, 'Product not found');
  });

  it('keeps one rating per shopper (re-rating replaces it) and averages to one decimal', async () => {
    const [a, b, c] = [await shop.newShopper(), await shop.newShopper(), await shop.newShopper()];
    const first = await rate(a.auth, 'carrots', { rating: 5 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: expect.any(String) });
    expectProductShape(first.body.product);
    expect(first.body.product).toMatchObject({ _id: 'carrots', averageRating: 5, ratingCount: 1, productCategory: { _id: 'vegetables' } });

    await rate(a.auth, 'carrots', { rating: 1 });
    const replaced = await shop.http.get('/api/product/getProductDetails/carrots');
    expect(replaced.body.product).toMatchObject({ averageRating: 1, ratingCount: 1 });

    await rate(b.auth, 'carrots', { rating: 4 });
    const third = await rate(c.auth, 'carrots', { rating: 5 });
    // (1 + 4 + 5) / 3 = 3.333… → 3.3
    expect(third.body.product).toMatchObject({ averageRating: 3.3, ratingCount: 3 });
    const fourth = await rate(a.auth, 'carrots', { rating: 2 });
    // (2 + 4 + 5) / 3 = 3.666… → 3.7
    expect(fourth.body.product).toMatchObject({ averageRating: 3.7, ratingCount: 3 });
    expect(typeof fourth.body.product.averageRating).toBe('number');
    // The list shows the same average.
    const listed = await list({ search: 'carrots' });
    expect(listed.body.productList.find((p: { _id: string }) => p._id === 'carrots').averageRating).toBe(3.7);
  });

  it("adds a shopper's rating to the ratings a product opened with", async () => {
    // Seed: Akabanga 4.9 from 30 ratings (a total of 147); (147 + 1) / 31 = 4.77 -> 4.8.
    const response = await rate((await shop.newShopper()).auth, 'akabanga-chili-oil', { rating: 1 });
    expect(response.body.product).toMatchObject({ averageRating: 4.8, ratingCount: 31 });
  });

  it('accepts a rating sent as a numeric string', async () => {
    const shopper = await shop.newShopper();
    const response = await rate(shopper.auth, 'leeks', { rating: '4' });
    expect(response.status).toBe(200);
    expect(response.body.product).toMatchObject({ averageRating: 4, ratingCount: 1 });
  });
});
