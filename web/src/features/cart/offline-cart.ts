// The cart kept on this phone: the last cart the server answered (or changed here while offline) is in
// local storage, so a reload without a network still shows it; a change made offline is applied here at
// once and waits in the outbox (lib/outbox.ts) until the server can take it, whose cart then replaces
// this one. Only for the signed-in shopper of this phone: signing out or a new session empties it.
import { isEstimated } from '@server/lib/quantities';
import { t } from '@lingui/core/macro';
import type { Product } from '@server/modules/catalog/catalog.schema';
import { effectivePrice, percentOff } from '@web/lib/money';
import { storage } from '@web/lib/storage';
import { DEFAULT_PRODUCT_IMAGE, type CartItem } from './cart-item';

export interface CartLines {
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
}

const STORAGE_KEY = 'isoko-cart';

/** The cart this phone kept for the signed-in shopper, if any. */
export function keptCart(): CartLines | null {
  if (!storage.getToken()) return null;
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as CartLines | null;
    return kept && Array.isArray(kept.items) ? kept : null;
  } catch {
    return null;
  }
}

/** Keeps the cart on this phone while someone is signed in; forgets it otherwise. */
export function keepCart(cart: CartLines): void {
  try {
    if (!storage.getToken() || cart.items.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ items: cart.items, totalItems: cart.totalItems, totalPrice: cart.totalPrice }));
  } catch {
    // Storage full or disabled: the cart is the server's anyway.
  }
}

/** Counts and sums the lines as the server would (each line's total is its price times its quantity; a line stock cannot sell adds nothing). */
function withTotals(items: CartItem[]): CartLines {
  return {
    items,
    totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPrice: Math.round(items.reduce((sum, item) => sum + (item.sellable ? item.subtotal : 0), 0) * 100) / 100,
  };
}

const lineOf = (item: CartItem, quantity: number): CartItem => ({ ...item, quantity, subtotal: Math.round(item.price * quantity * 100) / 100 });


/** One more of the product, as the server's add does: a new line, or one more on its line. */
export function addedLocally(cart: CartLines, product: Pick<Product, '_id' | 'productname'> & Partial<Product>): CartLines {
  const existing = cart.items.find((item) => item.id === product._id);
  if (existing) return withTotals(cart.items.map((item) => (item === existing ? lineOf(item, item.quantity + item.step) : item)));
  const listPrice = Number(product.price) || 0;
  const price = effectivePrice(listPrice, product.offerPrice);
  const item: CartItem = {
    id: product._id,
    name: product.productname,
    ...(product.localName ? { localName: product.localName } : {}),
    price,
    subtotal: price,
    originalPrice: listPrice,
    image: product.productImage || DEFAULT_PRODUCT_IMAGE,
    description: product.description || t`No description available`,
    unit: product.productUnit || t`unit`,
    quantity: 1,
    discount: percentOff(listPrice, product.offerPrice),
    // Added while offline from a product page that offered it: checkout and the server judge it again.
    sellable: product.inStock !== false,
    step: Number(product.quantityStep) || 1,
    min: Number(product.minQuantity) || 1,
    estimated: isEstimated(product.productUnit || ''),
    // The shop's default applies on the server; shown as "similar" until the cart comes back.
    substitution: 'similar',
  };
  return withTotals([...cart.items, item]);
}

export function quantitySetLocally(cart: CartLines, productId: string, quantity: number): CartLines {
  return withTotals(cart.items.map((item) => (item.id === productId ? lineOf(item, quantity) : item)));
}

export function removedLocally(cart: CartLines, productId: string): CartLines {
  return withTotals(cart.items.filter((item) => item.id !== productId));
}
