// The error rules every call shares (docs/api.md "Rules for every call", docs/product.md section 8): bad JSON, unknown
// paths, unexpected failures, and a request log with no secrets in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Logger } from '../../server/lib/logger';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { expectErrorShape, expectNoInternals } from './expectations';

let shop: TestShop;
let shopper: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  shopper = await shop.newShopper();
});
afterAll(async () => shop.close());

const JSON_CALLS: Array<[method: 'post' | 'put', path: string, signedIn: boolean]> = [
  ['post', '/api/auth/register', false],
  ['post', '/api/auth/login', false],
  ['post', '/api/auth/forgot-password', false],
  ['post', '/api/auth/reset-password', false],
  ['post', '/api/contact', false],
  ['put', '/api/user/updateProfile', true],
  ['put', '/api/user/updatePassword', true],
  ['put', '/api/product/rateProduct/tomatoes', true],
  ['post', '/api/cart/add', true],
  ['put', '/api/cart/update/tomatoes', true],
  ['post', '/api/address/create', true],
  ['post', '/api/order/placeOrder', true],
];

function send(method: 'post' | 'put', path: string, signedIn: boolean) {
  const request = shop.http[method](path).set('Content-Type', 'application/json');
  return signedIn ? request.set(shopper.auth) : request;
}

describe('malformed and odd bodies', () => {
  it('malformed JSON is a 400 with a message, never a 500', async () => {
    for (const [method, path, signedIn] of JSON_CALLS) {
      for (const body of ['{"fullName": ', '{bad json}', "{'single': 'quotes'}", '\u0000\u0001']) {
        const response = await send(method, path, signedIn).send(body);
        expectErrorShape(response, 400);
      }
    }
  });

  it('JSON that is not an object (array, string, number, null) is a 400, never a 500', async () => {
    for (const [method, path, signedIn] of JSON_CALLS) {
      for (const body of ['[]', '[1,2]', '"text"', '42', 'null', 'true']) {
        const response = await send(method, path, signedIn).send(body);
        expect(response.status, `${method} ${path} ${body}: ${response.text}`).toBe(400);
        expect(response.body.success).toBe(false);
        expectNoInternals(response);
      }
    }
  });

  it('an empty JSON body is a 400 with a message', async () => {
    for (const [method, path, signedIn] of JSON_CALLS) expectErrorShape(await send(method, path, signedIn).send(''), 400);
  });

  it('a NUL byte in any text, body or path, is refused as a 400, never a 500', async () => {
    const nul = 'a\u0000b';
    const responses = [
      await shop.http.post('/api/auth/register').send({ fullName: nul, email: `nul.${Date.now()}@example.rw`, password: 'secret-123' }),
      await shop.http.post('/api/auth/login').send({ identifier: `${nul}@example.rw`, password: nul }),
      await shop.http.post('/api/auth/forgot-password').send({ email: `${nul}@example.rw` }),
      await shop.http.post('/api/contact').send({ name: nul, email: 'a@b.rw', subject: 'S', message: 'M' }),
      await shop.http.post('/api/address/create').set(shopper.auth).send({ description: nul, city: 'b', street: 'c', district: 'd', phoneNumber: 'e' }),
      await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: nul }),
      await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: nul, paymentType: 'cash' }),
      await shop.http.get('/api/product/getAllProducts').query({ category: nul }),
      await shop.http.get('/api/product/getAllProducts').query({ search: nul }),
      await shop.http.get('/api/product/getProductDetails/a%00b'),
      await shop.http.get('/api/category/a%00b/products'),
      await shop.http.get('/api/order/getOrderDetails/a%00b').set(shopper.auth),
      await shop.http.put('/api/product/rateProduct/a%00b').set(shopper.auth).send({ rating: 3 }),
      await shop.http.delete('/api/address/delete/a%00b').set(shopper.auth),
    ];
    // Refused as bad input everywhere, except a search: any text is a valid search (it finds nothing odd).
    const searchWithNul = 8;
    expect(responses.map((response) => response.status)).toEqual(responses.map((_, index) => (index === searchWithNul ? 200 : 400)));
    for (const response of responses) {
      expectNoInternals(response);
    }
  });

  it('a body sent as a form instead of JSON is a 400, never a 500', async () => {
    const response = await shop.http.post('/api/auth/login').type('form').send({ identifier: 'a@b.rw', password: 'secret-123' });
    expectErrorShape(response, 400);
  });

  it('a body that is far too large is refused with a JSON error', async () => {
    const response = await shop.http.post('/api/contact').send({ name: 'A', email: 'a@b.rw', subject: 'S', message: 'x'.repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('unknown paths', () => {
  it('an unknown /api path is a 404 JSON error for any method', async () => {
    for (const [method, path] of [
      ['get', '/api/nope'],
      ['post', '/api/nope'],
      ['get', '/api/product/nope'],
      ['put', '/api/auth/login'],
      ['get', '/api/product/getProductDetails'],
      ['get', '/api/category/getAllCategories/extra'],
    ] as const) {
      const response = await shop.http[method](path);
      expectErrorShape(response, 404);
    }
  });

  it('under a signed-in prefix, an unknown path is 401 without a token and 404 with one', async () => {
    for (const [method, path] of [
      ['delete', '/api/cart'],
      ['get', '/api/order'],
      ['get', '/api/address/nope'],
      ['post', '/api/user/nope'],
    ] as const) {
      expect((await shop.http[method](path)).status, path).toBe(401);
      expectErrorShape(await shop.http[method](path).set(shopper.auth), 404);
    }
  });

  it('never answers an /api path with the storefront page', async () => {
    const response = await shop.http.get('/api/does-not-exist').set('Accept', 'text/html');
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('unexpected failures', () => {
  it('500 {success:false, message:"Something went wrong"} with no stack or SQL', async () => {
    await shop.deps.db.schema.alterTable('contact_messages').renameTo('contact_messages_away').execute();
    try {
      const response = await shop.http.post('/api/contact').send({ name: 'A', email: 'a@b.rw', subject: 'S', message: 'M' });
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ success: false, message: 'Something went wrong' });
      expect(response.text).not.toMatch(/contact_messages|relation|select|insert|\.ts:\d+|\n\s+at /i);
    } finally {
      await shop.deps.db.schema.alterTable('contact_messages_away').renameTo('contact_messages').execute();
    }
    expect((await shop.http.post('/api/contact').send({ name: 'A', email: 'a@b.rw', subject: 'S', message: 'M' })).status).toBe(201);
  });
});

describe('money and ids', () => {
  it('money is a number and every _id a string, in products, carts and orders', async () => {
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 2 });
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    const line = cart.body.cart.products[0];
    expect(typeof line.productId._id).toBe('string');
    expect(typeof line.productId.price).toBe('number');
    expect(typeof line.productId.offerPrice).toBe('number');
    const home = (await shop.http.post('/api/address/create').set(shopper.auth).send({ description: 'Home', city: 'Kigali', street: 'KN 1', district: 'Gasabo', phoneNumber: '0788000000' })).body.address;
    expect(typeof home._id).toBe('string');
    const order = (await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: home._id, paymentType: 'cash' })).body.order;
    expect(typeof order._id).toBe('string');
    for (const value of [order.amount, order.products[0].price, order.products[0].subtotal]) expect(typeof value).toBe('number');
    expect(order.amount).toBe(700);
  });
});

describe('request log', () => {
  it('one line per request with method, path, status and time, and no token or password', async () => {
    const lines: Array<{ event: string; fields?: Record<string, unknown> }> = [];
    const capture: Logger = {
      info: (event, fields) => lines.push({ event, fields }),
      warn: (event, fields) => lines.push({ event, fields }),
      error: (event, fields) => lines.push({ event, fields }),
    };
    const app = createApp({ ...shop.deps, log: capture, config: { ...shop.deps.config, logRequests: true } });
    const password = 'log-secret-password';
    const registered = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Logged', email: `logged.${Date.now()}@example.rw`, password }),
    });
    const { token } = (await registered.json()) as { token: string };
    await app.request('/api/user/account?token=' + token, { headers: { Authorization: `Bearer ${token}` } });
    await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: 'nobody@example.rw', password }),
    });

    const requests = lines.filter((line) => line.event === 'request').map((line) => line.fields!);
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/register', status: 201, ms: expect.any(Number) },
      { method: 'GET', path: '/api/user/account', status: 200, ms: expect.any(Number) },
      { method: 'POST', path: '/api/auth/login', status: 400, ms: expect.any(Number) },
    ]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(password);
  });
});
