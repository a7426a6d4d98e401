// /api/admin/baskets: the coming week's weekly baskets as staff prepare them. Mounted inside
// staffRoutes (modules/staff); each call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply } from '../../lib/openapi';
import { staffBasketsReplySchema } from './baskets.schema';
import { staffComingBaskets } from './baskets.service';

const baskets = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/baskets',
  summary: "The coming week's weekly baskets: each one's delivery, shopper, lines, and whether it is placed, to place, skipped or not placed",
  description:
    "Every weekly basket (not paused) with a delivery today or in the next 6 days, earliest first. `state`: `placed` (with `orderNumber`), `to place` (with `placesAt`), `skipped`, or `not placed` with `problem`: a week the shop could not place (a MoMo number that is not an MTN number of Rwanda, a product no longer sold), shown from the moment its run is recorded, the shopper texted in the same run; it is not tried again.",
  responses: { 200: jsonReply(staffBasketsReplySchema) },
});

export function addStaffBasketRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, baskets, async (c) => c.json({ success: true, baskets: await staffComingBaskets(deps) }));
}
