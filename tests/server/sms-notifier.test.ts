// The Africa's Talking SMS adapter behind the notifier, against a local fake of the provider that
// checks each request as the provider documents it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxNotifier, retryFailedMessages } from '../../server/lib/notifier';
import { silentLogger, type Logger } from '../../server/lib/logger';
import { africasTalkingSms, messagingUrl, AFRICAS_TALKING_LIVE_URL, AFRICAS_TALKING_SANDBOX_URL } from '../../server/lib/sms/africas-talking-sms';
import { loadConfig } from '../../server/config';
import { openTestDatabase } from '../support/database';
import { startFakeAfricasTalkingSms, type FakeSms } from '../support/fake-africas-talking-sms';

let fake: FakeSms;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const warnings: Record<string, unknown>[] = [];
const log: Logger = { ...silentLogger(), warn: (_event, fields) => void warnings.push(fields ?? {}) };

beforeAll(async () => {
  fake = await startFakeAfricasTalkingSms();
  database = await openTestDatabase();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const outboxRow = (id: number) => database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lastRow = () => database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('the Africa\'s Talking adapter', () => {
  it('sends the documented request and returns the provider\'s message id', async () => {
    const sms = africasTalkingSms({ username: fake.username, apiKey: fake.apiKey, senderId: 'ISOKO', url: fake.url });
    const { messageId } = await sms.send('+250788111222', 'Isoko: order AB12CD34 is on its way to you.');
    expect(fake.refused).toEqual([]);
    expect(fake.accepted.at(-1)).toEqual({ to: '+250788111222', message: 'Isoko: order AB12CD34 is on its way to you.', from: 'ISOKO', messageId });
    expect(messageId).toMatch(/^ATXid_fake/);
  });

  it('is refused by the provider with a wrong key, and says so without the text', async () => {
    const sms = africasTalkingSms({ username: fake.username, apiKey: 'wrong', url: fake.url });
    await expect(sms.send('+250788111222', 'secret 123456')).rejects.toThrow('SMS provider answered HTTP 401: The supplied authentication is invalid');
    expect(fake.refused.at(-1)).toBe('apiKey header missing or wrong');
  });

  it('treats a recipient status other than 100-102 as refused', async () => {
    fake.failNext(1);
    const sms = africasTalkingSms({ username: fake.username, apiKey: fake.apiKey, url: fake.url });
    await expect(sms.send('+250788111222', 'hello')).rejects.toThrow('SMS provider refused the message: InsufficientBalance (405)');
  });

  it('uses the sandbox host for the sandbox username, the live one otherwise, or the URL given', () => {
    expect(messagingUrl({ username: 'sandbox' })).toBe(AFRICAS_TALKING_SANDBOX_URL);
    expect(messagingUrl({ username: 'isoko' })).toBe(AFRICAS_TALKING_LIVE_URL);
    expect(messagingUrl({ username: 'isoko', url: fake.url })).toBe(fake.url);
  });

  it('is off without configuration, and needs both username and key', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ AT_USERNAME: 'isoko', AT_API_KEY: 'k', AT_SMS_URL: fake.url }).sms).toEqual({ username: 'isoko', apiKey: 'k', senderId: undefined, url: fake.url });
    expect(() => loadConfig({ AT_USERNAME: 'isoko' })).toThrow(/AT_API_KEY.*set both AT_USERNAME and AT_API_KEY/);
  });
});

describe('the notifier with SMS configured', () => {
  const sms = () => africasTalkingSms({ username: fake.username, apiKey: fake.apiKey, url: fake.url });

  it('writes the outbox row, sends, then clears the body and keeps who, what kind, status and the provider id', async () => {
    const notifier = outboxNotifier(database.db, log, { sms: sms() });
    await notifier.send({ channel: 'sms', recipient: '+250788000111', subject: 'Order AB12CD34', body: 'Isoko: order AB12CD34 was delivered.', kind: 'order_status' });
    const row = await lastRow();
    expect(row).toMatchObject({ recipient: '+250788000111', kind: 'order_status', status: 'sent', body: null, attempts: 1, last_error: null });
    expect(row.provider_message_id).toBe(fake.accepted.at(-1)!.messageId);
    expect(fake.accepted.at(-1)!.message).toBe('Isoko: order AB12CD34 was delivered.');
  });

  it('keeps a refused message for retry, logs it without the body, and a retry sends it', async () => {
    const notifier = outboxNotifier(database.db, log, { sms: sms() });
    fake.failNext(1, 'http_500');
    await notifier.send({ channel: 'sms', recipient: '+250788000222', subject: 'Reset', body: 'Your code is 654321', kind: 'reset_code' });
    const failed = await lastRow();
    expect(failed).toMatchObject({ status: 'failed', body: 'Your code is 654321', attempts: 1 });
    expect(failed.last_error).toContain('HTTP 500');
    expect(JSON.stringify(warnings)).not.toContain('654321');
    expect(warnings.at(-1)).toMatchObject({ outboxId: failed.id });

    expect(await retryFailedMessages(database.db, log, { sms: sms() })).toBe(1);
    expect(await outboxRow(failed.id)).toMatchObject({ status: 'sent', body: null, attempts: 2 });
    expect(fake.accepted.at(-1)).toMatchObject({ to: '+250788000222', message: 'Your code is 654321' });
  });

  it('sends each failed message once when several instances retry at the same moment', async () => {
    const notifier = outboxNotifier(database.db, log, { sms: sms() });
    fake.failNext(3, 'http_500');
    for (const n of [1, 2, 3]) await notifier.send({ channel: 'sms', recipient: `+25078800040${n}`, subject: 'Order', body: `retry me ${n}`, kind: 'order_status' });
    const before = fake.accepted.length;
    // Three instances' retry jobs, each with its own connection on PostgreSQL.
    const counts = await Promise.all([1, 2, 3].map(() => retryFailedMessages(database.db, log, { sms: sms() })));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    const sentTexts = fake.accepted.slice(before).map((message) => message.message).sort();
    expect(sentTexts).toEqual(['retry me 1', 'retry me 2', 'retry me 3']);
  });

  it('leaves a message another instance is sending, and takes it back once that claim ran out', async () => {
    const notifier = outboxNotifier(database.db, log, { sms: sms() });
    fake.failNext(1, 'http_500');
    await notifier.send({ channel: 'sms', recipient: '+250788000501', subject: 'Order', body: 'claimed elsewhere', kind: 'order_status' });
    const row = await lastRow();
    // As if an instance had claimed it and was still waiting for the provider.
    await database.db.updateTable('outbox').set({ status: 'sending', claimed_until: new Date(Date.now() + 60_000) }).where('id', '=', row.id).execute();
    expect(await retryFailedMessages(database.db, log, { sms: sms() })).toBe(0);
    // That instance died: its claim runs out and the message goes from here.
    await database.db.updateTable('outbox').set({ claimed_until: new Date(Date.now() - 1_000) }).where('id', '=', row.id).execute();
    expect(await retryFailedMessages(database.db, log, { sms: sms() })).toBe(1);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', body: null, claimed_until: null });
    expect(fake.accepted.at(-1)).toMatchObject({ to: '+250788000501', message: 'claimed elsewhere' });
  });

  it('leaves e-mail in the outbox (no e-mail provider), with its body', async () => {
    const notifier = outboxNotifier(database.db, log, { sms: sms() });
    const before = fake.accepted.length;
    await notifier.send({ channel: 'email', recipient: 'shop@example.rw', subject: 'Contact', body: 'Hello' });
    expect(await lastRow()).toMatchObject({ channel: 'email', status: 'kept', body: 'Hello' });
    expect(fake.accepted.length).toBe(before);
  });

  it('without a provider keeps every SMS in the outbox, body and all', async () => {
    await outboxNotifier(database.db, log).send({ channel: 'sms', recipient: '+250788000333', subject: 'x', body: 'kept text' });
    expect(await lastRow()).toMatchObject({ status: 'kept', body: 'kept text', kind: 'general' });
  });
});
