// docs/api.md: every image field is an absolute URL (PUBLIC_BASE_URL, or the request's own origin), so a
// storefront on another origin shows our pictures; the OpenAPI document says so too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { absoluteImageUrl, absoluteImageUrls, withAbsoluteImageUrls } from '../../server/lib/image-urls';
import { createTestShop, type TestShop } from '../support/test-app';
import { address } from './expectations';

const BASE = 'https://shop.example.rw';
const OTHER_ORIGIN = 'https://another-storefront.example';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_BASE_URL: `${BASE}/`, CORS_ORIGINS: OTHER_ORIGIN });
});
afterAll(async () => shop.close());

/** Every value of an image field anywhere in a JSON answer. */
function imageValues(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => imageValues(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if ((key === 'image' || key === 'productImage') && typeof field === 'string') found.push(field);
      else imageValues(field, found);
    }
  }
  return found;
}

describe('image URLs', () => {
  it('are absolute under PUBLIC_BASE_URL on products, categories, the cart and orders', async () => {
    const shopper = await shop.newShopper();
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const answers = [
      await shop.http.get('/api/product/getAllProducts').set('Origin', OTHER_ORIGIN),
      await shop.http.get('/api/product/getAllProducts').query({ search: 'tomatos' }),
      await shop.http.get('/api/product/getProductDetails/tomatoes'),
      await shop.http.get('/api/category/getAllCategories'),
      await shop.http.get('/api/category/vegetables/products'),
      await shop.http.get('/api/cart').set(shopper.auth),
    ];
    const home = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
    const placed = await shop.http
      .post('/api/order/placeOrder')
      .set(shopper.auth)
      .send({ addressId: home.body.address._id, paymentType: 'cash', callbackUrl: 'https://x.example/done' });
    expect(placed.status).toBe(201);
    answers.push(placed, await shop.http.get('/api/order/getUserOrders').set(shopper.auth), await shop.http.get(`/api/order/getOrderDetails/${placed.body.order._id}`).set(shopper.auth));

    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(answer === placed ? 201 : 200);
      const images = imageValues(answer.body);
      expect(images.length, `answer ${index}`).toBeGreaterThan(0);
      for (const image of images) expect(image, `answer ${index}`).toMatch(/^https:\/\/shop\.example\.rw\/images\/(products|categories)\/[\w-]+\.svg$/);
    }
    expect(placed.body.order.products[0].productImage).toBe(`${BASE}/images/products/tomatoes.svg`);
    expect(placed.body.order.products[0].productDetails.productImage).toBe(`${BASE}/images/products/tomatoes.svg`);
  });

  it('load from another origin: the picture is served and the API answer carries that origin\'s CORS header', async () => {
    const list = await shop.http.get('/api/product/getAllProducts').set('Origin', OTHER_ORIGIN);
    expect(list.headers['access-control-allow-origin']).toBe(OTHER_ORIGIN);
    const url = new URL(list.body.productList[0].productImage);
    const picture = await shop.http.get(url.pathname).set('Origin', OTHER_ORIGIN);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // No Cross-Origin-Resource-Policy: same-origin, which would stop another site's <img> from showing it.
    expect(picture.headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('are declared as absolute URLs in the OpenAPI document', async () => {
    const doc = (await shop.http.get('/api/openapi.json')).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('"productImage":{"type":"string","format":"uri"');
    expect(text).toContain('"image":{"type":"string","format":"uri"');
  });
});

describe('without PUBLIC_BASE_URL', () => {
  it('builds image URLs from the origin the request came to', async () => {
    // The same middleware the app mounts, without a configured base (one database per file is enough).
    const app = new Hono().use('*', absoluteImageUrls(undefined)).get('/product', (c) => c.json({ product: { productImage: '/images/products/tomatoes.svg' } }));
    const answer = await app.request('http://isoko.test:8080/product');
    expect((await answer.json()).product.productImage).toBe('http://isoko.test:8080/images/products/tomatoes.svg');
  });

  it('gives a reply kept in memory (same ETag) each origin its own base', async () => {
    const app = new Hono()
      .use('*', absoluteImageUrls(undefined))
      .get('/product', (c) => c.json({ product: { productImage: '/images/products/tomatoes.svg' } }, 200, { ETag: '"same-bytes"' }));
    for (const origin of ['http://a.test', 'http://b.test:8080', 'http://a.test']) {
      const answer = await app.request(`${origin}/product`);
      expect(answer.headers.get('etag')).toBe('"same-bytes"');
      expect((await answer.json()).product.productImage).toBe(`${origin}/images/products/tomatoes.svg`);
    }
  });

  it('never rewrites image-like text inside another field, a key named like a field, or an absolute URL', () => {
    const value = {
      description: 'see "image":"/images/x.svg" here',
      notes: { image: '//cdn.example/y.png', productImage: 'https://cdn.example/z.png' },
      list: [{ productImage: '/images/c.svg', image: '/images/d.svg' }],
    };
    expect(withAbsoluteImageUrls(value, `${BASE}/`)).toEqual({
      description: 'see "image":"/images/x.svg" here',
      notes: { image: '//cdn.example/y.png', productImage: 'https://cdn.example/z.png' },
      list: [{ productImage: `${BASE}/images/c.svg`, image: `${BASE}/images/d.svg` }],
    });
  });

  it('leaves a URL that is already absolute alone, and touches only image fields', () => {
    expect(absoluteImageUrl('https://cdn.example/x.png', BASE)).toBe('https://cdn.example/x.png');
    expect(withAbsoluteImageUrls({ image: '/images/a.svg', description: '/images/b.svg', list: [{ productImage: '/images/c.svg' }] }, BASE)).toEqual({
      image: `${BASE}/images/a.svg`,
      description: '/images/b.svg',
      list: [{ productImage: `${BASE}/images/c.svg` }],
    });
  });
});
