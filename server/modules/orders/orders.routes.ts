// /order/* (API.md): place a cash order from the cart, list and read the caller's own orders.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { paginationSchema } from '../../lib/fields';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody, queryParams } from '../../lib/validate';
import { orderSchema, ordersQuerySchema, placeOrderSchema } from './orders.schema';
import { getOrder, listOrders, placeOrder } from './orders.service';

const idempotencyKey = (header: string | undefined) => header?.trim().slice(0, 200) || undefined;

export function orderRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .post('/placeOrder', jsonBody(placeOrderSchema), async (c) => {
      const order = await placeOrder(deps, c.get('user').id, {
        ...c.req.valid('json'),
        idempotencyKey: idempotencyKey(c.req.header('Idempotency-Key')),
        channel: 'web',
      });
      return c.json(
        { success: true, message: 'Order placed successfully', order, invoiceNumber: order.invoiceNumber, data: { order } },
        201,
      );
    })
    .get('/getUserOrders', queryParams(ordersQuerySchema), async (c) => {
      const { orders, pagination } = await listOrders(deps, c.get('user').id, c.req.valid('query'));
      return c.json({ success: true, orders, pagination, data: { orders, pagination } });
    })
    .get('/getOrderDetails/:id', async (c) => {
      const order = await getOrder(deps, c.get('user').id, c.req.param('id'));
      return c.json({ success: true, order, data: { order } });
    });
}

export const orderDocs: RouteDoc[] = [
  { method: 'post', path: '/order/placeOrder', tag: 'order', auth: true, summary: 'Place a cash-on-delivery order from the cart (Idempotency-Key header optional)', body: placeOrderSchema, response: z.object({ success: z.boolean(), message: z.string(), order: orderSchema, invoiceNumber: z.string() }), status: 201 },
  { method: 'get', path: '/order/getUserOrders', tag: 'order', auth: true, summary: "The caller's orders, newest first", query: ordersQuerySchema, response: z.object({ success: z.boolean(), orders: z.array(orderSchema), pagination: paginationSchema }) },
  { method: 'get', path: '/order/getOrderDetails/{id}', tag: 'order', auth: true, summary: 'One of the caller\'s orders', response: z.object({ success: z.boolean(), order: orderSchema }) },
];
