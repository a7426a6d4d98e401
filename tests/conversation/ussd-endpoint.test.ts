// POST /ussd: the Africa's Talking adapter, the gateway-only rule (secret or loopback), and the
// promise never to answer 500.
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { africasTalking } from '../../server/channels/ussd/africas-talking';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ShopDeps } from '../../server/lib/deps';
import { silentLogger } from '../../server/lib/logger';
import { createTestShop, lastMessageTo, uniquePhone, type TestShop } from '../support/test-app';

const SECRET = 'ussd-test-secret-0123456789';
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ USSD_SECRET: SECRET });
});
afterAll(async () => shop.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const call = (phoneNumber: string, text = '', sessionId = `s-${Math.random()}`) => ({ sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text });

function appWithoutSecret(log = silentLogger()) {
  const deps: ShopDeps = { ...shop.deps, log, config: loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false' }) };
  return createApp(deps);
}

describe("Africa's Talking adapter", () => {
  it('reads the form fields and the cumulative text', () => {
    expect(africasTalking.parse(call('+250788000001', '1*tomatoes', 'abc'))).toEqual({
      sessionId: 'abc',
      phoneNumber: '+250788000001',
      serviceCode: '*384*4766#',
      networkCode: '63510',
      text: '1*tomatoes',
    });
    expect(africasTalking.parse({ sessionId: 'abc', text: '' })).toBeUndefined();
    expect(africasTalking.parse({ sessionId: 'abc', phoneNumber: 'not a phone' })).toBeUndefined();
  });

  it('answers text/plain starting CON or END', () => {
    const reply = africasTalking.format({ title: 'Hi', lines: [], list: [], options: [], end: false });
    expect(reply).toEqual({ body: 'CON Hi', contentType: 'text/plain; charset=utf-8' });
  });
});

describe('with a shared secret', () => {
  it('accepts the secret in ?key= or the X-USSD-Secret header', async () => {
    const byQuery = await shop.app.request(`/ussd?key=${SECRET}`, form(call(uniquePhone())));
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get('content-type')).toContain('text/plain');
    expect(await byQuery.text()).toMatch(/^CON Choose your language:/);
    const byHeader = await shop.app.request('/ussd', { ...form(call(uniquePhone())), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-USSD-Secret': SECRET } });
    expect(byHeader.status).toBe(200);
  });

  it('refuses a request without it or with a wrong one, even from this machine', async () => {
    expect((await shop.http.post('/ussd').type('form').send(call(uniquePhone()))).status).toBe(403);
    expect((await shop.app.request('/ussd?key=wrong-secret-0123456789', form(call(uniquePhone())))).status).toBe(403);
  });

  it('answers a malformed request with END, not an error page', async () => {
    const response = await shop.app.request(`/ussd?key=${SECRET}`, form({ sessionId: 'x' }));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^END /);
  });
});

describe('without a secret configured', () => {
  it('warns once at start and accepts only loopback callers', async () => {
    const warn = vi.fn();
    const app = appWithoutSecret({ ...silentLogger(), warn });
    expect(warn.mock.calls.filter(([event]) => event === 'ussd_secret_missing')).toHaveLength(1);
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    try {
      const response = await supertest(server).post('/ussd').type('form').send(call(uniquePhone()));
      expect(response.status).toBe(200);
      expect(response.text).toMatch(/^CON /);
    } finally {
      server.close();
    }
    // No connection information (not a loopback socket): refused.
    expect((await app.request('/ussd', form(call(uniquePhone())))).status).toBe(403);
    expect(warn.mock.calls.filter(([event]) => event === 'ussd_secret_missing')).toHaveLength(1);
  });
});

describe('a production start without a secret', () => {
  it('refuses /ussd even from this machine, so no caller can act as any phone number', async () => {
    const error = vi.fn();
    const deps: ShopDeps = { ...shop.deps, log: { ...silentLogger(), error }, config: loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: 'false' }) };
    const app = createApp(deps);
    expect(error).toHaveBeenCalledWith('ussd_secret_missing', expect.objectContaining({ message: expect.stringContaining('USSD_SECRET') }));
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    try {
      const response = await supertest(server).post('/ussd').type('form').send(call(uniquePhone()));
      expect(response.status).toBe(503);
      expect(response.text).toBe('END This service is not available.');
    } finally {
      server.close();
    }
  });
});

describe('a long session', () => {
  it('keeps answering after the gateway text passes 1,000 characters', async () => {
    const phone = uniquePhone();
    const sessionId = `long-${Math.random()}`;
    const inputs: string[] = [];
    const send = async (input: string) => {
      inputs.push(input);
      const response = await shop.app.request(`/ussd?key=${SECRET}`, form(call(phone, inputs.join('*'), sessionId)));
      return response.text();
    };
    const opened = await shop.app.request(`/ussd?key=${SECRET}`, form(call(phone, '', sessionId)));
    expect(await opened.text()).toMatch(/^CON Choose your language/);
    await send('1');
    expect(await send('Long Session Shopper')).toContain('Welcome');
    const longWord = 'tomatoes'.repeat(20); // 160 characters: a search that finds nothing, then Home
    while (inputs.join('*').length <= 1200) {
      expect(await send(longWord)).toMatch(/^CON (?!Invalid)/);
      expect(await send('00')).toMatch(/^CON Welcome/);
    }
    expect(await send('1')).toMatch(/^CON (?!Invalid)/);
    expect(await send('tomatoes')).toContain('Tomatoes');
  });
});

describe('failures', () => {
  it('ends with a short apology and logs, never a 500', async () => {
    const error = vi.fn();
    const broken = new Proxy({}, { get: () => { throw new Error('database is down'); } });
    const deps: ShopDeps = { ...shop.deps, db: broken as ShopDeps['db'], log: { ...silentLogger(), error } };
    const app = createApp(deps);
    const response = await app.request(`/ussd?key=${SECRET}`, form(call(uniquePhone())));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('END Sorry, something went wrong. Please try again later.');
    expect(error).toHaveBeenCalledWith('ussd_failed', expect.objectContaining({ gateway: 'africas-talking' }));
  });
});

describe('one shopper on every channel', () => {
  it('finds the web account registered with the number written another way, once the number is verified', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: `0${phone.slice(4)}` });
    const code = /\b(\d{6})\b/.exec((await lastMessageTo(shop.deps, phone))!.body)![1];
    expect((await shop.http.post('/api/user/verifyPhone').set(shopper.auth).send({ code })).status).toBe(200);
    const sessionId = `one-${Math.random()}`;
    const send = async (text: string) => (await shop.app.request(`/ussd?key=${SECRET}`, form(call(phone, text, sessionId)))).text();
    await send('');
    expect(await send('1')).toContain('Welcome to Isoko!');
    await send('1*tomatoes');
    await send('1*tomatoes*1');
    await send('1*tomatoes*1*1');
    expect(await send('1*tomatoes*1*1*2')).toContain('Added 2 kg Tomatoes');
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    expect(cart.body.cart.products).toEqual([expect.objectContaining({ quantity: 2, productId: expect.objectContaining({ productname: 'Tomatoes' }) })]);
  });
});
