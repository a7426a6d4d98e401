// npm run backup / npm run restore, by a round trip through the real commands: a shop
// with a shopper and an order is backed up, trades on, and is restored to the moment of the
// backup. Restore refuses to replace a database that holds data unless given --force.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, postgresUrl } from '../../support/database';
import { call, ROOT, startServer, type ServerProcess } from './server-process';

const run = promisify(execFile);
const onPostgres = Boolean(postgresUrl());
let workDir: string;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `npm run backup -- <file>` / `npm run restore -- <file> [--force]`, as an operator types them. */
async function npmRun(script: 'backup' | 'restore', args: string[], where: { dataDir?: string; databaseUrl?: string }) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...(where.dataDir ? { DATA_DIR: where.dataDir } : {}), ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}) };
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function placeOrder(server: ServerProcess, auth: Record<string, string>, addressId: string, productId: string) {
  await call(server.url, 'POST', '/api/cart/add', { productId, quantity: 2 }, auth);
  const placed = await call(server.url, 'POST', '/api/order/placeOrder', { addressId, paymentType: 'cash' }, auth);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order._id as string;
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL, pg_dump' : 'PGlite data folder'})`, () => {
  it('brings back the users and orders of the moment of the backup, and never overwrites a live database unasked', async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'isoko-backup-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const where: { dataDir?: string; databaseUrl?: string } = {};
    if (onPostgres) {
      const database = await emptyPostgresDatabase(postgresUrl()!);
      cleanups.push(database.drop);
      where.databaseUrl = database.url;
    } else {
      where.dataDir = path.join(workDir, 'data');
    }
    const file = path.join(workDir, onPostgres ? 'shop.dump' : 'shop.tgz');

    // A shop with one shopper and one order.
    let server = await startServer(where);
    cleanups.push(() => server.kill('SIGKILL'));
    const email = `backup.${Date.now()}@example.rw`;
    const registered = await call(server.url, 'POST', '/api/auth/register', { fullName: 'Backup Shopper', email, phoneNumber: '+250788555111', password: 'backup-pass' });
    expect(registered.status).toBe(201);
    const auth = { Authorization: `Bearer ${registered.body.token}` };
    const address = await call(server.url, 'POST', '/api/address/create', { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '0788123456' }, auth);
    const firstOrder = await placeOrder(server, auth, address.body.address._id, 'tomatoes');

    if (onPostgres) {
      // pg_dump copies a consistent snapshot while the shop trades.
      const backedUp = await npmRun('backup', [file], where);
      expect(backedUp, backedUp.output).toMatchObject({ code: 0 });
    } else {
      // Two processes must never open one PGlite folder: a running shop is refused, by name.
      const refused = await npmRun('backup', [file], where);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`The shop is running on ${where.dataDir}: stop it first`);
      expect(existsSync(file)).toBe(false);
      await server.kill('SIGTERM');
      const backedUp = await npmRun('backup', [file], where);
      expect(backedUp, backedUp.output).toMatchObject({ code: 0 });
      server = await startServer(where);
    }
    expect(existsSync(file)).toBe(true);

    // The shop trades on after the backup: a second order and a new shopper.
    const secondOrder = await placeOrder(server, auth, address.body.address._id, 'carrots');
    const late = await call(server.url, 'POST', '/api/auth/register', { fullName: 'Late Shopper', email: `late.${Date.now()}@example.rw`, phoneNumber: '+250788555222', password: 'late-pass-1' });
    expect(late.status).toBe(201);
    await server.kill('SIGTERM');

    // Without --force, a database holding data is left alone.
    const unforced = await npmRun('restore', [file], where);
    expect(unforced.code).toBe(1);
    expect(unforced.output).toMatch(/already holds (a database|tables): add --force/);
    const wrongKind = await npmRun('restore', [path.join(ROOT, 'package.json'), '--force'], where);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.output).toMatch(/is not an? (embedded-database|PostgreSQL) backup/);

    const restored = await npmRun('restore', [file, '--force'], where);
    expect(restored, restored.output).toMatchObject({ code: 0 });
    if (!onPostgres) {
      // The database it replaced is kept beside it, not deleted.
      expect(readdirSync(workDir).some((name) => name.startsWith('data.before-restore-'))).toBe(true);
    }

    // The shop as it was at the backup: the shopper signs in, the first order is there, the later ones are not.
    server = await startServer(where);
    const login = await call(server.url, 'POST', '/api/auth/login', { identifier: email, password: 'backup-pass' });
    expect(login.status).toBe(200);
    const orders = await call(server.url, 'GET', '/api/order/getUserOrders', undefined, { Authorization: `Bearer ${login.body.token}` });
    expect(orders.body.orders.map((order: { _id: string }) => order._id)).toEqual([firstOrder]);
    expect(orders.body.orders[0].products).toMatchObject([{ productId: 'tomatoes', productQuantity: 2 }]);
    expect(orders.body.orders.map((order: { _id: string }) => order._id)).not.toContain(secondOrder);
    expect((await call(server.url, 'POST', '/api/auth/login', { identifier: '+250788555222', password: 'late-pass-1' })).status).toBe(400);
    const products = await call(server.url, 'GET', '/api/product/getAllProducts?limit=1');
    expect(products.body.pagination.total).toBeGreaterThanOrEqual(100);
    await server.kill('SIGTERM');
  }, 600_000);
});
