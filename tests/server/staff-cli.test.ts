// `npm run staff` as a shop's operator runs it, on an embedded database folder with the server
// stopped: add (staff unless said, the first console member of a shop owner too), remove (a role, or
// every role), list, and clear refusals for an unknown account, a bad role and a bad command line.
// Then the server on that folder: the rider made from the shell is refused the console, the staff
// member the owner's Staff calls, and the owner reaches both.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { silentLogger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import { hashPassword } from '../../server/lib/passwords';
import { insertPhoneAccount, insertWebAccount } from '../../server/modules/users/user-records';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'secret-123';
const RIDER_PHONE = '+250788555101';
let dataDir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run staff -- <args>` (the script package.json runs), on the test's database folder. */
async function staff(...args: string[]): Promise<Run> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/modules/users/staff-cli.ts', ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'isoko-staff-cli-'));
  const database = await openDatabase({ dataDir });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (const [fullName, email] of [['Olive Owner', 'olive@example.rw'], ['Grace Staff', 'grace@example.rw']]) {
      await insertWebAccount({ db: database.db }, { fullName: fullName!, email, unverifiedPhone: null, passwordHash });
    }
    // A rider known by phone (a USSD account), who sets a password by the reset flow to sign in.
    const rider = await insertPhoneAccount({ db: database.db }, RIDER_PHONE, 'Rose Rider');
    await database.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', rider!.id).execute();
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('npm run staff', () => {
  it('adds, lists and removes roles, and refuses what it cannot do', async () => {
    const first = await staff('add', 'olive@example.rw');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      'Olive Owner (olive@example.rw) is staff. The shop had no owner, so they are owner too: they give others their roles in the console. Roles: staff, owner.\n',
    );
    expect((await staff('add', 'GRACE@example.rw')).stdout).toBe('Grace Staff (grace@example.rw) is staff. Roles: staff.\n');
    expect((await staff('add', '0788 555 101', '--role', 'rider')).stdout).toBe(`Rose Rider (${RIDER_PHONE}) is a rider. Roles: rider.\n`);

    const list = await staff('list');
    expect(list.code).toBe(0);
    const rows = list.stdout.trim().split('\n').map((line) => line.split('\t'));
    expect(rows.map((row) => [row[0], row[3]])).toEqual([
      ['Olive Owner', 'staff, owner'],
      ['Grace Staff', 'staff'],
      ['Rose Rider', 'rider'],
    ]);
    expect(rows[2]![2]).toBe(RIDER_PHONE);
    expect(rows[0]![4]).toMatch(/^since \d{4}-\d\d-\d\dT/);

    const nobody = await staff('add', 'nobody@example.rw');
    expect(nobody).toMatchObject({ code: 1, stdout: '' });
    expect(nobody.stderr.trim()).toBe('No account with that e-mail or phone number');
    const cashier = await staff('add', 'grace@example.rw', '--role', 'cashier');
    expect(cashier.code).toBe(2);
    expect(cashier.stderr).toContain('Unknown role "cashier": choose one of staff, packer, rider, owner');
    const shopper = await staff('add', '--role=shopper');
    expect(shopper.code).toBe(2);
    expect(shopper.stderr).toContain('Every account is a shopper: there is no shopper role to give or take');
    expect(shopper.stderr).toContain('Usage: npm run staff -- add <email or phone> [--role staff|packer|rider|owner]');
  }, 180_000);

  it('the server on that folder: the rider is refused the console, staff the Staff calls, the owner reaches both', async () => {
    const database = await openDatabase({ dataDir });
    const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', DATA_DIR: dataDir });
    const log = silentLogger();
    const server = createAdaptorServer({ fetch: createApp({ db: database.db, databaseKind: database.kind, config, log, notifier: outboxNotifier(database.db, log) }).fetch }) as Server;
    const http = supertest(server);
    try {
      const signIn = async (identifier: string) => {
        const response = await http.post('/api/auth/login').send({ identifier, password: PASSWORD });
        expect(response.status).toBe(200);
        return { Authorization: `Bearer ${response.body.token}` };
      };
      const [olive, grace, rose] = [await signIn('olive@example.rw'), await signIn('grace@example.rw'), await signIn('0788555101')];
      const rider = await http.get('/api/admin/orders').set(rose);
      expect(rider.status).toBe(403);
      expect(rider.body).toMatchObject({ success: false, message: 'Staff only' });
      expect((await http.get('/api/admin/orders').set(grace)).status).toBe(200);
      expect((await http.get('/api/admin/staff').set(grace)).body).toMatchObject({ success: false, message: 'Owner only' });
      expect((await http.get('/api/admin/orders').set(olive)).status).toBe(200);
      expect((await http.get('/api/admin/staff').set(olive)).status).toBe(200);
    } finally {
      server.close();
      await database.close();
    }
  }, 120_000);

  it('removes one role, or every role, the last owner too, and says the shop has none', async () => {
    expect((await staff('remove', 'grace@example.rw', '--role', 'staff')).stdout).toBe('Grace Staff (grace@example.rw) is no longer staff. Roles: shopper only.\n');
    const owner = await staff('remove', 'olive@example.rw');
    expect(owner.code).toBe(0);
    expect(owner.stdout).toBe(
      'Olive Owner (olive@example.rw) is no longer staff or an owner. Roles: shopper only.\nThe shop has no owner now: add one with npm run staff -- add <email or phone> --role owner\n',
    );
    const list = await staff('list');
    expect(list.stdout).toBe(
      `Rose Rider\t\t${RIDER_PHONE}\trider\t${list.stdout.split('\t')[4]!.split('\n')[0]}\nNo one is owner: make someone owner with npm run staff -- add <email or phone> --role owner\n`,
    );
  }, 180_000);
});
