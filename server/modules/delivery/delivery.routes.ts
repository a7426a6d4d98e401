// /delivery/*: the windows any visitor may read before choosing one at checkout, the weekly times a
// basket keeps, and the fee every face quotes before Confirm.
import { createRoute } from '@hono/zod-openapi';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, openApiRoutes } from '../../lib/openapi';
import { deliveryWindowsReplySchema, weeklyTimesReplySchema } from './delivery.schema';
import { deliveryDays, listDeliveryWindows, windowsOfWeekday } from './delivery.service';
import { deliveryFeesReplySchema } from './delivery-fees.schema';
import { getDeliveryFees } from './delivery-fees.service';

const windows = createRoute({
  method: 'get',
  path: '/windows',
  tags: ['delivery'],
  summary: "Today's windows not yet started and the next 6 days', earliest first, each with whether it can be chosen now",
  responses: { 200: jsonReply(deliveryWindowsReplySchema) },
});

const fees = createRoute({
  method: 'get',
  path: '/fees',
  tags: ['delivery'],
  summary: 'The delivery fee: negotiable with the rider, or a table by district, sector and order size',
  description: [
    '`mode: "negotiable"`: the fee is agreed with the rider at the door (the order\'s `deliveryFee` is null until then). `mode: "table"`: an order pays the rate for its place and size, fixed when it is placed and shown before Confirm on every face.',
    'A rate for the address\'s sector wins over its district\'s; among those, the one with the largest `from` (frw) the order\'s subtotal reaches. An order of at least `freeFrom` frw is delivered free. A place with no rate is negotiable.',
  ].join('\n\n'),
  responses: { 200: jsonReply(deliveryFeesReplySchema) },
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
  addRoute(app, fees, async (c) => {
    // Staff may change it any time: a browser asks again rather than keep an old table.
    c.header('Cache-Control', 'no-cache');
    return c.json({ success: true, ...(await getDeliveryFees(deps)) });
  });
  addRoute(app, weeklyTimes, async (c) => {
    const days = await Promise.all((await deliveryDays(deps)).map(async (weekday) => ({ weekday, windows: await windowsOfWeekday(deps, weekday) })));
    return c.json({ success: true, days });
  });
  return app;
}
