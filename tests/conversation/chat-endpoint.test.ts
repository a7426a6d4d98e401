// POST /api/chat: the JSON contract, validation in the API's error shape, guests and signed-in shoppers.
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
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

describe('any text, with sessions stored in the database', () => {
  it('answers a NUL byte or a lone surrogate with a reply, never a 500', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', CONVERSATION_STORE: 'db' });
    const server = createAdaptorServer({ fetch: createApp({ ...shop.deps, config }).fetch }) as Server;
    try {
      const http = supertest(server);
      for (const text of ['\u0000', 'a\ud800b', '\udc00', 'tomatoes\u0000', '\u0001\u001f']) {
        const opened = await http.post('/api/chat').send({ text });
        expect(opened.status, JSON.stringify(text)).toBe(200);
        const next = await http.post('/api/chat').send({ sessionId: opened.body.sessionId, text });
        expect(next.status, JSON.stringify(text)).toBe(200);
        expect(next.body.sessionId).toBe(opened.body.sessionId);
      }
      // The readable part of the text still counts: a search for "tomatoes" with a NUL on the end.
      const search = await http.post('/api/chat').send({ text: 'tomatoes\u0000' });
      expect(JSON.stringify(search.body)).toContain('Tomatoes');
    } finally {
      server.close();
    }
  });
});

describe('search in the chat', () => {
  it('lists the tomatoes for "tomato", not products whose description only mentions tomato', async () => {
    const results = await chat({ text: 'tomato' });
    const shown = JSON.stringify(results.body);
    for (const name of ['Tomatoes', 'Cherry tomatoes', 'Tree tomatoes', 'Tomato paste', 'Tomato ketchup']) expect(shown).toContain(name);
    expect(shown).not.toContain('Amaranth greens');
    expect(shown).not.toContain('Green grams');
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
    // ...in a session of his own: Alice's is still where she left it.
    expect(asBob.body.sessionId).not.toBe(opened.body.sessionId);
    const asAlice = await chat({ sessionId: opened.body.sessionId, text: '' }, alice.auth);
    expect(asAlice.body.messages.map((message: { text: string }) => message.text)).toEqual(opened.body.messages.map((message: { text: string }) => message.text));
  });
});

describe('chat that sells', () => {
  it.each([
    // Products counted, never their quantities summed: 2 kg of tomatoes is one; weighed, its total is about.
    ['2', 'Ikintu 1: hafi frw 1,600.00'],
    ['3', '1 article: environ frw 1,600.00'],
  ])('counts the cart on its card in the language chosen (language %s): %s', async (languageKey, summary) => {
    const shopper = await shop.newShopper();
    const opened = await chat({ text: '' }, shopper.auth);
    const id = opened.body.sessionId;
    await chat({ sessionId: id, text: '6' }, shopper.auth);
    await chat({ sessionId: id, text: languageKey }, shopper.auth);
    for (const text of ['tomatoes', '1', '1', '2']) await chat({ sessionId: id, text }, shopper.auth);
    const home = await chat({ sessionId: id, text: '00' }, shopper.auth);
    const cartKey = home.body.options.find((option: { label: string }) => option.label.includes('(1)')).key;
    const cart = await chat({ sessionId: id, text: cartKey }, shopper.auth);
    const card = cart.body.messages.find((message: { card?: { type: string } }) => message.card?.type === 'cart');
    expect(card).toEqual({ text: summary, card: expect.objectContaining({ type: 'cart', items: 2, summary }) });
  });

  it('sends the words around its cards in the conversation\'s language', async () => {
    const shopper = await shop.newShopper();
    const id = (await chat({ text: '' }, shopper.auth)).body.sessionId;
    await chat({ sessionId: id, text: '6' }, shopper.auth);
    await chat({ sessionId: id, text: '3' }, shopper.auth);
    const results = await chat({ sessionId: id, text: 'tomatoes' }, shopper.auth);
    const card = results.body.messages.find((message: { card?: { type: string } }) => message.card?.type === 'product').card;
    expect(card.words).toEqual({ choose: 'Choisir', outOfStock: 'Rupture de stock', now: 'Maintenant', was: 'avant' });
    for (const text of ['1', '1', '2']) await chat({ sessionId: id, text }, shopper.auth);
    const home = await chat({ sessionId: id, text: '00' }, shopper.auth);
    const cartKey = home.body.options.find((option: { label: string }) => option.label.includes('(1)')).key;
    const cart = await chat({ sessionId: id, text: cartKey }, shopper.auth);
    expect(cart.body.messages.find((message: { card?: { type: string } }) => message.card?.type === 'cart').card.title).toBe('Votre panier');
  });

  it("shows ten of a category's products a page as product cards, with More, Back and Home still buttons", async () => {
    const opened = await chat({ text: 'Categories' });
    const vegetables = await chat({ sessionId: opened.body.sessionId, text: 'Vegetables' });
    const cards = vegetables.body.messages.filter((message: { card?: unknown }) => message.card);
    expect(cards).toHaveLength(10);
    expect(cards[0].card).toMatchObject({ type: 'product', key: '1', name: expect.any(String), price: expect.any(Number), unit: expect.any(String), image: expect.stringContaining('/images/'), inStock: true });
    expect(vegetables.body.options).toEqual([{ key: '98', label: 'More' }, { key: '0', label: 'Back' }, { key: '00', label: 'Home' }]);
  });

  it('says when a turn changed the cart, shows the cart as a card, and links the placed order', async () => {
    const shopper = await shop.newShopper();
    const opened = await chat({ text: 'tomatoes' }, shopper.auth);
    const id = opened.body.sessionId;
    const product = await chat({ sessionId: id, text: '1' }, shopper.auth);
    expect(product.body.messages.find((message: { card?: { type: string } }) => message.card?.type === 'product').card).toMatchObject({ name: 'Tomatoes', unit: 'kg' });
    expect(product.body.cartChanged).toBeUndefined();
    await chat({ sessionId: id, text: '1' }, shopper.auth);
    const added = await chat({ sessionId: id, text: '2' }, shopper.auth);
    expect(added.body.cartChanged).toBe(true);
    const cart = await chat({ sessionId: id, text: '3' }, shopper.auth);
    expect(cart.body.messages.find((message: { card?: { type: string } }) => message.card?.type === 'cart').card).toMatchObject({ type: 'cart', items: 2, lines: [{ name: 'Tomatoes', quantity: '2 kg' }] });
    // Checkout, a new address (district, sector, street, place, phone), the earliest delivery window.
    for (const text of ['Checkout', '1', 'Remera', 'KG 7 Ave', 'Blue gate', '1', '1']) await chat({ sessionId: id, text }, shopper.auth);
    const placed = await chat({ sessionId: id, text: '1' }, shopper.auth);
    expect(placed.body.end).toBe(true);
    expect(placed.body.cartChanged).toBe(true);
    expect(placed.body.order).toEqual({ id: expect.any(String), number: expect.stringMatching(/^[A-Z0-9]{8}$/), words: { see: `See order ${placed.body.order.number}`, or: 'or', track: 'track your orders' } });
    const orders = await shop.http.get('/api/order/getUserOrders').set(shopper.auth);
    expect(orders.body.orders[0]._id).toBe(placed.body.order.id);
  });

  it('carries on with the add once a guest has signed in from the log-in prompt', async () => {
    const opened = await chat({ text: 'tomatoes' });
    const id = opened.body.sessionId;
    await chat({ sessionId: id, text: '1' });
    const asked = await chat({ sessionId: id, text: '1' });
    expect(asked.body.messages.at(-1).text).toBe('Please log in to add items to your cart.');
    const shopper = await shop.newShopper();
    const resumed = await chat({ sessionId: id, text: '' }, shopper.auth);
    expect(resumed.body.messages.at(-1).text).toContain('Quantity in kg');
    const added = await chat({ sessionId: id, text: '1' }, shopper.auth);
    expect(added.body.messages.at(-1).text).toContain('Added 1 kg Tomatoes');
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    expect(cart.body.cart.products[0]).toMatchObject({ quantity: 1, productId: { productname: 'Tomatoes' } });
  });
});
