// GET /config (shop facts for every face) and GET /health.
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'kysely';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, openApiRoutes } from '../../lib/openapi';
import { healthSchema, shopConfigSchema } from './shop.schema';
import { shopHours } from '../delivery/delivery.service';

const config = createRoute({ method: 'get', path: '/config', tags: ['shop'], summary: 'Shop name, MoMo Pay code, contacts, hours (from the delivery schedule)', responses: { 200: jsonReply(shopConfigSchema) } });
const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['shop'],
  summary: 'Is the server and its database up',
  responses: { 200: jsonReply(healthSchema, 'Up'), 503: jsonReply(healthSchema, 'The database does not answer, or the server is stopping (a load balancer should send elsewhere)') },
});

/** `isStopping`: true once the server has begun to shut down (lib/shutdown.ts). */
export function shopRoutes(deps: ShopDeps, isStopping: () => boolean = () => false) {
  const app = openApiRoutes();
  addRoute(app, config, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    // The hours are the delivery schedule's, one source with checkout's windows (staff change them in the console).
    return c.json({ ...deps.config.shop, hours: await shopHours(deps) });
  });
  addRoute(app, health, async (c) => {
    if (isStopping()) return c.json({ ok: false, database: deps.databaseKind }, 503);
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ ok: true, database: deps.databaseKind }, 200);
    } catch {
      return c.json({ ok: false, database: deps.databaseKind }, 503);
    }
  });
  return app;
}
