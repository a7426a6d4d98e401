// The cart calls of API.md, one function each. Shapes come from the server's schema (types only, no zod at runtime).
import { api } from '../../../lib/api-client';
import type { Cart } from '@server/modules/cart/cart.schema';

export interface CartResponse {
  success?: boolean;
  message?: string;
  cart?: Cart | null;
}

export function getCart() {
  return api.get('cart').json<CartResponse>();
}

export function postAddToCart(productId: string, quantity = 1) {
  return api.post('cart/add', { json: { productId, quantity } }).json<CartResponse>();
}

export function putCartQuantity(productId: string, quantity: number) {
  return api.put(`cart/update/${encodeURIComponent(productId)}`, { json: { quantity } }).json<CartResponse>();
}

export function deleteCartLine(productId: string) {
  return api.delete(`cart/remove/${encodeURIComponent(productId)}`).json<CartResponse>();
}

export function deleteCart() {
  return api.delete('cart/clear').json<CartResponse>();
}
