// The cart's sums as the conversation shows them: the cart screen and checkout's confirm screen both
// read them, so they live apart from either screen.
import { toFrw } from '../../lib/money';
import type { Cart } from '../../modules/cart/cart.schema';
import type { Language } from '../i18n';
import type { CartCard } from '../types';
import { productName, quantityText, unitPriceMinor } from './helpers';

export type CartLine = Cart['products'][number];

export const lineTotalMinor = (line: CartLine) => unitPriceMinor(line.productId) * line.quantity;

export function cartTotals(cart: Cart): { items: number; totalMinor: number } {
  return {
    items: cart.products.reduce((sum, line) => sum + line.quantity, 0),
    totalMinor: cart.products.reduce((sum, line) => sum + lineTotalMinor(line), 0),
  };
}

/** The cart as a summary card: the count, the total, and each line with its picture, in the shopper's language. */
export function cartCard(current: Cart, language?: Language): CartCard {
  const { items, totalMinor } = cartTotals(current);
  return {
    items,
    total: toFrw(totalMinor),
    lines: current.products.map((line) => ({
      name: productName(line.productId, language),
      quantity: quantityText(line.quantity, line.productId.productUnit, language),
      total: toFrw(lineTotalMinor(line)),
      image: line.productId.productImage,
    })),
  };
}
