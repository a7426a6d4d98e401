// The client's cart line (spec section 3), built from a server line whose product is populated.
import { t } from '@lingui/core/macro';
import type { Cart } from '@server/modules/cart/cart.schema';
import { percentOff } from '@web/lib/money';

export const DEFAULT_PRODUCT_IMAGE = '/images/placeholder.svg';

export interface CartItem {
  id: string;
  name: string;
  /** The product's Kinyarwanda name, when it has one (shown in Kinyarwanda). */
  localName?: string;
  /** What the shopper pays per unit, as the server priced it (the offer when present and lower). */
  price: number;
  /** price × quantity, as the server priced it (what checkout charges for the line). */
  subtotal: number;
  /** The list price, struck through when an offer applies. */
  originalPrice: number;
  image: string;
  description: string;
  unit: string;
  quantity: number;
  /** Percent off, rounded; 0 without an offer. */
  discount: number;
}

type ServerLine = Cart['products'][number];
/** Lines can arrive with a product id string, a partial product or none (deleted product); be lenient. */
type LooseProduct = Partial<ServerLine['productId']> & { unit?: string; productunit?: string };

export function toCartItem(line: { productId?: unknown; quantity?: unknown; price?: unknown; subtotal?: unknown }): CartItem | null {
  const product = line.productId as LooseProduct | string | null | undefined;
  // A line with no populated product is skipped (spec section 3).
  if (!product || typeof product !== 'object' || !product._id) return null;
  const listPrice = Number(product.price) || 0;
  const offer = product.offerPrice != null ? Number(product.offerPrice) : null;
  return {
    id: product._id,
    name: product.productname || t`Unknown Product`,
    ...(product.localName ? { localName: product.localName } : {}),
    price: Number(line.price) || 0,
    subtotal: Number(line.subtotal) || 0,
    originalPrice: listPrice,
    image: product.productImage || DEFAULT_PRODUCT_IMAGE,
    description: product.description || t`No description available`,
    unit: product.productUnit || product.unit || product.productunit || t`unit`,
    quantity: Math.max(1, Math.trunc(Number(line.quantity) || 1)),
    discount: percentOff(listPrice, offer),
  };
}
