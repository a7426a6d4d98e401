// /api/admin/orders/{id}/packing: what a packer (or staff, or the owner) packed. Mounted inside
// staffRoutes (modules/staff); packers may call this and nothing else of the console's orders.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { actingAccount, allowRoles } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { orderSchema } from './orders.schema';
import { packingInputSchema } from './order-packing.schema';
import { orderToPack, recordPacking } from './order-packing.service';
import { pickListReplySchema } from './pick-list.schema';
import { pickList } from './pick-list.service';

/** Who packs: packers, and staff and the owner who may do all a packer does. */
const packingCall = { tags: ['staff'], ...allowRoles('packer', 'staff', 'owner') };

const pack = createRoute({
  ...packingCall,
  method: 'put',
  path: '/orders/{id}/packing',
  summary: 'Record what was packed: each line packed (real weight or count), short, or substituted; done ends packing',
  description: [
    'A weighed line may come out at most the shop\'s percent (10% unless staff changed it) above its estimate; above that the answer is 400 saying how much may be packed. A counted line is packed in whole units, never more than ordered.',
    'A substitute is refused for a line the shopper asked to leave out; the shopper\'s own named substitute is accepted as chosen; any other is proposed and waits for their answer for the shop\'s minutes. A dearer substitute is charged at the ordered price unless accepted.',
    '`done: true` needs every line recorded: the order moves from pending to processing, `finalAmount` is what the shopper pays everywhere, and they are told it by SMS and e-mail.',
  ].join('\n\n'),
  request: { params: z.object({ id: idParam('Order not found') }), body: jsonRequest(packingInputSchema) },
  responses: { 200: jsonReply(z.object({ success: z.literal(true), message: z.string(), order: orderSchema })) },
});

const toPack = createRoute({
  ...packingCall,
  method: 'get',
  path: '/orders/{id}/packing',
  summary: 'One order as the packing screen shows it: its lines with preferences, estimate and what was packed so far',
  request: { params: z.object({ id: idParam('Order not found') }) },
  responses: { 200: jsonReply(z.object({ success: z.literal(true), order: orderSchema })) },
});

const picklist = createRoute({
  ...packingCall,
  method: 'get',
  path: '/delivery/windows/{id}/picklist',
  summary: "A window's pick list: products summed across its orders by category, with units and preferences, and each order's packing slip",
  description: 'The window id is its Kigali date and start, as GET /api/delivery/windows gives it (`2026-11-24T16:00`). Orders pending or processing in that window are listed.',
  request: { params: z.object({ id: z.string().max(40) }) },
  responses: { 200: jsonReply(pickListReplySchema) },
});

export function addPackingRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, pack, async (c) => {
    const input = c.req.valid('json');
    const order = await recordPacking(deps, actingAccount(c), c.req.param('id'), input);
    return c.json({ success: true as const, message: input.done ? 'Order packed' : 'Packing saved', order });
  });
  addRoute(app, toPack, async (c) => c.json({ success: true as const, order: await orderToPack(deps, c.req.param('id')) }));
  addRoute(app, picklist, async (c) => c.json({ success: true as const, ...(await pickList(deps, c.req.param('id'))) }));
}
