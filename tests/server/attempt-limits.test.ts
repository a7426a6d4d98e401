// Limits on guessing: passwords per account and per client address, reset codes per account, the
// 5 tries of a reset code (per requester) under concurrency, and counts every server instance shares (the database).
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { ShopDeps } from '../../server/lib/deps';
import {
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  MAX_RESET_CODES_PER_HOUR,
  RESET_CODE_MAX_ATTEMPTS,
} from '../../server/modules/users/accounts.service';
import { createTestShop, lastMessageTo, uniqueEmail, uniquePhone, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const login = (http: TestShop['http'], identifier: string, password: string, from?: string) => {
  const request = http.post('/api/auth/login');
  if (from) request.set('X-Forwarded-For', from);
  return request.send({ identifier, password });
};

/** The same app as another server instance would run it: its own Kysely object over the same database. */
function secondInstance(deps: ShopDeps) {
  const server = createAdaptorServer({ fetch: createApp({ ...deps, db: deps.db.withoutPlugins() }).fetch }) as Server;
  return { http: supertest(server), close: () => server.close() };
}

describe('guessing limits', () => {
  it('stops password guessing on one account after repeated failures, even with the right password', async () => {
    const shopper = await shop.newShopper();
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      const wrong = await login(shop.http, shopper.user.email!, 'not-it');
      expect(wrong.status).toBe(400);
    }
    const blocked = await login(shop.http, shopper.user.email!, shopper.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed attempts/);

    // Another shopper is not affected.
    const other = await shop.newShopper();
    expect((await login(shop.http, other.user.email!, other.password)).status).toBe(200);
  });

  it('counts one phone number however it is written', async () => {
    const phone = '+250788123999';
    const shopper = await shop.newShopper({ email: uniqueEmail(), phoneNumber: phone, password: 'right-one' });
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      expect((await login(shop.http, phone, `wrong-${attempt}`)).status).toBe(400);
    }
    for (const spelling of ['0788 123 999', '0788-123999', '250788123999', ' +250 788 123 999 ']) {
      const response = await login(shop.http, spelling, shopper.password);
      expect(response.status, spelling).toBe(429);
    }
    // An email in capitals is the same account's address too.
    const byEmail = await shop.newShopper();
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) await login(shop.http, byEmail.user.email!, 'wrong');
    expect((await login(shop.http, byEmail.user.email!.toUpperCase(), byEmail.password)).status).toBe(429);
  });

  it('keeps the counts in the database, so another server instance sees them', async () => {
    const shopper = await shop.newShopper();
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) await login(shop.http, shopper.user.email!, 'wrong');
    const other = secondInstance(shop.deps);
    try {
      expect((await login(other.http, shopper.user.email!, shopper.password)).status).toBe(429);
    } finally {
      other.close();
    }
  });

  it('limits failures from one client address across many accounts, and not other addresses', { timeout: 60_000 }, async () => {
    // The test server trusts X-Forwarded-For only when TRUST_PROXY is set: here each call's socket is loopback.
    const proxied = await createProxiedApp();
    try {
      const from = '198.51.100.7';
      for (let sent = 0; sent < MAX_FAILED_LOGINS_PER_ADDRESS; sent += 20) {
        const batch = Array.from({ length: Math.min(20, MAX_FAILED_LOGINS_PER_ADDRESS - sent) }, () => login(proxied.http, uniqueEmail('nobody'), 'guess', from));
        expect((await Promise.all(batch)).map((response) => response.status)).toEqual(batch.map(() => 400));
      }
      const shopper = await shop.newShopper();
      const blocked = await login(proxied.http, shopper.user.email!, shopper.password, from);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many failed attempts/);
      expect((await login(proxied.http, shopper.user.email!, shopper.password, '203.0.113.9')).status).toBe(200);
    } finally {
      proxied.close();
    }
  });

  it('sends at most a few reset codes an hour to one account, answering the same each time', async () => {
    const shopper = await shop.newShopper();
    const answers = [];
    for (let request = 0; request < MAX_RESET_CODES_PER_HOUR + 2; request += 1) {
      answers.push((await shop.http.post('/api/auth/forgot-password').send({ email: shopper.user.email })).body);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await lastMessageTo(shop.deps, shopper.user.email!); // waits for the sending to finish
    const sent = await shop.deps.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recipient', '=', shopper.user.email!)
      .executeTakeFirstOrThrow();
    expect(Number(sent.count)).toBe(MAX_RESET_CODES_PER_HOUR);
  });
});

async function createProxiedApp() {
  const { loadConfig } = await import('../../server/config');
  const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', TRUST_PROXY: 'true' });
  const server = createAdaptorServer({ fetch: createApp({ ...shop.deps, config }).fetch }) as Server;
  return { http: supertest(server), close: () => server.close() };
}

describe('reset code tries under concurrency', () => {
  it('compares at most 5 guesses, however many arrive at once: the right code sent 25th fails', async () => {
    const shopper = await shop.newShopper({ password: 'keep-this' });
    await shop.http.post('/api/auth/forgot-password').send({ email: shopper.user.email });
    const code = /\b(\d{6})\b/.exec((await lastMessageTo(shop.deps, shopper.user.email!))!.body)![1];
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const guesses = Array.from({ length: 60 }, (_, n) => (n === 24 ? code : wrong(n + 1)));
    const answers = await Promise.all(
      guesses.map((guess) => shop.http.post('/api/auth/reset-password').send({ email: shopper.user.email, code: guess, password: 'taken-over' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(guesses.map(() => 400));
    expect((await login(shop.http, shopper.user.email!, 'keep-this')).status).toBe(200);
    // The code's tries in all (auth.service counts them per code): only this requester's 5 were compared.
    const { id } = await shop.deps.db.selectFrom('password_reset_codes').select('id').where('user_id', '=', shopper.user._id).executeTakeFirstOrThrow();
    const counted = await shop.deps.db.selectFrom('attempt_counters').select('count').where('key', '=', `reset-try-code:code:${id}`).executeTakeFirstOrThrow();
    expect(counted.count).toBe(RESET_CODE_MAX_ATTEMPTS);
  });
});

describe('forgot-password', () => {
  it('answers before any work for the account is done, so a known account answers as fast as an unknown one', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const notifier = { send: async (message: { recipient: string }) => { await held; sent.push(message.recipient); } };
    const server = createAdaptorServer({ fetch: createApp({ ...shop.deps, notifier }).fetch }) as Server;
    try {
      const http = supertest(server);
      const shopper = await shop.newShopper({ phoneNumber: uniquePhone() });
      // The notifier is stuck: a known account's answer must not wait for it.
      const known = await http.post('/api/auth/forgot-password').timeout(5000).send({ email: shopper.user.email });
      const unknown = await http.post('/api/auth/forgot-password').timeout(5000).send({ email: uniqueEmail('ghost') });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(sent).toEqual([]);
      release();
      await lastMessageTo(shop.deps, shopper.user.email!);
      expect(sent).toEqual([shopper.user.email]);
    } finally {
      release();
      server.close();
    }
  });
});
