// The cart's sums as the conversation shows them: the cart screen and checkout's confirm screen both
// read them, so they live apart from either screen. The cart service prices every line and the totals
// as checkout charges (cart.service's pricedCart); the conversation only shows them, never re-sums.
import { formatFrw, toMinor } from '../../lib/money';
import type { Cart } from '../../modules/cart/cart.schema';
import { translator, type Language, type Translate } from '../i18n';
import type { CartCard } from '../types';
import { productName, quantityText, shortLinesText } from './helpers';

export type CartLine = Cart['products'][number];

export const lineTotalMinor = (line: CartLine) => toMinor(line.subtotal);

/** "frw 1,200.00", or "about frw 1,200.00" when a weighed line makes it an estimate. */
export const aboutAmount = (t: Translate, minor: number, estimated: boolean | undefined) => (estimated ? t('price.about', { amount: formatFrw(minor) }) : formatFrw(minor));

/** What checkout would order: the items of the lines stock can sell, and the cart's total (which counts only those). */
export function cartTotals(cart: Cart): { items: number; totalMinor: number } {
  const items = cart.products.reduce((sum, line) => sum + (line.sellable ? line.quantity : 0), 0);
  return { items, totalMinor: toMinor(cart.totalPrice) };
}

/** The lines stock can sell first, then those it cannot (shown apart, left out of the total). */
export const sellableFirst = (cart: Cart): CartLine[] => [...cart.products.filter((line) => line.sellable), ...cart.products.filter((line) => !line.sellable)];

/** Why a line cannot be sold, in the shopper's language ("Out of stock", "Only 2 kg left"); undefined when it can. */
export function unsellableText(line: CartLine, t: Translate, language?: Language): string | undefined {
  if (line.sellable) return undefined;
  if (line.reason === 'not_enough' && line.available !== undefined) return t('stock.left', { quantity: quantityText(line.available, line.productId.productUnit, language) });
  return t('product.outOfStock');
}

/** The lines checkout would refuse, as a refused order names them ("Tomatoes: 2 kg left, Eggs: out of stock"); '' when none. */
export function unsellableLines(cart: Cart, t: Translate, language?: Language): string {
  const short = cart.products
    .filter((line) => !line.sellable)
    .map((line) => ({ productName: productName(line.productId, language), unit: line.productId.productUnit, available: line.reason === 'not_enough' ? (line.available ?? 0) : 0 }));
  return short.length ? shortLinesText(short, t, language) : '';
}

/**
 * "Tomatoes 2 kg, Carrots 3 kg": what the cart holds, each line with its quantity and unit, as a row of
 * entries; "2 items" (products, never their quantities summed) when a small screen has no room for one.
 */
export function cartLinesRow(current: Cart, language?: Language): { label: string; items: string[]; brief: string; optional: true } {
  const items = current.products.filter((line) => line.sellable).map((line) => `${productName(line.productId, language)} ${quantityText(line.quantity, line.productId.productUnit, language)}`);
  // Optional: beside the total, a full screen may leave it out (the cart was just seen).
  return { label: items.join(', '), items, brief: translator(language ?? 'en')('products.count', { count: items.length }), optional: true };
}

/** The cart as a summary card: the count of items (products, not their quantities summed), the total, and each line with its picture, in the shopper's language. */
export function cartCard(current: Cart, language?: Language): CartCard {
  const { items, totalMinor } = cartTotals(current);
  const t = translator(language ?? 'en');
  return {
    items,
    total: current.totalPrice,
    // Checkout's words for the same sum, so the widget has none of its own to keep in three languages.
    summary: t('checkout.items', { count: current.products.filter((line) => line.sellable).length, total: aboutAmount(t, totalMinor, current.estimated) }),
    lines: sellableFirst(current).map((line) => {
      const note = unsellableText(line, t, language);
      return {
        name: productName(line.productId, language),
        quantity: quantityText(line.quantity, line.productId.productUnit, language),
        total: line.subtotal,
        image: line.productId.productImage,
        ...(note ? { note } : {}),
      };
    }),
  };
}
