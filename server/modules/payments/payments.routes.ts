// POST /api/order/{id}/pay ("Pay again" by MoMo request-to-pay) and MTN's callback at
// /momo/callback/{referenceId}. server/app.ts mounts the first in the /order tree beside orders' own calls.
import { createRoute } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { requireUser } from '../auth/auth.middleware';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { orderIdParam } from '../../lib/path-params';
import { getOrder } from '../orders/orders.service';
import { momoCallbackSchema, payOrderReplySchema, payOrderSchema } from './payments.schema';
import { handleMomoCallback, momoStartMessage, startMomoPayment } from './payments.service';

const pay = createRoute({
  tags: ['order'],
  security: bearerAuth,
  method: 'post',
  path: '/{id}/pay',
  summary: 'Pay for one of your orders by MTN MoMo request-to-pay (again): the phone asks for the PIN',
  description:
    'A new request with a new reference id. 409 with a message when the order is paid, cancelled, or a request for it is still in flight; 404 for an order that is not yours.',
  request: { params: z.object({ id: orderIdParam('Order not found') }), body: jsonRequest(payOrderSchema) },
  responses: {
    200: jsonReply(payOrderReplySchema, 'Asked: `success` says whether MTN took the request'),
    409: jsonReply(z.object({ success: z.literal(false), message: z.string(), error: z.string() }), 'Paid, cancelled, or a request is in flight'),
  },
});

/** The shopper's calls on an order's payment, each behind the sign-in check. */
export function orderPaymentRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, { ...pay, middleware: [requireUser(deps)] }, async (c) => {
    const userId = c.get('user').id;
    // The order by its id or number, and only the caller's own: another shopper's is a 404.
    const mine = await getOrder(deps, userId, c.req.valid('param').id);
    const { order, start } = await startMomoPayment(deps, mine._id, { userId, payerPhone: c.req.valid('json').payerPhone });
    return c.json({ success: start === 'waiting', message: momoStartMessage(deps, order), order }, 200);
  });
  return app;
}

/**
 * MTN's callback (PUT or POST, sent once, never retried) at the address the request gave MTN, which
 * names the request. Anyone can send one, so it is never believed: the shop asks MTN's status endpoint
 * about that request, if it is still in flight, then answers. The bare address (no request named)
 * asks MTN nothing; its requests are followed by the polling job.
 */
export function momoCallbackRoutes(deps: ShopDeps) {
  const app = new Hono<AppEnv>();
  const callback = async (c: Context<AppEnv>, referenceId: string) => {
    const parsed = momoCallbackSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ success: false, message: 'Expected the request-to-pay result as JSON' }, 400);
    const externalId = String(parsed.data.externalId ?? '').trim().slice(0, 64) || undefined;
    const outcome = await handleMomoCallback(deps, referenceId.slice(0, 64), externalId);
    deps.log.info('momo_callback', { referenceId: referenceId.slice(0, 64), externalId, outcome });
    return c.json({ success: true });
  };
  app.on(['PUT', 'POST'], '/', (c) => callback(c, ''));
  app.on(['PUT', 'POST'], '/:referenceId', (c) => callback(c, c.req.param('referenceId')));
  return app;
}
