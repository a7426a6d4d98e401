// /api/admin: riders and dispatch as the console runs them. Owners add riders (ownerCall); staff and
// owners (consoleCall) give orders to riders, order their rounds, share a window out, read the day,
// and record a delivery without the shopper's code. Mounted inside staffRoutes (modules/staff).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam, orderIdParam } from '../../lib/path-params';
import { messageReplySchema } from '../../lib/replies';
import { actingAccount, consoleCall, ownerCall } from '../auth/auth.middleware';
import {
  addRiderSchema,
  assignRiderSchema,
  dispatchQuerySchema,
  dispatchReplySchema,
  doorReplySchema,
  orderStopsSchema,
  riderReplySchema,
  ridersReplySchema,
  shareOutReplySchema,
  shareOutSchema,
  staffDeliverySchema,
} from './dispatch.schema';
import { staffRecordDelivery } from './door.service';
import { addRider, listRiders } from './riders.service';
import { assignOrder, dispatchBoard, setStopOrder, shareOutWindow } from './stops.service';

const riderParams = z.object({ id: idParam('Rider not found') });
const orderParams = z.object({ id: orderIdParam('Order not found') });

const riders = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/riders',
  summary: 'Riders, each with their open stops in order and the cash they hold',
  responses: { 200: jsonReply(ridersReplySchema) },
});
const addRiderCall = createRoute({
  ...ownerCall,
  method: 'post',
  path: '/riders',
  summary: 'Add a rider by phone (the account with that number gets the rider role; otherwise one is made); again to change the cash limit',
  description: '`fullName` is needed only when no account has proven the number (400 `name_needed`). `cashLimit` (frw): once the cash a rider holds reaches it, they are given no order with anything to collect until they hand cash over.',
  request: { body: jsonRequest(addRiderSchema) },
  responses: { 201: jsonReply(riderReplySchema, 'Added'), 200: jsonReply(riderReplySchema, 'Changed') },
});
const assign = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/orders/{id}/rider',
  summary: 'Give a packed order to a rider (last in their round), move it to another, or take it off (riderId null)',
  description: 'Only a packed (processing) order is given to a rider; one already picked up stays with its rider (409). A rider whose cash in hand has reached their limit is given no order with anything to collect: 409 `cash_limit` saying so.',
  request: { params: orderParams, body: jsonRequest(assignRiderSchema) },
  responses: { 200: jsonReply(messageReplySchema) },
});
const stopOrder = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/riders/{id}/stops',
  summary: "Put a rider's open stops in delivery order",
  request: { params: riderParams, body: jsonRequest(orderStopsSchema) },
  responses: { 200: jsonReply(ridersReplySchema) },
});
const board = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/dispatch',
  summary: "A day's windows with their packed orders by district and sector, and the riders",
  description: 'A Kigali day (`date`, YYYY-MM-DD; today when left out). Each window lists its packed orders and those with a rider (district, sector, street order), and counts those not packed yet.',
  request: { query: dispatchQuerySchema },
  responses: { 200: jsonReply(dispatchReplySchema) },
});
const shareOutCall = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/dispatch/share-out',
  summary: "Share a window's unassigned packed orders among riders, balanced by count and kept together by place",
  description: '`riderIds` left out: every rider. A rider at their cash limit takes only orders with nothing to collect; an order no rider may take is listed in `left`.',
  request: { body: jsonRequest(shareOutSchema) },
  responses: { 200: jsonReply(shareOutReplySchema) },
});
const recordDelivery = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/orders/{id}/delivery',
  summary: "Record a delivery without the shopper's code (a locked code, a lost SMS), saying why",
  description: 'Takes what the rider app sends but the code, and `reason` (kept in the order\'s history and the delivery attempt). Cash collected goes to the ledger of the rider carrying the order.',
  request: { params: orderParams, body: jsonRequest(staffDeliverySchema) },
  responses: { 200: jsonReply(doorReplySchema) },
});

export function addStaffDispatchRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, riders, async (c) => c.json({ success: true as const, riders: await listRiders(deps) }));
  addRoute(app, addRiderCall, async (c) => {
    const { rider, added } = await addRider(deps, actingAccount(c), c.req.valid('json'));
    return added ? c.json({ success: true as const, message: `${rider.fullName} rides for the shop`, rider }, 201) : c.json({ success: true as const, message: `${rider.fullName}'s cash limit saved`, rider }, 200);
  });
  addRoute(app, assign, async (c) => {
    const { orderNumber, rider } = await assignOrder(deps, actingAccount(c), c.req.param('id'), c.req.valid('json').riderId);
    return c.json({ success: true, message: rider ? `Order ${orderNumber} given to ${rider}` : `Order ${orderNumber} taken off its rider` });
  });
  addRoute(app, stopOrder, async (c) => {
    await setStopOrder(deps, c.req.param('id'), c.req.valid('json').orderIds);
    return c.json({ success: true as const, riders: await listRiders(deps, [c.req.param('id').trim()]) });
  });
  addRoute(app, board, async (c) => c.json({ success: true as const, ...(await dispatchBoard(deps, c.req.valid('query').date)) }));
  addRoute(app, shareOutCall, async (c) => {
    const shared = await shareOutWindow(deps, actingAccount(c), c.req.valid('json'));
    const message = shared.left.length ? `${shared.assigned.length} orders shared out; ${shared.left.length} left: every rider with room is at their cash limit` : `${shared.assigned.length} orders shared out`;
    return c.json({ success: true as const, message, ...shared });
  });
  addRoute(app, recordDelivery, async (c) => c.json(await staffRecordDelivery(deps, actingAccount(c), c.req.param('id'), c.req.valid('json'))));
}
