// POST /api/order/{id}/reorder: "Order again" on the web puts an earlier order's lines in the cart.
// server/app.ts mounts it in the /order tree beside orders' own calls.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ShopDeps } from '../../lib/deps';
import { requireUser } from '../auth/auth.middleware';
import { addRoute, bearerAuth, jsonReply, openApiRoutes } from '../../lib/openapi';
import { orderIdParam } from '../../lib/path-params';
import { reorderReplySchema } from './reorder.schema';
import { reorderToCart } from './reorder.service';

const reorder = createRoute({
  tags: ['order'],
  security: bearerAuth,
  method: 'post',
  path: '/{id}/reorder',
  summary: "Put one of your orders' lines in the cart again, at today's prices",
  description:
    'Each line is added to what the cart holds. A product hidden or out of stock is left out and named in `skipped`; one with fewer left than the order had goes in at what is left, named in `cut`; when none can be sold today the answer is a 400 naming them, and the cart is unchanged. Another shopper\'s order: 404.',
  request: { params: z.object({ id: orderIdParam('Order not found') }) },
  responses: { 200: jsonReply(reorderReplySchema) },
});

/** The shopper's "Order again", behind the sign-in check. */
export function orderAgainRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, { ...reorder, middleware: [requireUser(deps)] }, async (c) => {
    const { cart, skipped, cut, message } = await reorderToCart(deps, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true, message, cart, skipped, cut });
  });
  return app;
}
