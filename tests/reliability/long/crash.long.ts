// Crash: the real server is SIGKILLed in the middle of 200 order placements and started
// again on the same data. Every order that was answered with success is there, whole (lines and a
// total that adds up), and retrying a placement with its Idempotency-Key makes one order, never two.
// On embedded PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, postgresUrl } from '../../support/database';
import { call, startServer, type ServerProcess } from './server-process';
import { allOrders, expectEveryOrderWhole, placeOneProduct, shopperWithAddress } from './shop-calls';

const SHOPPERS = 10;
const PLACEMENTS_EACH = 20; // 200 placements in all
const KILL_AFTER = 90; // successes before the kill: the middle of the run

interface Placement {
  key: string;
  shopper: number;
  /** The order id the server answered with; undefined while unanswered. */
  orderId?: string;
  answeredBeforeCrash: boolean;
  interrupted: boolean;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function storage(): Promise<{ dataDir?: string; databaseUrl?: string }> {
  const url = postgresUrl();
  if (url) {
    const database = await emptyPostgresDatabase(url);
    cleanups.push(database.drop);
    return { databaseUrl: database.url };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'isoko-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

describe(`the server killed in the middle of ${SHOPPERS * PLACEMENTS_EACH} order placements (${postgresUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every answered order, none half-written, and one order per Idempotency-Key', async () => {
    const where = await storage();
    let server: ServerProcess = await startServer(where);
    cleanups.push(() => server.kill('SIGKILL'));

    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, index) => {
        const person = { fullName: `Crash Shopper ${index}`, email: `crash.${index}.${Date.now()}@example.rw`, phoneNumber: `+25078${String(Date.now() + index).slice(-7)}` };
        return shopperWithAddress(server.url, person);
      }),
    );

    const placements: Placement[] = shoppers.flatMap((_, shopper) =>
      Array.from({ length: PLACEMENTS_EACH }, (__, index) => ({ key: `crash-${shopper}-${index}`, shopper, answeredBeforeCrash: false, interrupted: false })),
    );
    let crashed = false;
    let restarted: Promise<void> | undefined;

    /** Add one product, then place the order under the placement's key; undefined if the server died. */
    async function place(placement: Placement, index: number): Promise<string | undefined> {
      try {
        return await placeOneProduct(server.url, shoppers[placement.shopper], placement.key, index);
      } catch (error) {
        if (!crashed) throw error; // a failure while the server is up is a real failure
        return undefined;
      }
    }

    async function shopperRun(shopper: number) {
      const mine = placements.filter((placement) => placement.shopper === shopper);
      for (const [index, placement] of mine.entries()) {
        let orderId = await place(placement, index);
        if (!orderId) {
          // The server died under this placement: wait for it, then retry with the same key.
          placement.interrupted = true;
          await restarted;
          orderId = await place(placement, index);
        }
        expect(orderId, placement.key).toBeDefined();
        placement.orderId = orderId;
        if (!crashed) placement.answeredBeforeCrash = true;
        if (!crashed && placements.filter((p) => p.answeredBeforeCrash).length >= KILL_AFTER) {
          crashed = true;
          restarted = (async () => {
            await server.kill('SIGKILL');
            server = await startServer(where);
          })();
        }
      }
    }
    await Promise.all(shoppers.map((_, shopper) => shopperRun(shopper)));
    await restarted;

    const answeredBefore = placements.filter((p) => p.answeredBeforeCrash);
    const interrupted = placements.filter((p) => p.interrupted);
    console.log(`crash: ${placements.length} placements, ${answeredBefore.length} answered before SIGKILL, ${interrupted.length} interrupted and retried`);
    expect(crashed).toBe(true);
    expect(answeredBefore.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answeredBefore.length).toBeLessThan(placements.length);

    // Every answered order is there after the restart, whole.
    const orders = await allOrders(server.url, shoppers);
    const byId = new Map(orders.map((order) => [order._id, order]));
    for (const placement of answeredBefore) expect(byId.has(placement.orderId!), `${placement.key} ${placement.orderId}`).toBe(true);
    expectEveryOrderWhole(orders);
    // One order per placement: 200 keys, 200 distinct orders, nothing else.
    expect(new Set(placements.map((p) => p.orderId)).size).toBe(placements.length);
    expect(orders).toHaveLength(placements.length);

    // Retrying every key once more gives back the same order and makes none.
    for (const placement of placements) {
      const { auth, addressId } = shoppers[placement.shopper];
      await call(server.url, 'POST', '/api/cart/add', { productId: 'tomatoes', quantity: 1 }, auth);
      const again = await call(server.url, 'POST', '/api/order/placeOrder', { addressId, paymentType: 'cash' }, { ...auth, 'Idempotency-Key': placement.key });
      expect([200, 201], JSON.stringify(again.body)).toContain(again.status);
      expect(again.body.order._id, placement.key).toBe(placement.orderId);
    }
    expect(await allOrders(server.url, shoppers)).toHaveLength(placements.length);
    for (const [index, { auth }] of shoppers.entries()) {
      const mine = await call(server.url, 'GET', '/api/order/getUserOrders?limit=50', undefined, auth);
      expect(mine.body.pagination.total, `shopper ${index}`).toBe(PLACEMENTS_EACH);
    }
    await server.kill('SIGTERM');
  }, 600_000);
});
