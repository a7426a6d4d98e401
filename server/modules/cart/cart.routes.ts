// /cart/* (docs/api.md): every call is the signed-in shopper's own cart.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { addToCartSchema, cartChangeReplySchema, cartReplySchema, updateCartLineSchema } from './cart.schema';
import { addToCart, clearCart, getCart, removeFromCart, updateCartLine } from './cart.service';

const cartCall = { tags: ['cart'], security: bearerAuth };
const changed = { 200: jsonReply(cartChangeReplySchema) };
const lineParams = z.object({ productId: idParam('Product not found in cart') });

const showCart = createRoute({ ...cartCall, method: 'get', path: '/', summary: 'The cart with its totals; empty is {products:[], totalItems:0, totalPrice:0}', responses: { 200: jsonReply(cartReplySchema) } });
const addLine = createRoute({ ...cartCall, method: 'post', path: '/add', summary: 'Add a product (to an existing line)', request: { body: jsonRequest(addToCartSchema) }, responses: changed });
const setQuantity = createRoute({
  ...cartCall,
  method: 'put',
  path: '/update/{productId}',
  summary: "Set a line's quantity (1 or more; a weighed product in its steps, e.g. 1.5 kg) and/or its substitution ('similar', 'none' or {productId})",
  request: { params: lineParams, body: jsonRequest(updateCartLineSchema) },
  responses: changed,
});
const removeLine = createRoute({ ...cartCall, method: 'delete', path: '/remove/{productId}', summary: 'Remove a line; 404 when not in the cart', request: { params: lineParams }, responses: changed });
const emptyCart = createRoute({ ...cartCall, method: 'delete', path: '/clear', summary: 'Empty the cart', responses: changed });

export function cartRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, showCart, async (c) => c.json({ success: true, cart: await getCart(deps, c.get('user').id) }));
  addRoute(app, addLine, async (c) => {
    const cart = await addToCart(deps, c.get('user').id, c.req.valid('json'));
    return c.json({ success: true, message: 'Product added to cart', cart });
  });
  addRoute(app, setQuantity, async (c) => {
    const cart = await updateCartLine(deps, c.get('user').id, c.req.param('productId'), c.req.valid('json'));
    return c.json({ success: true, message: 'Cart updated successfully', cart });
  });
  addRoute(app, removeLine, async (c) => {
    const cart = await removeFromCart(deps, c.get('user').id, c.req.param('productId'));
    return c.json({ success: true, message: 'Item removed from cart', cart });
  });
  addRoute(app, emptyCart, async (c) => {
    const cart = await clearCart(deps, c.get('user').id);
    return c.json({ success: true, message: 'Cart cleared successfully', cart });
  });
  return app;
}
