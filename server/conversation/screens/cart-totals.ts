// The cart's sums as the conversation shows them: the cart screen and checkout's confirm screen both
// read them, so they live apart from either screen. The cart service prices every line and the totals
// as checkout charges (cart.service's pricedCart); the conversation only shows them, never re-sums.
import { formatFrw, toMinor } from '../../lib/money';
import type { Cart } from '../../modules/cart/cart.schema';
import { translator, type Language } from '../i18n';
import type { CartCard } from '../types';
import { productName, quantityText } from './helpers';

export type CartLine = Cart['products'][number];

export const lineTotalMinor = (line: CartLine) => toMinor(line.subtotal);

export function cartTotals(cart: Cart): { items: number; totalMinor: number } {
  return { items: cart.totalItems, totalMinor: toMinor(cart.totalPrice) };
}

/**
 * "Tomatoes 2 kg, Carrots 3 kg": what the cart holds, each line with its quantity and unit, as a row of
 * entries; "2 items" (products, never their quantities summed) when a small screen has no room for one.
 */
export function cartLinesRow(current: Cart, language?: Language): { label: string; items: string[]; brief: string; optional: true } {
  const items = current.products.map((line) => `${productName(line.productId, language)} ${quantityText(line.quantity, line.productId.productUnit, language)}`);
  // Optional: beside the total, a full screen may leave it out (the cart was just seen).
  return { label: items.join(', '), items, brief: translator(language ?? 'en')('products.count', { count: items.length }), optional: true };
}

/** The cart as a summary card: the count of items (products, not their quantities summed), the total, and each line with its picture, in the shopper's language. */
export function cartCard(current: Cart, language?: Language): CartCard {
  const { items, totalMinor } = cartTotals(current);
  return {
    items,
    total: current.totalPrice,
    // Checkout's words for the same sum, so the widget has none of its own to keep in three languages.
    summary: translator(language ?? 'en')('checkout.items', { count: current.products.length, total: formatFrw(totalMinor) }),
    lines: current.products.map((line) => ({
      name: productName(line.productId, language),
      quantity: quantityText(line.quantity, line.productId.productUnit, language),
      total: line.subtotal,
      image: line.productId.productImage,
    })),
  };
}
