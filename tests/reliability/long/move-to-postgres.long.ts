// Moving a shop from the embedded database to PostgreSQL (docs/operating.md, Several instances), by
// the commands it gives: the shop stopped, `npm run backup -- <file>` on the embedded database,
// then `DATABASE_URL=… npm run restore -- <file>`. Shoppers, orders, uploaded images and the invoice
// numbering all come along; a server that already holds a shop is left alone without --force.
// On the PostgreSQL pass only (TEST_DATABASE_URL).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, postgresUrl } from '../../support/database';
import { call, ROOT, startServer, type ServerProcess } from './server-process';

const run = promisify(execFile);
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** A PNG's first bytes and a little more: what a staff upload keeps under DATA_DIR/uploads. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('an uploaded picture of fresh tomatoes')]);
const UPLOADED = '0123456789abcdef01234567.png';

describe.skipIf(!postgresUrl())('moving a shop from the embedded database to PostgreSQL', () => {
  it('takes its shoppers, orders, uploaded images and invoice numbers along, by npm run backup then npm run restore', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'isoko-move-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const embedded = path.join(workDir, 'data');
    const file = path.join(workDir, 'shop-before-move.tgz');
    const database = await emptyPostgresDatabase(postgresUrl()!);
    cleanups.push(database.drop);

    // The shop on the embedded database: a shopper with an order, and a picture staff uploaded.
    let server: ServerProcess = await startServer({ dataDir: embedded });
    cleanups.push(() => server.kill('SIGKILL'));
    const email = `move.${Date.now()}@example.rw`;
    const registered = await call(server.url, 'POST', '/api/auth/register', { fullName: 'Moving Shopper', email, phoneNumber: '+250788555333', password: 'move-pass-1' });
    expect(registered.status).toBe(201);
    const auth = { Authorization: `Bearer ${registered.body.token}` };
    const address = await call(server.url, 'POST', '/api/address/create', { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '0788123456' }, auth);
    await call(server.url, 'POST', '/api/cart/add', { productId: 'tomatoes', quantity: 2 }, auth);
    const first = await call(server.url, 'POST', '/api/order/placeOrder', { addressId: address.body.address._id, paymentType: 'cash' }, auth);
    expect(first.status).toBe(201);
    await mkdir(path.join(embedded, 'uploads'), { recursive: true });
    await writeFile(path.join(embedded, 'uploads', UPLOADED), PNG);
    await server.kill('SIGTERM');

    const backedUp = await npmRun('backup', [file], { DATA_DIR: embedded });
    expect(backedUp, backedUp.output).toMatchObject({ code: 0 });
    const moved = await npmRun('restore', [file], { DATABASE_URL: database.url });
    expect(moved, moved.output).toMatchObject({ code: 0 });
    expect(moved.output).toMatch(/moved from the embedded database: \d+ rows in \d+ tables, 1 uploaded images/);

    // On PostgreSQL, with an empty DATA_DIR: everything the shop needs is in the database.
    server = await startServer({ databaseUrl: database.url, dataDir: path.join(workDir, 'elsewhere') });
    const login = await call(server.url, 'POST', '/api/auth/login', { identifier: email, password: 'move-pass-1' });
    expect(login.status).toBe(200);
    const signedIn = { Authorization: `Bearer ${login.body.token}` };
    const orders = await call(server.url, 'GET', '/api/order/getUserOrders', undefined, signedIn);
    expect(orders.body.orders).toMatchObject([{ _id: first.body.order._id, invoiceNumber: first.body.order.invoiceNumber, products: [{ productId: 'tomatoes', productQuantity: 2 }] }]);
    const picture = await fetch(`${server.url}/uploads/${UPLOADED}`);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
    // Numbering goes on from the embedded shop's: the next invoice is the one after.
    await call(server.url, 'POST', '/api/cart/add', { productId: 'carrots', quantity: 1 }, signedIn);
    const second = await call(server.url, 'POST', '/api/order/placeOrder', { addressId: address.body.address._id, paymentType: 'cash' }, signedIn);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(Number(second.body.order.invoiceNumber.replace(/\D/g, ''))).toBe(Number(first.body.order.invoiceNumber.replace(/\D/g, '')) + 1);
    const catalog = await call(server.url, 'GET', '/api/product/getAllProducts?limit=1');
    expect(catalog.body.pagination.total).toBeGreaterThanOrEqual(100);
    await server.kill('SIGTERM');

    // A server that now holds a shop is not replaced unasked; with --force it is, as of the backup.
    const unforced = await npmRun('restore', [file], { DATABASE_URL: database.url });
    expect(unforced.code).toBe(1);
    expect(unforced.output).toContain('The database already holds a shop: add --force to replace it with the backup.');
    const forced = await npmRun('restore', [file, '--force'], { DATABASE_URL: database.url });
    expect(forced, forced.output).toMatchObject({ code: 0 });
    server = await startServer({ databaseUrl: database.url });
    const again = await call(server.url, 'POST', '/api/auth/login', { identifier: email, password: 'move-pass-1' });
    const after = await call(server.url, 'GET', '/api/order/getUserOrders', undefined, { Authorization: `Bearer ${again.body.token}` });
    expect(after.body.orders.map((order: { _id: string }) => order._id)).toEqual([first.body.order._id]);
    await server.kill('SIGTERM');
  }, 600_000);
});
