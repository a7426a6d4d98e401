// No one-time code and no message body reaches the log, in any environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ShopDeps } from '../../server/lib/deps';
import type { Logger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import { createTestShop, lastMessageTo, uniqueEmail, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (event: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ event, ...fields }));
  return { lines, info: keep, warn: keep, error: keep };
}

describe('the log', () => {
  it('never holds a reset code or a message body, even in production', async () => {
    const log = recordingLogger();
    const config = loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: 'true', USSD_SECRET: 'a-production-secret-123' });
    const deps: ShopDeps = { ...shop.deps, config, log, notifier: outboxNotifier(shop.deps.db, log) };
    const app = createApp(deps);
    const shopper = await shop.newShopper();
    const json = (body: object) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await app.request('/api/auth/forgot-password', json({ email: shopper.user.email }))).status).toBe(200);
    const sent = await lastMessageTo(shop.deps, shopper.user.email!);
    const code = /\b(\d{6})\b/.exec(sent!.body)![1];
    const secretWords = 'A private question about my delivery';
    expect((await app.request('/api/contact', json({ name: 'Keza', email: uniqueEmail(), subject: 'Hello', message: secretWords }))).status).toBe(201);

    const everything = log.lines.join('\n');
    expect(log.lines.some((line) => line.includes('"notification"'))).toBe(true);
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(sent!.body);
    expect(everything).not.toContain(secretWords);
  });
});
