// /api/admin/delivery: the delivery schedule staff set, and the coming week's windows with
// the orders booked in each. Mounted inside staffRoutes (modules/staff); each call allows staff and
// owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { deliveryScheduleSchema, staffDeliveryReplySchema, staffScheduleReplySchema } from './delivery.schema';
import { getDeliverySchedule, saveDeliverySchedule, staffDeliveryWindows } from './delivery.service';

const delivery = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/delivery',
  summary: "The delivery schedule, and every window of today and the next 6 days with its orders",
  responses: { 200: jsonReply(staffDeliveryReplySchema) },
});
const saveSchedule = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/delivery',
  summary: 'Change the delivery schedule (days, hours, window length, orders per window, same-day cut-off)',
  request: { body: jsonRequest(deliveryScheduleSchema) },
  responses: { 200: jsonReply(staffScheduleReplySchema) },
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
}
