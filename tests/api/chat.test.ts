// POST /api/chat: the shape of one conversation turn (docs/api.md). What the conversation says is the
// conversation engine's own suite; here only the contract every chat client reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../support/test-app';
import { expectErrorShape, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

function expectTurn(body: Record<string, unknown>) {
  expect(body).toEqual({
    sessionId: expect.any(String),
    messages: expect.any(Array),
    options: expect.any(Array),
    end: expect.any(Boolean),
  });
  const messages = body.messages as Array<Record<string, unknown>>;
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).toEqual(expect.objectContaining({ text: expect.any(String) }));
  for (const option of body.options as Array<Record<string, unknown>>) {
    expect(option).toEqual(expect.objectContaining({ key: expect.any(String), label: expect.any(String) }));
  }
}

describe('POST /chat', () => {
  it('starts a guest conversation and keeps its session on the next turn', async () => {
    const first = await shop.http.post('/api/chat').send({ text: '' });
    expect(first.status).toBe(200);
    expectTurn(first.body);
    const option = first.body.options[0];
    const second = await shop.http.post('/api/chat').send({ sessionId: first.body.sessionId, text: option?.key ?? '1' });
    expect(second.status).toBe(200);
    expectTurn(second.body);
    expect(second.body.sessionId).toBe(first.body.sessionId);
  });

  it('talks to a signed-in shopper, and refuses a stale token with 401 "token"', async () => {
    const shopper = await shop.newShopper();
    const turn = await shop.http.post('/api/chat').set(shopper.auth).send({ text: '' });
    expect(turn.status).toBe(200);
    expectTurn(turn.body);
    await shop.http.get('/api/user/logout').set(shopper.auth);
    expectTokenRejected(await shop.http.post('/api/chat').set(shopper.auth).send({ text: '' }));
  });

  it('validates its input', async () => {
    expectErrorShape(await shop.http.post('/api/chat').send({}), 400, 'Text is required');
    expectErrorShape(await shop.http.post('/api/chat').send({ text: 'x'.repeat(501) }), 400);
    expectErrorShape(await shop.http.post('/api/chat').send({ sessionId: '../../etc', text: 'hi' }), 400);
    expectErrorShape(await shop.http.post('/api/chat').set('Content-Type', 'application/json').send('{oops'), 400);
  });
});
