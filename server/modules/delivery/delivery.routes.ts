// /delivery/*: the windows any visitor may read before choosing one at checkout.
import { createRoute } from '@hono/zod-openapi';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, openApiRoutes } from '../../lib/openapi';
import { deliveryWindowsReplySchema } from './delivery.schema';
import { listDeliveryWindows } from './delivery.service';

const windows = createRoute({
  method: 'get',
  path: '/windows',
  tags: ['delivery'],
  summary: "Today's windows not yet started and the next 6 days', earliest first, each with whether it can be chosen now",
  responses: { 200: jsonReply(deliveryWindowsReplySchema) },
});

export function deliveryRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, windows, async (c) => {
    // Room changes with every order: never kept by a browser or a proxy.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, windows: await listDeliveryWindows(deps) });
  });
  return app;
}
