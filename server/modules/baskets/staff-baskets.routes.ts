// /api/admin/baskets: the coming week's weekly baskets as staff prepare them. Mounted inside
// staffRoutes (modules/staff), under its one requireStaff.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, staffCall } from '../../lib/openapi';
import { staffBasketsReplySchema } from './baskets.schema';
import { staffComingBaskets } from './baskets.service';

const baskets = createRoute({
  ...staffCall,
  method: 'get',
  path: '/baskets',
  summary: "The coming week's weekly baskets: each one's delivery, shopper, lines, and whether it is placed, to place or skipped",
  responses: { 200: jsonReply(staffBasketsReplySchema) },
});

export function addStaffBasketRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, baskets, async (c) => c.json({ success: true, baskets: await staffComingBaskets(deps) }));
}
