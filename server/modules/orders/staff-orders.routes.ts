// /api/admin/orders and /dashboard: orders as staff administer them (find, read with history, move
// along the status machine, settle a payment) and the day's figures. Mounted inside staffRoutes
// (modules/staff); each call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { actingAccount, consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { dashboard } from './order-reports.service';
import { changeOrderStatus, changePayment, getStaffOrder, listStaffOrders } from './staff-orders.service';
import { receiptOfOrder } from './receipt.service';
import { receiptReplySchema } from './receipt.schema';
import {
  changeOrderStatusSchema,
  changePaymentSchema,
  dashboardResponseSchema,
  orderChangeResponseSchema,
  staffOrderResponseSchema,
  staffOrdersQuerySchema,
  staffOrdersResponseSchema,
} from './staff-orders.schema';

const STATUS_MESSAGES: Record<string, string> = {
  processing: 'Order is now processing',
  shipped: 'Order marked shipped',
  delivered: 'Order marked delivered',
  cancelled: 'Order cancelled',
};

const orderParams = z.object({ id: idParam('Order not found') });

const orders = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/orders',
  summary: 'Orders, newest first; filter by status and payment, search by order number, phone or name',
  description: '`search` matches the order number (the last 8 characters of `_id`), the invoice number, a phone in any spelling or a name, case-insensitive.',
  request: { query: staffOrdersQuerySchema },
  responses: { 200: jsonReply(staffOrdersResponseSchema) },
});
const order = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/orders/{id}',
  summary: 'One order with its history and the moves allowed from here',
  request: { params: orderParams },
  responses: { 200: jsonReply(staffOrderResponseSchema) },
});
const orderReceipt = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/orders/{id}/receipt',
  summary: "A delivered order's receipt (409 before it is delivered), to print or read to the shopper",
  request: { params: orderParams },
  responses: { 200: jsonReply(receiptReplySchema) },
});
const orderStatus = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/orders/{id}/status',
  summary: 'Move an order along (409 if it changed since expectedStatus)',
  description: [
    'Transitions: `pending` → `processing` → `shipped` → `delivered`; `cancelled` only from `pending` or `processing`. A refused move is a 400 saying why (`An order that is shipped cannot become cancelled`, `errors[0].param` = `status`).',
    'When `expectedStatus` is not the order\'s status now, the answer is 409 `This order changed while you were looking: it is now shipped` with `order` as it is now, so two staff never both win.',
    'Every change adds a history entry `{kind, from, to, note, at, by:{_id, fullName}}` and tells the shopper before the answer (server/modules/orders/order-notices.ts): an SMS to their proven phone, or to the delivery phone when they have none (`shipped` and `delivered` also to the delivery phone when it is another number), and an e-mail with the lines, total and delivery address when they have an address.',
  ].join('\n\n'),
  request: { params: orderParams, body: jsonRequest(changeOrderStatusSchema) },
  responses: { 200: jsonReply(orderChangeResponseSchema) },
});
const orderPayment = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/orders/{id}/payment',
  summary: 'Confirm a MoMo payment or mark it failed (409 if it changed)',
  description: [
    'For a payment to the MoMo Pay code (`paymentType: "cash"`): `pending` → `completed` (with the MoMo transaction id) or `failed`, and `failed` → `completed`. When `expectedPaymentStatus` is not the order\'s payment status now: 409 with `order` as it is now.',
    'A MoMo request-to-pay (`paymentType: "momo"`) is settled by MTN, recorded as a `payment` history entry by `MTN MoMo` with the reference id in its note. While a request is waiting or unconfirmed, this call answers 409 `A MoMo request-to-pay for this order is waiting for the shopper: its result settles the payment`: MTN may still charge the shopper. After a failed request, a pay-code payment is confirmed here as before.',
  ].join('\n\n'),
  request: { params: orderParams, body: jsonRequest(changePaymentSchema) },
  responses: { 200: jsonReply(orderChangeResponseSchema) },
});
const dashboardCall = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/dashboard',
  summary: "Today's figures and 30 days of orders and sales (Kigali days)",
  description: 'Days are Kigali days (UTC+2), `days` oldest first with today last. `sales` is what was paid that day (MoMo, the pay code, cash to riders and at the shop), so an unpaid order never counts; `awaitingPayment` counts orders not cancelled whose payment is pending; `awaitingDelivery` orders pending, processing or shipped.',
  responses: { 200: jsonReply(dashboardResponseSchema) },
});

export function addStaffOrderRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, orders, async (c) => c.json({ success: true as const, ...(await listStaffOrders(deps, c.req.valid('query'))) }));
  addRoute(app, order, async (c) => c.json({ success: true as const, order: await getStaffOrder(deps, c.req.param('id')) }));
  addRoute(app, orderReceipt, async (c) => c.json({ success: true as const, receipt: await receiptOfOrder(deps, c.req.param('id')) }));
  addRoute(app, orderStatus, async (c) => {
    const input = c.req.valid('json');
    const order = await changeOrderStatus(deps, actingAccount(c), c.req.param('id'), input);
    return c.json({ success: true as const, message: STATUS_MESSAGES[input.status] ?? 'Order updated', order });
  });
  addRoute(app, orderPayment, async (c) => {
    const input = c.req.valid('json');
    const order = await changePayment(deps, actingAccount(c), c.req.param('id'), input);
    return c.json({ success: true as const, message: input.paymentStatus === 'completed' ? 'Payment confirmed' : 'Payment marked failed', order });
  });
}

export function addStaffReportRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, dashboardCall, async (c) => c.json(await dashboard(deps)));
}
