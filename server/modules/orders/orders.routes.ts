// /order/* (docs/api.md): place an order from the cart, list and read the caller's own orders. The
// calls other modules make on an order (payments' "Pay again", reorder's "Order again") are theirs,
// mounted beside these by server/app.ts: orders imports neither.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { orderIdParam } from '../../lib/path-params';
import { duplicateOrderReplySchema, orderReplySchema, ordersPageReplySchema, ordersQuerySchema, placeOrderReplySchema, placeOrderSchema, type Order } from './orders.schema';
import { getOrder, listOrders, placeOrder, shopperReceipt } from './orders.service';
import { receiptReplySchema } from './receipt.schema';
import { answerSubstitute } from './order-packing.service';
import { substituteAnswerSchema } from './order-packing.schema';

/**
 * What placing a MoMo order goes on to do once the order is committed: ask MTN for the payment (the
 * payments module, given by server/app.ts), and the words the reply says it with.
 */
export type AskForPayment = (userId: string, placed: Order) => Promise<{ order: Order; message: string }>;

const idempotencyKey = (header: string | undefined) => header?.trim().slice(0, 200) || undefined;

const orderCall = { tags: ['order'], security: bearerAuth };

const place = createRoute({
  ...orderCall,
  method: 'post',
  path: '/placeOrder',
  summary: 'Place an order from the cart: cash on delivery (MoMo Pay code), or paid now by MoMo request-to-pay',
  description:
    'With `warnIfDuplicate: true`, the same products and quantities as an order of the last 10 minutes are a 409 `duplicate_order` naming that order (`duplicateOf`), so a slip never brings the groceries twice; send `confirmDuplicate: true` to place it all the same. Without it, every order is placed, as the spec says.',
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

const receipt = createRoute({
  ...orderCall,
  method: 'get',
  path: '/{id}/receipt',
  summary: "The receipt of one of the caller's delivered orders: invoice number, lines ordered and sent, fee, what was paid and how (409 before delivery)",
  request: { params: z.object({ id: orderIdParam('Order not found') }) },
  responses: { 200: jsonReply(receiptReplySchema) },
});
const answer = createRoute({
  ...orderCall,
  method: 'post',
  path: '/{id}/substitute',
  summary: "Accept or refuse a substitute the packer proposed, within the shop's minutes",
  description:
    'Accepted: the substitute is charged at its own price, even when dearer. Refused: the line is left out. After the time staff set, 409: the shopper\'s preference for missing items applied.',
  request: { params: z.object({ id: orderIdParam('Order not found') }), body: jsonRequest(substituteAnswerSchema) },
  responses: { 200: jsonReply(orderReplySchema) },
});

export function orderRoutes(deps: ShopDeps, askForPayment: AskForPayment) {
  const app = openApiRoutes();
  // The whole /order tree is signed in, its unknown paths too (401 before 404, as under /cart).
  app.use(requireUser(deps));
  const signedIn = { middleware: [requireUser(deps)] };
  addRoute(app, { ...place, ...signedIn }, async (c) => {
    const placed = await placeOrder(deps, c.get('user').id, {
      ...c.req.valid('json'),
      idempotencyKey: idempotencyKey(c.req.header('Idempotency-Key')),
      channel: 'web',
    });
    // MoMo request-to-pay is asked after the order is committed; the order stands whatever MTN answers.
    const { order, message } = placed.paymentType === 'momo' ? await askForPayment(c.get('user').id, placed) : { order: placed, message: 'Order placed successfully' };
    return c.json({ success: true, message, order, invoiceNumber: order.invoiceNumber, data: { order } }, 201);
  });
  addRoute(app, { ...list, ...signedIn }, async (c) => {
    const { orders, pagination } = await listOrders(deps, c.get('user').id, c.req.valid('query'));
    return c.json({ success: true, orders, pagination, data: { orders, pagination } });
  });
  addRoute(app, { ...details, ...signedIn }, async (c) => {
    const order = await getOrder(deps, c.get('user').id, c.req.param('id'), { withDeliveryCode: true });
    return c.json({ success: true, order, data: { order } });
  });
  addRoute(app, { ...receipt, ...signedIn }, async (c) => c.json({ success: true as const, receipt: await shopperReceipt(deps, c.get('user').id, c.req.param('id')) }));
  addRoute(app, { ...answer, ...signedIn }, async (c) => {
    const order = await answerSubstitute(deps, c.get('user').id, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, order, data: { order } });
  });
  return app;
}
