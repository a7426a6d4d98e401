// /api/admin/delivery: the delivery schedule staff set, and the coming week's windows with
// the orders booked in each. Mounted inside staffRoutes (modules/staff); each call allows staff and
// owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { deliveryScheduleSchema, staffDeliveryReplySchema, staffScheduleReplySchema } from './delivery.schema';
import { getDeliverySchedule, saveDeliverySchedule, staffDeliveryWindows } from './delivery.service';
import { deliveryFeesReplySchema, deliveryFeesSchema } from './delivery-fees.schema';
import { saveDeliveryFees } from './delivery-fees.service';

const delivery = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/delivery',
  summary: "The delivery schedule, and every window of today and the next 6 days with its orders",
  description: 'Windows earliest first, today\'s started ones too, each with its capacity, the places booked and the orders in it (cancelled ones left out). A window the schedule no longer makes stays listed while orders are booked in it.',
  responses: { 200: jsonReply(staffDeliveryReplySchema) },
});
const saveSchedule = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/delivery',
  summary: 'Change the delivery schedule (days, hours, window length, orders per window, same-day cut-off)',
  description: [
    '`days` are ISO weekdays (Monday = 1); times are Kigali time (UTC+2, no daylight saving). A day\'s windows run back to back from `openFrom`, `windowHours` long, the last one ending by `openUntil`. Shoppers see a window as available while it holds fewer than `capacity` orders, starts at least an hour ahead and, for a window today, it is before `sameDayCutoff`. Defaults: every day, 08:00-20:00, 2-hour windows, 20 orders each, cut-off 14:00.',
    'A change applies at once on every instance; orders already placed keep their window. Refused input is a 400 naming the field: `openUntil` must leave room for one window after `openFrom`, `windowHours` 1-12, `capacity` at least 1, at least one day.',
  ].join('\n\n'),
  request: { body: jsonRequest(deliveryScheduleSchema) },
  responses: { 200: jsonReply(staffScheduleReplySchema) },
});

const saveFees = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/delivery/fees',
  summary: 'Choose how delivery is charged: negotiable with the rider, or a fee table by district, sector and order size',
  description: [
    '`{mode: "negotiable"}` (the default): the rider records the fee agreed at the door. `{mode: "table", rates: [{district, sector?, from?, fee}], freeFrom?}`: each order is charged the rate for its address and subtotal when it is placed (GET /api/delivery/fees says how a rate is chosen), and every face quotes it before Confirm.',
    'Applies at once on every instance; orders already placed keep their fee. Refused input is a 400 naming the field: a table needs at least one rate, two rates for one place and size are refused, amounts are frw with at most 2 decimals.',
  ].join('\n\n'),
  request: { body: jsonRequest(deliveryFeesSchema) },
  responses: { 200: jsonReply(deliveryFeesReplySchema) },
});

export function addStaffDeliveryRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, delivery, async (c) => {
    const [{ schedule, updatedAt }, windows] = await Promise.all([getDeliverySchedule(deps), staffDeliveryWindows(deps)]);
    return c.json({ success: true, schedule, updatedAt, windows });
  });
  addRoute(app, saveSchedule, async (c) => {
    const saved = await saveDeliverySchedule(deps, c.get('user'), c.req.valid('json'));
    return c.json({ success: true, message: 'Delivery schedule saved', ...saved });
  });
  addRoute(app, saveFees, async (c) => {
    const saved = await saveDeliveryFees(deps, c.get('user'), c.req.valid('json'));
    return c.json({ success: true, message: saved.fees.mode === 'table' ? 'Delivery fees saved' : 'Delivery fee is negotiable with the rider', ...saved });
  });
}
