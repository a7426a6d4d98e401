// `npm run staff`: add (staff unless said, the first console member of a shop owner too), remove (a
// role, or every role, the last owner too), list, and clear refusals for an unknown account, a bad
// role and a bad command line; the commands run in-process on a test database. Then the script itself
// as an operator runs it, on an embedded database folder with the server stopped: the rider it makes
// is refused the console by the server started on that folder, and a bad role never opens the database.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createAdaptorServer } from '@hono/node-server';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { silentLogger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import { hashPassword } from '../../server/lib/passwords';
import { parseStaffCommand, runStaffCommand } from '../../server/modules/users/staff-commands';
import { insertPhoneAccount, insertWebAccount } from '../../server/modules/users/user-records';
import { createTestShop, uniquePhone, type Shopper, type TestShop } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run staff, its commands', () => {
  let shop: TestShop;
  let olive: Shopper;
  let grace: Shopper;
  let rosePhone: string;
  const staff = (...argv: string[]) => runStaffCommand(parseStaffCommand(argv), shop.deps);
  const refusal = (...argv: string[]) => {
    try {
      parseStaffCommand(argv);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`${argv.join(' ')} was accepted`);
  };

  beforeAll(async () => {
    shop = await createTestShop();
    olive = await shop.newShopper({ fullName: 'Olive Owner' });
    grace = await shop.newShopper({ fullName: 'Grace Staff' });
    // A rider known by phone alone (an account USSD made).
    rosePhone = uniquePhone();
    await insertPhoneAccount(shop.deps, rosePhone, 'Rose Rider');
  });
  afterAll(async () => shop.close());

  it('adds roles, the first console member owner too, and lists each person with their roles', async () => {
    expect(await staff('list')).toEqual(['No staff yet. Add one: npm run staff -- add <email or phone>']);
    expect(await staff('add', olive.user.email!)).toEqual([
      `Olive Owner (${olive.user.email}) is staff. The shop had no owner, so they are owner too: they give others their roles in the console. Roles: staff, owner.`,
    ]);
    expect(await staff('add', grace.user.email!.toUpperCase())).toEqual([`Grace Staff (${grace.user.email}) is staff. Roles: staff.`]);
    expect(await staff('add', rosePhone.replace('+250', '0'), '--role', 'rider')).toEqual([`Rose Rider (${rosePhone}) is a rider. Roles: rider.`]);
    expect(await staff('add', rosePhone, '--role=rider')).toEqual([`Rose Rider (${rosePhone}) is a rider. Roles: rider.`]);

    const rows = (await staff('list')).map((line) => line.split('\t'));
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['Olive Owner', olive.user.email, '', 'staff, owner'],
      ['Grace Staff', grace.user.email, '', 'staff'],
      ['Rose Rider', '', rosePhone, 'rider'],
    ]);
    expect(rows[0]![4]).toMatch(/^since \d{4}-\d\d-\d\dT/);
  });

  it('refuses an unknown account, a bad role and a bad command line, saying why', async () => {
    await expect(staff('add', 'nobody@example.rw')).rejects.toThrow('No account with that e-mail or phone number');
    await expect(staff('remove', olive.user.email!, '--role', 'packer')).rejects.toThrow('Olive Owner is not a packer');
    expect(refusal('add', grace.user.email!, '--role', 'cashier')).toBe('Unknown role "cashier": choose one of staff, packer, rider, owner');
    expect(refusal('add', grace.user.email!, '--role=shopper')).toBe('Every account is a shopper: there is no shopper role to give or take');
    expect(refusal('add', grace.user.email!, '--role')).toBe('Unknown role "": choose one of staff, packer, rider, owner');
    expect(refusal('add')).toBe('Say whose roles to add to: an e-mail or phone number');
    expect(refusal('remove', 'a@example.rw', 'b@example.rw')).toBe('Name one account at a time');
    expect(refusal('promote', 'a@example.rw')).toBe('Unknown command "promote"');
    expect(refusal()).toBe('Say add, remove or list');
    expect(refusal('list', '--role', 'staff')).toBe('list takes no account and no role');
    expect(refusal('add', 'a@example.rw', '--force')).toBe('Unknown option --force');
  });

  it('removes one role, or every role, the last owner too, and says when the shop has no owner', async () => {
    expect(await staff('remove', grace.user.email!, '--role', 'staff')).toEqual([`Grace Staff (${grace.user.email}) is no longer staff. Roles: shopper only.`]);
    expect(await staff('remove', olive.user.email!)).toEqual([
      `Olive Owner (${olive.user.email}) is no longer staff or an owner. Roles: shopper only.`,
      'The shop has no owner now: add one with npm run staff -- add <email or phone> --role owner',
    ]);
    await expect(staff('remove', grace.user.email!)).rejects.toThrow('That account holds no role');
    expect((await staff('list')).at(-1)).toBe('No one is owner: make someone owner with npm run staff -- add <email or phone> --role owner');
    // With no owner, the next console member added from the shell is the owner again.
    expect((await staff('add', grace.user.email!))[0]).toContain('The shop had no owner, so they are owner too');
  });
});

describe('npm run staff, the script', () => {
  const PASSWORD = 'secret-123';
  const RIDER_PHONE = '+250788555101';
  let dataDir: string;

  async function script(...args: string[]) {
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
      await insertWebAccount({ db: database.db }, { fullName: 'Olive Owner', email: 'olive@example.rw', unverifiedPhone: null, passwordHash });
      const rider = await insertPhoneAccount({ db: database.db }, RIDER_PHONE, 'Rose Rider');
      await database.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', rider!.id).execute();
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('refuses a bad role with the usage and exit code 2', async () => {
    const run = await script('add', 'olive@example.rw', '--role', 'cashier');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Unknown role "cashier": choose one of staff, packer, rider, owner');
    expect(run.stderr).toContain('Usage: npm run staff -- add <email or phone> [--role staff|packer|rider|owner]');
  }, 60_000);

  it('makes a rider the server then refuses the console, while the owner reaches it', async () => {
    expect(await script('add', '0788 555 101', '--role', 'rider')).toEqual({ code: 0, stdout: `Rose Rider (${RIDER_PHONE}) is a rider. Roles: rider.\n`, stderr: '' });
    expect((await script('add', 'olive@example.rw')).stdout).toContain('is staff. The shop had no owner, so they are owner too');

    const database = await openDatabase({ dataDir });
    const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', DATA_DIR: dataDir });
    const log = silentLogger();
    const deps = { db: database.db, databaseKind: database.kind, config, log, notifier: outboxNotifier(database.db, log) };
    const server = createAdaptorServer({ fetch: createApp(deps).fetch }) as Server;
    const http = supertest(server);
    try {
      const signIn = async (identifier: string) => {
        const response = await http.post('/api/auth/login').send({ identifier, password: PASSWORD });
        expect(response.status).toBe(200);
        return { Authorization: `Bearer ${response.body.token}` };
      };
      const rider = await http.get('/api/admin/orders').set(await signIn('0788555101'));
      expect(rider.status).toBe(403);
      expect(rider.body).toMatchObject({ success: false, message: 'Staff only', error: 'forbidden' });
      const olive = await signIn('olive@example.rw');
      expect((await http.get('/api/admin/orders').set(olive)).status).toBe(200);
      expect((await http.get('/api/admin/staff').set(olive)).status).toBe(200);
    } finally {
      server.close();
      await database.close();
    }
  }, 180_000);
});
