// /api/admin/stock and /api/admin/products/{id}/stock: counts as staff keep them (a delivery
// received, an adjustment after a count, stock spoiled), when a product counts as running low, and
// each product's ledger. Mounted inside staffRoutes (modules/staff); each call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { consoleCall } from '../auth/auth.middleware';
import { idParam } from '../../lib/path-params';
import {
  productLedgerQuerySchema,
  productLedgerReplySchema,
  stockChangeReplySchema,
  stockChangeSchema,
  stockDeliveryReplySchema,
  stockDeliverySchema,
  stockListQuerySchema,
  stockListReplySchema,
  stockSettingsSchema,
} from './stock.schema';
import { changeStock, listStock, productLedger, receiveDelivery, setLowThreshold, stopCounting } from './stock.service';

const productParams = z.object({ id: idParam('Product not found', 'product_not_found') });

const list = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/stock',
  summary: 'Every product with its stock: running low first, then the other counted ones, then those without a count',
  request: { query: stockListQuerySchema },
  responses: { 200: jsonReply(stockListReplySchema) },
});
const receive = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/stock/receive',
  summary: 'Receive a delivery of many products in one go, all or none; a product without a count starts counting',
  request: { body: jsonRequest(stockDeliverySchema) },
  responses: { 200: jsonReply(stockDeliveryReplySchema) },
});
const ledger = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/products/{id}/stock',
  summary: "A product's counts (null without one) and its ledger, newest first",
  request: { params: productParams, query: productLedgerQuerySchema },
  responses: { 200: jsonReply(productLedgerReplySchema) },
});
const change = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/products/{id}/stock',
  summary: 'Change what is on hand (received, adjusted, spoiled); a product without a count starts counting from it',
  description:
    '`received` adds (positive), `spoiled` takes off (negative), `adjusted` either. A count has at most three decimals where the unit is measured (kg, g, litre, ml) and is whole otherwise. On hand never goes below what orders hold (400 naming how much can be taken off). Orders move stock themselves: placing one reserves, cancelling releases, delivering sells; each change is a ledger row with who, why and when, and `onHand` and `reserved` are always the sums of the ledger.',
  request: { params: productParams, body: jsonRequest(stockChangeSchema) },
  responses: { 200: jsonReply(stockChangeReplySchema) },
});
const settings = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/products/{id}/stock',
  summary: 'Set the low-stock threshold (5 by default)',
  request: { params: productParams, body: jsonRequest(stockSettingsSchema) },
  responses: { 200: jsonReply(stockChangeReplySchema) },
});
const stop = createRoute({
  ...consoleCall,
  method: 'delete',
  path: '/products/{id}/stock',
  summary: 'Stop counting: the product sells by its in-stock mark again (refused while orders hold some)',
  request: { params: productParams },
  responses: { 200: jsonReply(z.object({ success: z.literal(true), message: z.string() })) },
});

const CHANGED: Record<string, string> = { received: 'Stock received', adjusted: 'Stock adjusted', spoiled: 'Spoiled stock taken off' };

export function addStaffStockRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, list, async (c) => c.json({ success: true as const, ...(await listStock(deps, c.req.valid('query'))) }));
  addRoute(app, receive, async (c) => {
    const products = await receiveDelivery(deps, c.get('user'), c.req.valid('json'));
    return c.json({ success: true as const, message: `Delivery received: ${products.length} ${products.length === 1 ? 'product' : 'products'}`, products });
  });
  addRoute(app, ledger, async (c) => c.json({ success: true as const, ...(await productLedger(deps, c.req.param('id'), c.req.valid('query'))) }));
  addRoute(app, change, async (c) => {
    const input = c.req.valid('json');
    const stock = await changeStock(deps, c.get('user'), c.req.param('id'), input);
    return c.json({ success: true as const, message: CHANGED[input.reason], stock });
  });
  addRoute(app, settings, async (c) => {
    const stock = await setLowThreshold(deps, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true as const, message: 'Low-stock threshold saved', stock });
  });
  addRoute(app, stop, async (c) => {
    await stopCounting(deps, c.get('user'), c.req.param('id'));
    return c.json({ success: true as const, message: 'Stock is no longer counted' });
  });
}
