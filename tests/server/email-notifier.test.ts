// E-mail over SMTP behind the notifier, against a real SMTP server on 127.0.0.1 (smtp-server) that
// asks for a password, can refuse a message with a 5xx, and can be down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { htmlOf, smtpEmail, type SmtpSettings } from '../../server/lib/email/smtp-email';
import { silentLogger, type Logger } from '../../server/lib/logger';
import { outboxNotifier, retryFailedMessages } from '../../server/lib/notifier';
import { africasTalkingSms } from '../../server/lib/sms/africas-talking-sms';
import { openTestDatabase } from '../support/database';
import { startFakeAfricasTalkingSms, type FakeSms } from '../support/fake-africas-talking-sms';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';

let smtp: FakeSmtp;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const warnings: { event: string; fields: Record<string, unknown> }[] = [];
const log: Logger = { ...silentLogger(), warn: (event, fields) => void warnings.push({ event, fields: fields ?? {} }) };

beforeAll(async () => {
  smtp = await startFakeSmtp();
  database = await openTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const settings = (overrides: Partial<SmtpSettings> = {}): SmtpSettings => ({
  ...loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: `Isoko <${smtp.sender}>` }).email!,
  ...overrides,
});
const lastRow = () => database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const outboxRow = (id: number) => database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the SMTP adapter', () => {
  it('logs in and sends plain text with a short HTML part, the shop as sender, and returns the Message-ID', async () => {
    const email = smtpEmail(settings());
    const { messageId } = await email.send({ to: 'aline@example.rw', subject: 'Isoko: order AB12CD34 was delivered', text: 'Hello Aline,\n\nYour order was delivered.\nThank you!' });
    const mail = smtp.received.at(-1)!;
    expect(mail).toMatchObject({
      envelopeFrom: smtp.sender,
      envelopeTo: ['aline@example.rw'],
      from: smtp.sender,
      to: ['aline@example.rw'],
      replyTo: [],
      subject: 'Isoko: order AB12CD34 was delivered',
      text: 'Hello Aline,\n\nYour order was delivered.\nThank you!',
      messageId,
    });
    expect(mail.headers.from).toBe(`Isoko <${smtp.sender}>`);
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.html).toContain('<p>Hello Aline,</p>');
    expect(mail.html).toContain('<p>Your order was delivered.<br>\nThank you!</p>');
  });

  it('escapes every character of the text in the HTML part, and the part loads nothing from anywhere', async () => {
    const text = 'From Keza <keza@example.rw>\n\n<img src="https://tracker.example/p.gif"> & <script>alert(1)</script> \'quoted\'';
    await smtpEmail(settings()).send({ to: 'shop@example.rw', subject: 'Contact form: <b>hi</b>', text, replyTo: 'keza@example.rw' });
    const mail = smtp.received.at(-1)!;
    expect(mail.replyTo).toEqual(['keza@example.rw']);
    expect(mail.subject).toBe('Contact form: <b>hi</b>');
    expect(mail.text).toBe(text);
    // Only the frame's own tags, and no attribute that could fetch anything.
    const tags = [...mail.html.matchAll(/<\/?([a-z!]+)([^>]*)>/gi)].map((match) => `${match[1].toLowerCase()}${match[2].includes('=') ? '+attr' : ''}`);
    expect(tags.filter((tag) => !['!doctype', 'html', 'body', 'body+attr', 'p', 'br'].includes(tag))).toEqual([]);
    expect(mail.html).not.toMatch(/url\(|https?:\/\/[^\s&]*\.gif"/i);
    expect(mail.html).toContain('&lt;img src=&quot;https://tracker.example/p.gif&quot;&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; &#39;quoted&#39;');
    expect(htmlOf('a\n\nb')).toMatch(/^<!doctype html>\n<html><body[^>]*>\n<p>a<\/p>\n<p>b<\/p>\n<\/body><\/html>\n$/);
  });

  it('is refused with a wrong password, and says so without the text', async () => {
    const email = smtpEmail(settings({ pass: 'not-the-password' }));
    const before = smtp.received.length;
    await expect(email.send({ to: 'aline@example.rw', subject: 'Reset', text: 'Your code is 123456' })).rejects.toThrow(/^SMTP server refused the login: .*535/);
    expect(smtp.refused.at(-1)).toBe(`login refused for ${smtp.user}`);
    expect(smtp.received.length).toBe(before);
  });

  it('reports a 5xx refusal of the message as the server worded it', async () => {
    smtp.refuseNext(1, { code: 554, message: '5.7.1 Message rejected as spam' });
    const error = await smtpEmail(settings()).send({ to: 'aline@example.rw', subject: 'Hi', text: 'secret 654321' }).catch((caught: Error) => caught);
    expect(String(error)).toMatch(/EmailRefused: SMTP server refused the message: 554 5\.7\.1 Message rejected as spam/);
    expect(String(error)).not.toContain('654321');
  });

  it('is refused when the sender is not the account\'s address', async () => {
    const email = smtpEmail(settings({ from: 'someone@else.example' }));
    await expect(email.send({ to: 'aline@example.rw', subject: 'Hi', text: 'x' })).rejects.toThrow(/refused the message: 553/);
  });

  it('says a server that is down is unreachable', async () => {
    const down = await startFakeSmtp();
    await down.close();
    const email = smtpEmail(loadConfig({ SMTP_URL: down.url, MAIL_FROM: down.sender }).email!);
    await expect(email.send({ to: 'aline@example.rw', subject: 'Hi', text: 'x' })).rejects.toThrow(/^SMTP server unreachable: .*ECONNREFUSED/);
  });
});

describe('the notifier with SMTP configured', () => {
  const email = () => smtpEmail(settings());

  it('writes the outbox row, sends, then clears the text and Reply-To and keeps who, kind, status and the Message-ID', async () => {
    await outboxNotifier(database.db, log, { email: email() }).send({ channel: 'email', recipient: 'shop@isoko.rw', subject: 'Contact form: Hello', body: 'From Keza\n\nHello!', kind: 'contact', replyTo: 'keza@example.rw' });
    const row = await lastRow();
    expect(row).toMatchObject({ channel: 'email', recipient: 'shop@isoko.rw', kind: 'contact', status: 'sent', body: null, reply_to: null, attempts: 1, last_error: null, claimed_until: null });
    expect(row.provider_message_id).toBe(smtp.received.at(-1)!.messageId);
    expect(smtp.received.at(-1)).toMatchObject({ to: ['shop@isoko.rw'], replyTo: ['keza@example.rw'], text: 'From Keza\n\nHello!' });
  });

  it('keeps a refused message for retry, logs it without the text, and a retry sends it with its Reply-To', async () => {
    smtp.refuseNext(1);
    await outboxNotifier(database.db, log, { email: email() }).send({ channel: 'email', recipient: 'shop@isoko.rw', subject: 'Contact form: Later', body: 'kept 246810', kind: 'contact', replyTo: 'eric@example.rw' });
    const failed = await lastRow();
    expect(failed).toMatchObject({ status: 'failed', body: 'kept 246810', reply_to: 'eric@example.rw', attempts: 1 });
    expect(failed.last_error).toMatch(/^SMTP server refused the message: 550/);
    expect(warnings.at(-1)).toMatchObject({ event: 'email_failed', fields: { outboxId: failed.id } });
    expect(JSON.stringify(warnings)).not.toContain('246810');

    expect(await retryFailedMessages(database.db, log, { email: email() })).toBe(1);
    expect(await outboxRow(failed.id)).toMatchObject({ status: 'sent', body: null, reply_to: null, attempts: 2 });
    expect(smtp.received.at(-1)).toMatchObject({ subject: 'Contact form: Later', replyTo: ['eric@example.rw'], text: 'kept 246810' });
  });

  it('keeps what a down server never took, and sends it once the server is back', async () => {
    const down = await startFakeSmtp();
    const downUrl = down.url;
    await down.close();
    const unreachable = smtpEmail(loadConfig({ SMTP_URL: downUrl, MAIL_FROM: smtp.sender }).email!);
    await outboxNotifier(database.db, log, { email: unreachable }).send({ channel: 'email', recipient: 'aline@example.rw', subject: 'Reset', body: 'code 135791', kind: 'reset_code' });
    const failed = await lastRow();
    expect(failed).toMatchObject({ status: 'failed', body: 'code 135791' });
    expect(failed.last_error).toMatch(/^SMTP server unreachable/);
    // The server is back (here: the working one).
    expect(await retryFailedMessages(database.db, log, { email: email() })).toBe(1);
    expect(await outboxRow(failed.id)).toMatchObject({ status: 'sent', body: null });
    expect(smtp.received.at(-1)).toMatchObject({ to: ['aline@example.rw'], text: 'code 135791' });
  });

  it('retries SMS and e-mail in one pass, each message from one instance only', async () => {
    const sms: FakeSms = await startFakeAfricasTalkingSms();
    try {
      const senders = () => ({ email: email(), sms: africasTalkingSms({ username: sms.username, apiKey: sms.apiKey, url: sms.url }) });
      smtp.refuseNext(2);
      sms.failNext(1, 'http_500');
      const notifier = outboxNotifier(database.db, log, senders());
      for (const n of [1, 2]) await notifier.send({ channel: 'email', recipient: `retry${n}@example.rw`, subject: `Retry ${n}`, body: `mail ${n}` });
      await notifier.send({ channel: 'sms', recipient: '+250788000601', subject: 'Order', body: 'text 1' });
      const mailsBefore = smtp.received.length;
      // Three instances' retry jobs at the same moment.
      const counts = await Promise.all([1, 2, 3].map(() => retryFailedMessages(database.db, log, senders())));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
      expect(smtp.received.slice(mailsBefore).map((mail) => mail.text).sort()).toEqual(['mail 1', 'mail 2']);
      expect(sms.accepted.map((message) => message.message)).toEqual(['text 1']);
    } finally {
      await sms.close();
    }
  });

  it('leaves e-mail in the outbox when only SMS is configured, and the SMS retry leaves it alone', async () => {
    await outboxNotifier(database.db, log).send({ channel: 'email', recipient: 'kept@example.rw', subject: 'Kept', body: 'kept text' });
    const kept = await lastRow();
    expect(kept).toMatchObject({ status: 'kept', body: 'kept text' });
    await database.db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', kept.id).execute();
    const sms = africasTalkingSms({ username: 'x', apiKey: 'y', url: 'http://127.0.0.1:9/version1/messaging' });
    await retryFailedMessages(database.db, log, { sms });
    expect(await outboxRow(kept.id)).toMatchObject({ status: 'failed', body: 'kept text', attempts: 0 });
    await database.db.updateTable('outbox').set({ status: 'kept' }).where('id', '=', kept.id).execute();
  });
});

describe('the SMTP settings', () => {
  it('are off without configuration, and need both SMTP_URL and MAIL_FROM', () => {
    expect(loadConfig({}).email).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://a:b@mail.example.rw' })).toThrow(/MAIL_FROM=.*set both SMTP_URL and MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'shop@example.rw' })).toThrow(/MAIL_FROM=.*set both SMTP_URL and MAIL_FROM/);
  });

  it('read smtp:// (port 587 by default) and smtps:// (465), with the user and password URL-decoded', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://shop%40isoko.rw:p%40ss%3Aword@mail.example.rw', MAIL_FROM: 'Isoko <shop@isoko.rw>' }).email).toEqual({
      host: 'mail.example.rw',
      port: 587,
      secure: false,
      user: 'shop@isoko.rw',
      pass: 'p@ss:word',
      from: 'Isoko <shop@isoko.rw>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.rw', MAIL_FROM: 'shop@isoko.rw' }).email).toMatchObject({ port: 465, secure: true });
    expect(loadConfig({ SMTP_URL: 'smtp://relay.local:25', MAIL_FROM: 'shop@isoko.rw' }).email).toMatchObject({ port: 25, user: undefined, pass: undefined });
  });

  it.each([
    ['https://u:secret-pw@mail.example.rw'],
    ['smtp://u:secret-pw@'],
    ['smtp://u:secret-pw@mail.example.rw:99999'],
    ['smtp://u:secret-pw@mail.example.rw/inbox'],
    ['smtp://only-user-secret-pw@mail.example.rw'],
    ['mail.example.rw:587'],
  ])('stop the start on a bad SMTP_URL %s, naming it without its password', (url) => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: url, MAIL_FROM: 'shop@isoko.rw' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/SMTP_URL=".*": must be smtp:\/\/user:password@host:port or smtps:\/\//);
    expect(message).not.toContain('secret-pw');
  });

  it('stop the start on a From that is not an address', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.rw', MAIL_FROM: 'Isoko' })).toThrow(/MAIL_FROM="Isoko": must be an address/);
  });
});
