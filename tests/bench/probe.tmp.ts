import { Hono } from 'hono';
import { createTestShop } from '../support/test-app';
const shop = await createTestShop();
const path = '/api/product/getAllProducts?page=1&limit=15';
const page = new Uint8Array(await (await shop.app.request(path)).arrayBuffer());
const bare = new Hono().get('/api/product/getAllProducts', (c) => c.body(page, 200, { 'Content-Type': 'application/json' }));
async function time(app: { request: (p: string) => Response | Promise<Response> }) {
  const t = performance.now();
  for (let i = 0; i < 3000; i++) { const r = await app.request(path); await r.arrayBuffer(); }
  return (performance.now() - t) / 3000;
}
for (let round = 0; round < 3; round++) console.log('bare', (await time(bare)).toFixed(3), 'shop', (await time(shop.app)).toFixed(3));
await shop.close();
