import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS, MAX_RESET_CODES_PER_HOUR } from '../../server/modules/auth/auth.service';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

describe('guessing limits', () => {
  it('stops password guessing on one account after repeated failures, even with the right password', async () => {
    const shopper = await shop.newShopper();
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      const wrong = await shop.http.post('/api/auth/login').send({ identifier: shopper.user.email, password: 'not-it' });
      expect(wrong.status).toBe(400);
    }
    const blocked = await shop.http.post('/api/auth/login').send({ identifier: shopper.user.email, password: shopper.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed attempts/);

    // Another shopper is not affected.
    const other = await shop.newShopper();
    const ok = await shop.http.post('/api/auth/login').send({ identifier: other.user.email, password: other.password });
    expect(ok.status).toBe(200);
  });

  it('sends at most a few reset codes an hour to one account, answering the same each time', async () => {
    const shopper = await shop.newShopper();
    const answers = [];
    for (let request = 0; request < MAX_RESET_CODES_PER_HOUR + 2; request += 1) {
      answers.push((await shop.http.post('/api/auth/forgot-password').send({ email: shopper.user.email })).body);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const sent = await shop.deps.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recipient', '=', shopper.user.email!)
      .executeTakeFirstOrThrow();
    expect(Number(sent.count)).toBe(MAX_RESET_CODES_PER_HOUR);
  });
});
