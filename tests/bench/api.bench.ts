// Server latency on embedded PGlite, in-process (no network): the calls a shopper makes most.
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ShopDeps } from '../../server/lib/deps';
import { silentLogger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import { openTestDatabase } from '../support/database';
import type { BenchResult } from './run';

const ROUNDS = 200;

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

async function time(rounds: number, call: (round: number) => Response | Promise<Response>): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const response = await call(round);
    if (!response.ok) throw new Error(`status ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export default async function apiBench(): Promise<BenchResult[]> {
  const database = await openTestDatabase();
  const log = silentLogger();
  const deps: ShopDeps = {
    db: database.db,
    databaseKind: database.kind,
    config: loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false' }),
    log,
    notifier: outboxNotifier(database.db, log),
  };
  const app = createApp(deps);
  const json = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  try {
    const registered = await app.request('/api/auth/register', json({ fullName: 'Bench', phoneNumber: '+250788999111', password: 'secret-123' }));
    const { token } = (await registered.json()) as { token: string };
    const auth = { headers: { Authorization: `Bearer ${token}` } };

    const list = await time(ROUNDS, (round) => app.request(`/api/product/getAllProducts?page=${(round % 8) + 1}`));
    const search = await time(ROUNDS, (round) => app.request(`/api/product/getAllProducts?search=${['tomatos', 'ibirayi', 'milk', 'avocado'][round % 4]}`));
    const details = await time(ROUNDS, () => app.request('/api/product/getProductDetails/tomatoes'));
    const add = await time(ROUNDS, (round) => app.request('/api/cart/add', json({ productId: ['tomatoes', 'irish-potatoes', 'avocados'][round % 3] }, token)));
    const cart = await time(ROUNDS, () => app.request('/api/cart', auth));
    const address = await app.request(
      '/api/address/create',
      json({ description: 'Blue gate', city: 'Kigali', street: 'KG 11 Ave', district: 'Gasabo', phoneNumber: '0788999111' }, token),
    );
    const { address: saved } = (await address.json()) as { address: { _id: string } };
    const orders = await time(50, async () => {
      await app.request('/api/cart/add', json({ productId: 'tomatoes', quantity: 2 }, token));
      return app.request('/api/order/placeOrder', json({ addressId: saved._id, paymentType: 'cash' }, token));
    });

    const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    return [
      { name: 'product list page p95', value: percentile(list, 95), unit: 'ms', budget: 50 },
      { name: 'typo search p95', value: percentile(search, 95), unit: 'ms', budget: 80 },
      { name: 'product details p95', value: percentile(details, 95), unit: 'ms', budget: 30 },
      { name: 'add to cart p95', value: percentile(add, 95), unit: 'ms', budget: 60 },
      { name: 'get cart p95', value: percentile(cart, 95), unit: 'ms', budget: 50 },
      { name: 'add + place order p95', value: percentile(orders, 95), unit: 'ms', budget: 150 },
      { name: 'resident memory after the run', value: rssMb, unit: 'MB', budget: 1024 },
    ];
  } finally {
    await database.close();
  }
}
