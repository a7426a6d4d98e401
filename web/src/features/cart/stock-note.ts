// What is left of a cart line, in the shopper's language ("Only 2 kg left"), where a screen shows it: apart
// from cart-item.ts so the first load, which carries the cart for the header's badge, carries no unit words.
import { onlyLeftIn } from '@web/lib/i18n/units';
import type { CartItem } from './cart-item';

/** "Only 2 left" when stock shows what is left of the line's product; undefined when it does not. */
export const stockNoteOf = (item: Pick<CartItem, 'stockLeft' | 'unit'>): string | undefined =>
  item.stockLeft === undefined ? undefined : onlyLeftIn(item.stockLeft, item.unit);
