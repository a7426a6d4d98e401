import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

describe('health', () => {
  it('reports the database it runs on', async () => {
    const response = await shop.http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});
