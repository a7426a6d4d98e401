// The cart calls of docs/api.md, one function each. Shapes come from the server's schema (types only, no zod at runtime).
import { api } from '@web/lib/api-client';
import type { CartChangeReply, CartReply, Substitution } from '@server/modules/cart/cart.schema';

/** GET cart's reply, or a change's (which adds a message). */
export type CartResponse = CartReply | CartChangeReply;

export function getCart(signal?: AbortSignal) {
  return api.get('cart', { signal }).json<CartReply>();
}

export function postAddToCart(productId: string, quantity = 1) {
  return api.post('cart/add', { json: { productId, quantity } }).json<CartChangeReply>();
}

export function putCartQuantity(productId: string, quantity: number) {
  return api.put(`cart/update/${encodeURIComponent(productId)}`, { json: { quantity } }).json<CartChangeReply>();
}

export function deleteCartLine(productId: string) {
  return api.delete(`cart/remove/${encodeURIComponent(productId)}`).json<CartChangeReply>();
}

export function deleteCart() {
  return api.delete('cart/clear').json<CartChangeReply>();
}

/** If the item is missing: a close product, this product, or leave it out. */
export function putCartSubstitution(productId: string, substitution: Substitution) {
  return api.put(`cart/update/${encodeURIComponent(productId)}`, { json: { substitution } }).json<CartChangeReply>();
}
