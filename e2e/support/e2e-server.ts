// The browser suites' server: a fresh database with one staff account, the shop's owner (made through
// the same services `npm run staff -- add` uses: the first staff member of a shop is its owner too), SMS sent to the tests' fake of Africa's Talking and e-mail to
// a real SMTP server on 127.0.0.1 (free ports both), then the real server (server/main.ts) in this same
// process, so the fakes live and die with it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { consoleLogger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import type { ShopDeps } from '../../server/lib/deps';
import { register } from '../../server/modules/users/accounts.service';
import { addFromShell } from '../../server/modules/users/staff-members.service';
import { startFakeAfricasTalkingSms } from '../../tests/support/fake-africas-talking-sms';
import { startFakeSmtp } from '../../tests/support/fake-smtp';
import { startFakeMomoCollections } from '../../tests/support/fake-momo-collections';
import { E2E_STAFF, fakeMomoUrlFile, fakeSmsUrlFile, fakeSmtpLogFile } from './staff-account';

async function createStaffAccount() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const log = consoleLogger();
    const deps: ShopDeps = { db: database.db, databaseKind: database.kind, config, log, notifier: outboxNotifier(database.db, log) };
    await register(deps, { fullName: E2E_STAFF.fullName, email: E2E_STAFF.email, phoneNumber: E2E_STAFF.phoneNumber, password: E2E_STAFF.password });
    await addFromShell({ db: database.db }, E2E_STAFF.email, 'staff');
  } finally {
    await database.close();
  }
}

mkdirSync('.tmp', { recursive: true });
await createStaffAccount();
const fake = await startFakeAfricasTalkingSms({ username: 'isoko-e2e', apiKey: 'atsk_e2e_0123456789abcdef' });
// The specs read what it accepted from GET /__log beside this address.
writeFileSync(fakeSmsUrlFile(process.env.PORT ?? '3000'), fake.url);
process.env.AT_USERNAME = fake.username;
process.env.AT_API_KEY = fake.apiKey;
process.env.AT_SMS_URL = fake.url;
const smtp = await startFakeSmtp({ sender: 'shop@isoko.test' });
writeFileSync(fakeSmtpLogFile(process.env.PORT ?? '3000'), smtp.logUrl);
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = `Isoko <${smtp.sender}>`;
// MTN MoMo request-to-pay against the fake; its callbacks come back to this server, on localhost as
// PUBLIC_BASE_URL says (the address the pages already use, so image links are what they were).
const momo = await startFakeMomoCollections({ callbackHost: 'localhost' });
writeFileSync(fakeMomoUrlFile(process.env.PORT ?? '3000'), momo.url);
Object.assign(process.env, momo.environment(), { PUBLIC_BASE_URL: `http://localhost:${process.env.PORT ?? '3000'}` });
await import('../../server/main');
