// /delivery/*: the windows any visitor may read before choosing one at checkout, and the weekly times a basket keeps.
import { createRoute } from '@hono/zod-openapi';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, openApiRoutes } from '../../lib/openapi';
import { deliveryWindowsReplySchema, weeklyTimesReplySchema } from './delivery.schema';
import { deliveryDays, listDeliveryWindows, windowsOfWeekday } from './delivery.service';

const windows = createRoute({
  method: 'get',
  path: '/windows',
  tags: ['delivery'],
  summary: "Today's windows not yet started and the next 6 days', earliest first, each with whether it can be chosen now",
  responses: { 200: jsonReply(deliveryWindowsReplySchema) },
});

const weeklyTimes = createRoute({
  method: 'get',
  path: '/weekly-times',
  tags: ['delivery'],
  summary: 'Each weekday the shop delivers with all of its windows, whatever today has left: the times a weekly basket can keep',
  responses: { 200: jsonReply(weeklyTimesReplySchema) },
});

export function deliveryRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, windows, async (c) => {
    // Room changes with every order: never kept by a browser or a proxy.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, windows: await listDeliveryWindows(deps) });
  });
  addRoute(app, weeklyTimes, async (c) => {
    const days = await Promise.all((await deliveryDays(deps)).map(async (weekday) => ({ weekday, windows: await windowsOfWeekday(deps, weekday) })));
    return c.json({ success: true, days });
  });
  return app;
}
