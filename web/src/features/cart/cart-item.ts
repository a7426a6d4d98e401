// The client's cart line (spec section 3), built from a server line whose product is populated.
import type { Cart } from '@server/modules/cart/cart.schema';
import { effectivePrice, percentOff } from '../../lib/money';

export const DEFAULT_PRODUCT_IMAGE = '/images/placeholder.svg';

export interface CartItem {
  id: string;
  name: string;
  /** What the shopper pays per unit: the offer when present and lower (issue 4's price rule). */
  price: number;
  /** The list price, struck through when an offer applies. */
  originalPrice: number;
  image: string;
  description: string;
  productUnit: string;
  offerPrice: number | null;
  category: string;
  unit: string;
  quantity: number;
  /** Percent off, rounded; 0 without an offer. */
  discount: number;
}

type ServerLine = Cart['products'][number];
/** Lines can arrive with a product id string, a partial product or none (deleted product); be lenient. */
type LooseProduct = Partial<ServerLine['productId']> & { unit?: string; productunit?: string };

export function toCartItem(line: { productId?: unknown; quantity?: unknown }): CartItem | null {
  const product = line.productId as LooseProduct | string | null | undefined;
  // A line with no populated product is skipped (spec section 3).
  if (!product || typeof product !== 'object' || !product._id) return null;
  const listPrice = Number(product.price) || 0;
  const offer = product.offerPrice != null ? Number(product.offerPrice) : null;
  const unit = product.productUnit || product.unit || product.productunit || 'unit';
  return {
    id: product._id,
    name: product.productname || 'Unknown Product',
    price: effectivePrice(listPrice, offer),
    originalPrice: listPrice,
    image: product.productImage || DEFAULT_PRODUCT_IMAGE,
    description: product.description || 'No description available',
    productUnit: unit,
    offerPrice: offer,
    category: product.productCategory?.name || 'Unknown',
    unit,
    quantity: Math.max(1, Math.trunc(Number(line.quantity) || 1)),
    discount: percentOff(listPrice, offer),
  };
}

export function cartTotals(items: CartItem[]): { totalItems: number; totalPrice: number } {
  let totalItems = 0;
  let totalMinor = 0;
  for (const item of items) {
    totalItems += item.quantity;
    // Sum in whole hundredths of a frw so 0.1 + 0.2 style drift never reaches the screen.
    totalMinor += Math.round(item.price * 100) * item.quantity;
  }
  return { totalItems, totalPrice: totalMinor / 100 };
}
