// GET /config (shop facts for every face) and GET /health.
import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { shopConfigSchema } from './shop.schema';

export function shopRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .get('/config', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(deps.config.shop);
    })
    .get('/health', async (c) => {
      try {
        await sql`select 1`.execute(deps.db);
        return c.json({ ok: true, database: deps.databaseKind });
      } catch {
        return c.json({ ok: false, database: deps.databaseKind }, 503);
      }
    });
}

export const shopDocs: RouteDoc[] = [
  { method: 'get', path: '/config', tag: 'shop', summary: 'Shop name, MoMo Pay code, contacts, hours', response: shopConfigSchema },
  { method: 'get', path: '/health', tag: 'shop', summary: 'Is the server and its database up', response: z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']) }) },
];
