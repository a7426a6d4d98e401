// The MTN MoMo Collections client against the local fake of MTN's API: the token (Basic auth, kept for
// its lifetime, renewed before it runs out and after MTN ends it early), the request-to-pay's headers
// and body, the status endpoint's answers, and MTN failing: a 4xx, a 500, no answer at all. The fake's
// own checks are tested too: a fake that let anything through would prove nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type MomoSettings } from '../../server/config';
import { momoCollections, readReason, type RequestToPayBody } from '../../server/modules/payments/momo-collections';
import { startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';

let fake: FakeMomo;
let settings: MomoSettings;
beforeAll(async () => {
  fake = await startFakeMomoCollections({ callbackHost: 'isoko.test' });
  // Short, so the two "MTN never answers" cases end quickly; long enough that a loaded machine's
  // answer to a request that is answered is not taken for none (400 ms was, once, in CI).
  settings = { ...loadConfig(fake.environment()).momo!, timeoutMs: 2000 };
});
afterAll(async () => fake.close());

const body = (overrides: Partial<RequestToPayBody> = {}): RequestToPayBody => ({
  amount: '2650',
  currency: 'RWF',
  externalId: 'order-1',
  payer: { partyIdType: 'MSISDN', partyId: '250788123456' },
  payerMessage: 'Isoko order 12AB34CD',
  payeeNote: 'Order 12AB34CD',
  ...overrides,
});

describe('momoCollections: request-to-pay', () => {
  it('sends a request MTN accepts, with the token it asked for once', async () => {
    const client = momoCollections(settings);
    const before = fake.tokensIssued;
    const first = randomUUID();
    const second = randomUUID();
    expect(await client.requestToPay(first, body(), 'http://isoko.test/momo/callback')).toEqual({ kind: 'accepted' });
    expect(await client.requestToPay(second, body({ externalId: 'order-2' }))).toEqual({ kind: 'accepted' });
    expect(fake.tokensIssued - before).toBe(1);
    const held = fake.requests.find((request) => request.referenceId === first)!;
    expect(held).toMatchObject({ status: 'PENDING', callbackUrl: 'http://isoko.test/momo/callback', body: body() });
    expect(fake.requests.find((request) => request.referenceId === second)?.callbackUrl).toBeUndefined();
  });

  it('asks for a new token when its own is about to run out, and when MTN ended it early', async () => {
    let clock = Date.now();
    const client = momoCollections(settings, { now: () => clock });
    const before = fake.tokensIssued;
    await client.requestToPay(randomUUID(), body());
    // 59 minutes later: MTN's token lasts an hour, so the client renews it before using it again.
    clock += 59 * 60 * 1000;
    await client.requestToPay(randomUUID(), body());
    expect(fake.tokensIssued - before).toBe(2);
    // MTN ends every token (the API key was renewed): the 401 makes the client ask again, once.
    fake.expireTokens();
    const referenceId = randomUUID();
    expect(await client.requestToPay(referenceId, body())).toEqual({ kind: 'accepted' });
    expect(fake.tokensIssued - before).toBe(3);
    expect(fake.requests.some((request) => request.referenceId === referenceId)).toBe(true);
  });

  it('says MTN refused a request it does not hold, and names why', async () => {
    const wrongKey = momoCollections({ ...settings, subscriptionKey: 'a-wrong-subscription-key' });
    const refused = await wrongKey.requestToPay(randomUUID(), body());
    expect(refused.kind).toBe('refused');
    expect(refused.kind === 'refused' && refused.reason).toMatch(/401/);

    const client = momoCollections(settings);
    fake.nextRequestToPay('http_400');
    expect((await client.requestToPay(randomUUID(), body())).kind).toBe('refused');
    // A reference id that is not a UUID v4 is outside MTN's specification.
    expect(await client.requestToPay('12345', body())).toMatchObject({ kind: 'refused', reason: expect.stringContaining('UUID v4') });
  });

  it('cannot tell whether MTN holds a request it answered with a 500 or not at all', async () => {
    const client = momoCollections(settings);
    await client.requestToPay(randomUUID(), body()); // a token first, so only the request itself fails below
    fake.nextRequestToPay('http_500');
    expect(await client.requestToPay(randomUUID(), body())).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('500') });
    fake.nextRequestToPay('no_answer');
    expect(await client.requestToPay(randomUUID(), body())).toEqual({ kind: 'unknown', reason: 'MTN did not answer in time' });
    // MTN took this one and its answer was lost: the status endpoint knows it.
    const lost = randomUUID();
    fake.nextRequestToPay('accept_then_500');
    expect((await client.requestToPay(lost, body())).kind).toBe('unknown');
    expect(await client.status(lost)).toEqual({ kind: 'pending' });
  });

  it('reads the status: pending, successful with the transaction id, failed with the reason in either shape, unknown', async () => {
    const client = momoCollections(settings);
    const [paid, declined, expired, never] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const referenceId of [paid, declined, expired]) await client.requestToPay(referenceId, body());
    expect(await client.status(paid)).toEqual({ kind: 'pending' });
    const settled = await fake.settle(paid, { status: 'SUCCESSFUL', callback: false });
    expect(await client.status(paid)).toEqual({ kind: 'successful', financialTransactionId: settled.financialTransactionId, amount: '2650', currency: 'RWF' });
    await fake.settle(declined, { status: 'FAILED', reason: 'APPROVAL_REJECTED', callback: false });
    expect(await client.status(declined)).toEqual({ kind: 'failed', reason: { code: 'APPROVAL_REJECTED' } });
    await fake.settle(expired, { status: 'FAILED', reason: 'EXPIRED', reasonAs: 'object', callback: false });
    expect(await client.status(expired)).toEqual({ kind: 'failed', reason: { code: 'EXPIRED', message: 'The request expired' } });
    expect(await client.status(never)).toEqual({ kind: 'not_found' });
    fake.nextStatus('http_500', 'no_answer');
    expect(await client.status(paid)).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('500') });
    expect(await client.status(paid)).toEqual({ kind: 'unknown', reason: 'MTN did not answer in time' });
  });

  it('reads a reason given as a string, as {code, message}, or not at all', () => {
    expect(readReason('NOT_ENOUGH_FUNDS')).toEqual({ code: 'NOT_ENOUGH_FUNDS' });
    expect(readReason({ code: 'PAYER_NOT_FOUND', message: 'Payer not found' })).toEqual({ code: 'PAYER_NOT_FOUND', message: 'Payer not found' });
    expect(readReason({ message: 'Something odd' })).toEqual({ code: 'UNKNOWN', message: 'Something odd' });
    expect(readReason(undefined)).toEqual({ code: 'UNKNOWN' });
  });
});

describe('the fake refuses what MTN refuses', () => {
  async function token(): Promise<string> {
    const response = await fetch(`${fake.url}/collection/token/`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${fake.apiUser}:${fake.apiKey}`).toString('base64')}`, 'Ocp-Apim-Subscription-Key': fake.subscriptionKey },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { access_token: string; expires_in: number };
    expect(answer.expires_in).toBe(3600);
    return answer.access_token;
  }
  const send = async (accessToken: string, headers: Record<string, string | undefined>, payload: unknown) => {
    const all: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      'Ocp-Apim-Subscription-Key': fake.subscriptionKey,
      'X-Reference-Id': randomUUID(),
      'X-Target-Environment': 'mtnrwanda',
      'Content-Type': 'application/json',
    };
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) delete all[name];
      else all[name] = value;
    }
    const response = await fetch(`${fake.url}/collection/v1_0/requesttopay`, { method: 'POST', headers: all, body: JSON.stringify(payload) });
    return { status: response.status, body: response.status === 202 ? undefined : ((await response.json()) as { code: string }) };
  };

  it('checks every header, the body types and the reference id', async () => {
    const accessToken = await token();
    expect((await send(accessToken, {}, body())).status).toBe(202);
    const cases: [Record<string, string | undefined>, unknown, number, string][] = [
      [{ 'X-Reference-Id': undefined }, body(), 400, 'BAD_REQUEST'],
      [{ 'X-Reference-Id': '6ba7b810-9dad-11d1-80b4-00c04fd430c8' }, body(), 400, 'BAD_REQUEST'], // a UUID v1
      [{ 'X-Target-Environment': 'sandbox' }, body(), 500, 'NOT_ALLOWED_TARGET_ENVIRONMENT'],
      [{ 'Ocp-Apim-Subscription-Key': 'wrong' }, body(), 401, 'ACCESS_DENIED'],
      [{ Authorization: 'Bearer made-up' }, body(), 401, 'UNAUTHORIZED'],
      [{ 'Content-Type': 'text/plain' }, body(), 400, 'BAD_REQUEST'],
      [{ 'X-Callback-Url': 'http://elsewhere.example/momo/callback' }, body(), 500, 'INVALID_CALLBACK_URL_HOST'],
      [{}, { ...body(), amount: 2650 }, 400, 'BAD_REQUEST'],
      [{}, body({ amount: '2650.50' }), 400, 'BAD_REQUEST'], // RWF has no minor unit
      [{}, body({ currency: 'EUR' }), 500, 'INVALID_CURRENCY'],
      [{}, body({ payer: { partyIdType: 'MSISDN', partyId: '+250788123456' } }), 400, 'BAD_REQUEST'],
      [{}, body({ payerMessage: "Isoko's order" }), 400, 'BAD_REQUEST'],
      [{}, body({ payeeNote: 'x'.repeat(161) }), 400, 'BAD_REQUEST'],
      [{}, { ...body(), externalId: undefined }, 400, 'BAD_REQUEST'],
    ];
    for (const [headers, payload, status, code] of cases) {
      expect(await send(accessToken, headers, payload), JSON.stringify(headers) + JSON.stringify(payload)).toEqual({ status, body: expect.objectContaining({ code }) });
    }
    const reused = randomUUID();
    expect((await send(accessToken, { 'X-Reference-Id': reused }, body())).status).toBe(202);
    expect(await send(accessToken, { 'X-Reference-Id': reused }, body())).toEqual({ status: 409, body: expect.objectContaining({ code: 'RESOURCE_ALREADY_EXIST' }) });
  });

  it('refuses a token asked for with the wrong key or with a body, and one that expired', async () => {
    const basic = `Basic ${Buffer.from(`${fake.apiUser}:${fake.apiKey}`).toString('base64')}`;
    const ask = (headers: Record<string, string>, payload?: string) => fetch(`${fake.url}/collection/token/`, { method: 'POST', headers, body: payload });
    expect((await ask({ Authorization: `Basic ${Buffer.from(`${fake.apiUser}:wrong`).toString('base64')}`, 'Ocp-Apim-Subscription-Key': fake.subscriptionKey })).status).toBe(401);
    expect((await ask({ Authorization: basic, 'Ocp-Apim-Subscription-Key': 'wrong' })).status).toBe(401);
    expect((await ask({ Authorization: basic, 'Ocp-Apim-Subscription-Key': fake.subscriptionKey }, '{}')).status).toBe(400);
    const accessToken = await token();
    fake.expireTokens();
    expect(await send(accessToken, {}, body())).toEqual({ status: 401, body: expect.objectContaining({ code: 'UNAUTHORIZED' }) });
  });
});
