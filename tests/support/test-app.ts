// One real app over one test database per test file, and small helpers to act as shoppers.
import { createAdaptorServer } from '@hono/node-server';
import supertest from 'supertest';
import type { Server } from 'node:http';
import { createApp, nodeServing } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { backgroundSettled } from '../../server/lib/background';
import type { ShopDeps } from '../../server/lib/deps';
import { silentLogger } from '../../server/lib/logger';
import { smtpEmail } from '../../server/lib/email/smtp-email';
import { outboxNotifier } from '../../server/lib/notifier';
import { africasTalkingSms } from '../../server/lib/sms/africas-talking-sms';
import { whatsappSender } from '../../server/channels/whatsapp/whatsapp-sender';
import { openTestDatabase } from './database';
import type { OpenDatabase } from '../../server/db/connect';

export interface TestShop {
  deps: ShopDeps;
  app: ReturnType<typeof createApp>;
  server: Server;
  http: ReturnType<typeof supertest>;
  /** A new shopper, signed in; unique per call. */
  newShopper(overrides?: Partial<{ fullName: string; email: string; phoneNumber: string; password: string }>): Promise<Shopper>;
  /** A new shopper who has also entered the SMS code for their phone, so USSD and WhatsApp reach the account. */
  newVerifiedShopper(overrides?: Partial<{ fullName: string; email: string; phoneNumber: string; password: string }>): Promise<Shopper>;
  close(): Promise<void>;
}

export interface Shopper {
  token: string;
  user: { _id: string; fullName: string; email?: string; phoneNumber?: string };
  password: string;
  auth: { Authorization: string };
}

let counter = 0;
/** A phone number no other shopper in this run has: +2507 then 8 digits. */
export function uniquePhone(): string {
  counter += 1;
  const digits = `${process.pid % 1000}${Date.now() % 100000}${counter}`.slice(-8).padStart(8, '0');
  return `+2507${digits}`;
}
export const uniqueEmail = (prefix = 'shopper') => `${prefix}.${process.pid}.${Date.now()}.${++counter}@example.rw`;

/**
 * A test shop over its own database, or over `shared` (a second instance of a shop on one PostgreSQL:
 * the database is then the caller's to close).
 */
export async function createTestShop(environment: Record<string, string> = {}, shared?: OpenDatabase): Promise<TestShop> {
  const database = shared ? { ...shared, close: async () => {} } : await openTestDatabase();
  // A fixed public address: supertest opens a new port per request, and image URLs are built from it otherwise.
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', PUBLIC_BASE_URL: 'http://isoko.test', ...environment });
  const log = silentLogger();
  const deps: ShopDeps = { db: database.db, databaseKind: database.kind, config, log, notifier: outboxNotifier(database.db, log, { sms: config.sms && africasTalkingSms(config.sms), email: config.email && smtpEmail(config.email), whatsapp: config.whatsapp && whatsappSender(config.whatsapp) }) };
  const app = createApp(deps);
  // Served as main.ts serves it: stored catalog replies are answered before the middleware chain.
  const server = createAdaptorServer(nodeServing(deps, app)) as Server;
  const http = supertest(server);
  const shop: TestShop = {
    deps,
    app,
    server,
    http,
    async newShopper(overrides = {}) {
      const password = overrides.password ?? 'secret-123';
      const body = { fullName: 'Test Shopper', email: uniqueEmail(), phoneNumber: uniquePhone(), password, ...overrides };
      const response = await http.post('/api/auth/register').send(body);
      if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { token: response.body.token, user: response.body.user, password, auth: { Authorization: `Bearer ${response.body.token}` } };
    },
    async newVerifiedShopper(overrides = {}) {
      const shopper = await shop.newShopper(overrides);
      await verifyShopperPhone(shop, shopper);
      return shopper;
    },
    async close() {
      server.close();
      await database.close();
    },
  };
  return shop;
}

/** The latest message the notifier sent to a recipient (reset codes, contact forms), once sending is done. */
export async function lastMessageTo(deps: ShopDeps, recipient: string) {
  await backgroundSettled(deps);
  const row = await deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // Without an SMS provider (as here) the outbox keeps every body.
  return row && { ...row, body: row.body ?? '' };
}

/** Enters the SMS code the shop sent to the shopper's phone, as the shopper would: then USSD reaches the account. */
export async function verifyShopperPhone(shop: TestShop, shopper: Shopper): Promise<void> {
  const message = await lastMessageTo(shop.deps, shopper.user.phoneNumber!);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  const response = await shop.http.post('/api/user/verifyPhone').set(shopper.auth).send({ code });
  if (response.status !== 200) throw new Error(`verifyPhone failed: ${response.status} ${JSON.stringify(response.body)}`);
}
