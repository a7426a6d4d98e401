// /cart/* (API.md): every call is the signed-in shopper's own cart.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi';
import { jsonBody } from '../../lib/validate';
import { addToCartSchema, cartSchema, updateCartLineSchema } from './cart.schema';
import { addToCart, clearCart, getCart, removeFromCart, updateCartLine } from './cart.service';

export function cartRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', async (c) => c.json({ success: true, cart: await getCart(deps, c.get('user').id) }))
    .post('/add', jsonBody(addToCartSchema), async (c) => {
      const cart = await addToCart(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, message: 'Product added to cart', cart });
    })
    .put('/update/:productId', jsonBody(updateCartLineSchema), async (c) => {
      const cart = await updateCartLine(deps, c.get('user').id, c.req.param('productId'), c.req.valid('json').quantity);
      return c.json({ success: true, message: 'Cart updated successfully', cart });
    })
    .delete('/remove/:productId', async (c) => {
      const cart = await removeFromCart(deps, c.get('user').id, c.req.param('productId'));
      return c.json({ success: true, message: 'Item removed from cart', cart });
    })
    .delete('/clear', async (c) => {
      const cart = await clearCart(deps, c.get('user').id);
      return c.json({ success: true, message: 'Cart cleared successfully', cart });
    });
}

const cartReply = z.object({ success: z.boolean(), message: z.string(), cart: cartSchema });
export const cartDocs: RouteDoc[] = [
  { method: 'get', path: '/cart', tag: 'cart', auth: true, summary: 'The cart; empty is {products:[]}', response: cartReply.omit({ message: true }) },
  { method: 'post', path: '/cart/add', tag: 'cart', auth: true, summary: 'Add a product (to an existing line)', body: addToCartSchema, response: cartReply },
  { method: 'put', path: '/cart/update/{productId}', tag: 'cart', auth: true, summary: "Set a line's quantity (1 or more)", body: updateCartLineSchema, response: cartReply },
  { method: 'delete', path: '/cart/remove/{productId}', tag: 'cart', auth: true, summary: 'Remove a line; 404 when not in the cart', response: cartReply },
  { method: 'delete', path: '/cart/clear', tag: 'cart', auth: true, summary: 'Empty the cart', response: cartReply },
];
