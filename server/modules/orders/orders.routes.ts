// /order/* (docs/api.md): place an order from the cart, list and read the caller's own orders, pay one by MoMo.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { orderIdParam } from '../../lib/path-params';
import { duplicateOrderReplySchema, orderReplySchema, ordersPageReplySchema, ordersQuerySchema, placeOrderReplySchema, placeOrderSchema } from './orders.schema';
import { getOrder, listOrders, placeOrder } from './orders.service';
import { orderPaymentRoutes } from '../payments/payments.routes';
import { orderAgainRoutes } from '../reorder/reorder.routes';
import { requestPaymentForNewOrder } from '../payments/payments.service';

const idempotencyKey = (header: string | undefined) => header?.trim().slice(0, 200) || undefined;

const orderCall = { tags: ['order'], security: bearerAuth };

const place = createRoute({
  ...orderCall,
  method: 'post',
  path: '/placeOrder',
  summary: 'Place an order from the cart: cash on delivery (MoMo Pay code), or paid now by MoMo request-to-pay',
  description:
    'The same products and quantities as an order of the last 10 minutes are a 409 `duplicate_order` naming that order (`duplicateOf`), so a slip never brings the groceries twice; send `confirmDuplicate: true` to place it all the same.',
  request: {
    headers: z.object({ 'Idempotency-Key': z.string().optional().describe('A retried submit with the same key returns the first order, not a second one') }),
    body: jsonRequest(placeOrderSchema),
  },
  responses: { 201: jsonReply(placeOrderReplySchema, 'Placed'), 409: jsonReply(duplicateOrderReplySchema, 'The same order was placed minutes ago') },
});
const list = createRoute({
  ...orderCall,
  method: 'get',
  path: '/getUserOrders',
  summary: "The caller's orders, newest first",
  request: { query: ordersQuerySchema },
  responses: { 200: jsonReply(ordersPageReplySchema) },
});
const details = createRoute({
  ...orderCall,
  method: 'get',
  path: '/getOrderDetails/{id}',
  summary: "One of the caller's orders",
  request: { params: z.object({ id: orderIdParam('Order not found') }) },
  responses: { 200: jsonReply(orderReplySchema) },
});

export function orderRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, place, async (c) => {
    const placed = await placeOrder(deps, c.get('user').id, {
      ...c.req.valid('json'),
      idempotencyKey: idempotencyKey(c.req.header('Idempotency-Key')),
      channel: 'web',
    });
    // MoMo request-to-pay is asked after the order is committed; the order stands whatever MTN answers.
    const { order, message } = placed.paymentType === 'momo' ? await requestPaymentForNewOrder(deps, c.get('user').id, placed) : { order: placed, message: 'Order placed successfully' };
    return c.json({ success: true, message, order, invoiceNumber: order.invoiceNumber, data: { order } }, 201);
  });
  addRoute(app, list, async (c) => {
    const { orders, pagination } = await listOrders(deps, c.get('user').id, c.req.valid('query'));
    return c.json({ success: true, orders, pagination, data: { orders, pagination } });
  });
  addRoute(app, details, async (c) => {
    const order = await getOrder(deps, c.get('user').id, c.req.param('id'));
    return c.json({ success: true, order, data: { order } });
  });
  app.route('/', orderPaymentRoutes(deps));
  app.route('/', orderAgainRoutes(deps));
  return app;
}
