// /admin/*: the operator's calls, behind ADMIN_API_KEY (X-Admin-Key header). Without a key
// configured they do not exist (404), so a default install exposes nothing.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { paginationSchema } from '../../lib/fields';
import type { RouteDoc } from '../../lib/openapi';
import { sha256 } from '../../lib/secrets';
import { jsonBody, queryParams } from '../../lib/validate';
import { orderSchema } from '../orders/orders.schema';
import { adminOrdersQuerySchema, updateOrderStatusSchema } from './admin.schema';
import { listAllOrders, updateOrderStatus } from './admin.service';

function sameSecret(given: string, expected: string): boolean {
  // Compare digests, so neither the length nor the content leaks through timing.
  return timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(sha256(expected)));
}

function requireAdmin(deps: ShopDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = deps.config.adminApiKey;
    if (!key) throw notFound('Not found');
    if (!sameSecret(c.req.header('X-Admin-Key') ?? '', key)) throw new AppError(403, 'Admin key required', 'forbidden');
    await next();
  });
}

export function adminRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireAdmin(deps))
    .get('/orders', queryParams(adminOrdersQuerySchema), async (c) => {
      const { orders, pagination } = await listAllOrders(deps, c.req.valid('query'));
      return c.json({ success: true, orders, pagination });
    })
    .put('/orders/:id/status', jsonBody(updateOrderStatusSchema), async (c) => {
      const order = await updateOrderStatus(deps, c.req.param('id'), c.req.valid('json'));
      return c.json({ success: true, message: 'Order updated', order });
    });
}

export const adminDocs: RouteDoc[] = [
  { method: 'get', path: '/admin/orders', tag: 'admin', summary: 'Every order, newest first (X-Admin-Key)', query: adminOrdersQuerySchema, response: z.object({ success: z.boolean(), orders: z.array(orderSchema), pagination: paginationSchema }) },
  { method: 'put', path: '/admin/orders/{id}/status', tag: 'admin', summary: 'Approve a payment or move an order along (X-Admin-Key)', body: updateOrderStatusSchema, response: z.object({ success: z.boolean(), message: z.string(), order: orderSchema }) },
];
