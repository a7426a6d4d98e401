// /api/rider/*: the rider app's calls. Each allows riders only (allowRoles('rider')); each action
// carries the Idempotency-Key the app saved it with, so an action sent again after a network cut is
// done once (door.service.ts).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { orderIdParam } from '../../lib/path-params';
import { actingAccount, allowRoles, requireUser } from '../auth/auth.middleware';
import { deliveredSchema, doorReplySchema, notDeliveredSchema, riderStopsReplySchema } from './dispatch.schema';
import { riderDelivered, riderNotDelivered, riderPickedUp } from './door.service';
import { riderStops } from './stops.service';

const riderCall = { tags: ['rider'], ...allowRoles('rider') };
const orderParams = z.object({ id: orderIdParam('Order not found') });
const keyHeader = z.object({ 'Idempotency-Key': z.string().max(200).optional().describe('Required: the key the app saved the action with; the same key gives the same answer, the action done once') });

const idempotencyKey = (header: string | undefined) => header?.trim().slice(0, 200) || undefined;

const stops = createRoute({
  ...riderCall,
  method: 'get',
  path: '/stops',
  summary: "The rider's stops in order: address, landmark, phone, lines, amount to collect; cash in hand",
  description: 'Open stops only (packed and waiting, or on the way), by window then the order staff gave. Never the shopper\'s code. `pendingHandover` is a count of the rider\'s cash waiting for the code sent to their phone.',
  responses: { 200: jsonReply(riderStopsReplySchema) },
});
const pickedUp = createRoute({
  ...riderCall,
  method: 'post',
  path: '/orders/{id}/picked-up',
  summary: 'Picked up at the shop: the order is shipped and the shopper told who brings it, when, and their code',
  request: { params: orderParams, headers: keyHeader },
  responses: { 200: jsonReply(doorReplySchema) },
});
const delivered = createRoute({
  ...riderCall,
  method: 'post',
  path: '/orders/{id}/delivered',
  summary: "Delivered, with the shopper's 4-digit code: what was collected, the fee agreed, lines refused",
  description: [
    '`collected.method`: `cash` (`amount` must be the amount due after the fee and refused lines: the cash goes to the rider\'s ledger), `momo` (a request-to-pay to the shopper\'s number, or `payerPhone`, paid when MTN says so), or `paid` (nothing to collect, or paid to the pay code: staff confirm it).',
    '`fee` is required when the order\'s fee is negotiable (400 `fee_needed`), refused when it is fixed. `refusedLines` come off what is owed.',
    'A wrong code is a 400 with the tries left; the fifth locks it (409 `code_locked`): staff then record the delivery with a reason.',
  ].join('\n\n'),
  request: { params: orderParams, headers: keyHeader, body: jsonRequest(deliveredSchema) },
  responses: { 200: jsonReply(doorReplySchema) },
});
const notDelivered = createRoute({
  ...riderCall,
  method: 'post',
  path: '/orders/{id}/not-delivered',
  summary: 'Not delivered (nobody home, refused, wrong address): back to the shop in the next free window; the shopper is told',
  request: { params: orderParams, headers: keyHeader, body: jsonRequest(notDeliveredSchema) },
  responses: { 200: jsonReply(doorReplySchema) },
});

export function riderRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, stops, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, ...(await riderStops(deps, c.get('user').id)) });
  });
  addRoute(app, pickedUp, async (c) => c.json(await riderPickedUp(deps, actingAccount(c), c.req.param('id'), idempotencyKey(c.req.header('Idempotency-Key')))));
  addRoute(app, delivered, async (c) => c.json(await riderDelivered(deps, actingAccount(c), c.req.param('id'), idempotencyKey(c.req.header('Idempotency-Key')), c.req.valid('json'))));
  addRoute(app, notDelivered, async (c) => c.json(await riderNotDelivered(deps, actingAccount(c), c.req.param('id'), idempotencyKey(c.req.header('Idempotency-Key')), c.req.valid('json'))));
  return app;
}
