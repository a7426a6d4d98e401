// /baskets: a shopper's weekly baskets: list, make (from an order or the cart), change
// (skip the next, pause, another day or time or address) and stop. Another shopper's id is a 404.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { basketExistsSchema, basketReplySchema, basketsReplySchema, basketStoppedReplySchema, createBasketSchema, updateBasketSchema } from './baskets.schema';
import type { Basket } from './baskets.schema';
import { BASKET_NOT_FOUND, createBasket, listBaskets, stopBasket, updateBasket } from './baskets.service';

const basketCall = { tags: ['baskets'], security: bearerAuth };
const basketParams = z.object({ id: idParam(BASKET_NOT_FOUND) });

const list = createRoute({ ...basketCall, method: 'get', path: '/', summary: 'Your weekly baskets, with each one\'s coming delivery', responses: { 200: jsonReply(basketsReplySchema) } });
const create = createRoute({
  ...basketCall,
  method: 'post',
  path: '/',
  summary: 'Make a weekly basket from one of your orders (fromOrderId) or your cart (fromCart: true), delivered on a weekday in the window starting at windowStart',
  description:
    'One basket per order: a second from the same order (or from an order its basket placed), or one with the same products on the same day and time, is a 409 naming the basket that exists (`basketId`). Made on the window of an order that already brings these products, the basket starts the week after (`coveredBy`).',
  request: { body: jsonRequest(createBasketSchema) },
  responses: { 201: jsonReply(basketReplySchema, 'Made'), 409: jsonReply(basketExistsSchema, 'A basket already brings these groceries') },
});
const update = createRoute({
  ...basketCall,
  method: 'put',
  path: '/{id}',
  summary: 'Skip the next delivery (skipNext), pause, or change the day, time, address or MoMo number (payerPhone)',
  description:
    'Skipping a delivery already placed as an order cancels that order while it is pending (409 once it is being prepared). A MoMo number (payerPhone) must be one MTN MoMo of Rwanda can ask (400 otherwise, and for a cash basket).',
  request: { params: basketParams, body: jsonRequest(updateBasketSchema) },
  responses: { 200: jsonReply(basketReplySchema) },
});
const stop = createRoute({
  ...basketCall,
  method: 'delete',
  path: '/{id}',
  summary: 'Stop a weekly basket: no more weekly orders (one already placed stands)',
  request: { params: basketParams },
  responses: { 200: jsonReply(basketStoppedReplySchema) },
});

/**
 * What making it did, in the shopper's words: when it comes, and, when its first week is the
 * order's, from when and why.
 */
function madeMessage(basket: Basket): string {
  if (basket.coveredBy && basket.nextDelivery) {
    return `Your weekly basket comes ${basket.label}, from ${basket.nextDelivery.label}: order #${basket.coveredBy.orderNumber} already brings it ${basket.coveredBy.label}`;
  }
  return `Your weekly basket comes ${basket.label}`;
}

/** What a change did, in the shopper's words. */
function changedMessage(input: z.infer<typeof updateBasketSchema>): string {
  if (input.skipNext === true) return 'The next delivery is skipped';
  if (input.skipNext === false) return 'The next delivery is back on';
  if (input.paused === true) return 'Your weekly basket is paused';
  if (input.paused === false) return 'Your weekly basket is back on';
  if (input.payerPhone) return 'Your weekly basket\'s MoMo number is changed';
  return 'Your weekly basket is changed';
}

export function basketRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, list, async (c) => c.json({ success: true, baskets: await listBaskets(deps, c.get('user').id) }));
  addRoute(app, create, async (c) => {
    const basket = await createBasket(deps, c.get('user').id, c.req.valid('json'));
    return c.json({ success: true, message: madeMessage(basket), basket }, 201);
  });
  addRoute(app, update, async (c) => {
    const input = c.req.valid('json');
    const basket = await updateBasket(deps, c.get('user').id, c.req.valid('param').id, input);
    return c.json({ success: true, message: changedMessage(input), basket });
  });
  addRoute(app, stop, async (c) => {
    await stopBasket(deps, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true, message: 'Your weekly basket is stopped' });
  });
  return app;
}
