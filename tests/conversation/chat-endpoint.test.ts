// POST /api/chat: the JSON contract, validation in the API's error shape, guests and signed-in shoppers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const chat = (body: object, auth: Record<string, string> = {}) => shop.http.post('/api/chat').set(auth).send(body);

describe('the contract', () => {
  it('opens a conversation for a guest: a session id, messages, buttons, not ended', async () => {
    const response = await chat({ text: '' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sessionId: expect.any(String),
      messages: [{ text: expect.stringContaining('Welcome to Isoko!') }],
      options: expect.arrayContaining([{ key: '1', label: 'Search products' }, { key: '6', label: 'Language' }]),
      end: false,
    });
  });

  it('continues the session it is given, and takes a typed button label', async () => {
    const opened = await chat({ text: '' });
    const categories = await chat({ sessionId: opened.body.sessionId, text: 'Categories' });
    expect(categories.body.sessionId).toBe(opened.body.sessionId);
    expect(categories.body.messages.at(-1).text).toContain('Categories:');
    expect(categories.body.options).toEqual(expect.arrayContaining([{ key: '0', label: 'Back' }]));
  });

  it('refuses bad input in the API error shape', async () => {
    const tooLong = await chat({ text: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, message: 'Text must be at most 500 characters', errors: [{ param: 'text' }] });
    const missing = await chat({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ msg: 'Text is required', param: 'text' });
    const badSession = await chat({ sessionId: '../etc', text: 'hi' });
    expect(badSession.status).toBe(400);
  });

  it('refuses an invalid token as the rest of /api does', async () => {
    const response = await chat({ text: '' }, { Authorization: 'Bearer not-a-token' });
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('token');
  });
});

describe('guests and shoppers', () => {
  it('asks a guest to log in to add to the cart, with a login option', async () => {
    const opened = await chat({ text: 'tomatos' });
    const product = await chat({ sessionId: opened.body.sessionId, text: '1' });
    const add = await chat({ sessionId: opened.body.sessionId, text: '1' });
    expect(product.body.options).toEqual(expect.arrayContaining([{ key: '1', label: 'Add to cart' }]));
    expect(add.body.messages.at(-1).text).toBe('Please log in to add items to your cart.');
    expect(add.body.options).toEqual(expect.arrayContaining([{ key: 'login', label: 'Log in' }]));
  });

  it('acts as the signed-in shopper: the chat cart is the web cart', async () => {
    const shopper = await shop.newShopper();
    const opened = await chat({ text: 'tomatoes' }, shopper.auth);
    for (const text of ['1', '1', '3']) await chat({ sessionId: opened.body.sessionId, text }, shopper.auth);
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    expect(cart.body.cart.products[0]).toMatchObject({ quantity: 3, productId: { productname: 'Tomatoes' } });
  });

  it("does not continue another shopper's session", async () => {
    const alice = await shop.newShopper();
    const bob = await shop.newShopper();
    const opened = await chat({ text: 'tomatoes' }, alice.auth);
    const asBob = await chat({ sessionId: opened.body.sessionId, text: '1' }, bob.auth);
    // Bob starts afresh on the home screen, where 1 is Search: not Alice's search results.
    expect(asBob.body.messages.at(-1).text).toBe('Enter a product name:');
  });
});
