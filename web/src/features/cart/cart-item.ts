// The client's cart line (docs/product.md section 3), built from a server line whose product is populated.
import { t } from '@lingui/core/macro';
import type { Cart, Substitution } from '@server/modules/cart/cart.schema';
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
  /** Whether checkout can sell the line as it is; one it cannot is shown apart and left out of the totals. */
  sellable: boolean;
  /** Why it cannot: none left (or marked out of stock), or fewer left than the line holds. */
  stockReason?: 'out_of_stock' | 'not_enough';
  /**
   * What is left, when stock shows it (running low, or fewer than the line holds). A number, put in words
   * where a screen shows it (stock-note.ts): the words' code stays out of the first load, which carries
   * the cart for the header's badge.
   */
  stockLeft?: number;
  /** The most the line can hold, when stock shows what is left. */
  maxQuantity?: number;
  /** How the product is sold: the stepper moves by step, never below min (0.5 kg from 0.5 kg; whole units 1 and 1). */
  step: number;
  min: number;
  /** Weighed when packed: the subtotal is "about". */
  estimated: boolean;
  /** What the packer does if it is missing. */
  substitution: Substitution;
}

type ServerLine = Cart['products'][number];
/** Lines can arrive with a product id string, a partial product or none (deleted product); be lenient. */
type LooseProduct = Partial<ServerLine['productId']> & { unit?: string; productunit?: string };

type LooseLine = { productId?: unknown; quantity?: unknown; price?: unknown; subtotal?: unknown } & Partial<Pick<ServerLine, 'sellable' | 'reason' | 'message' | 'available' | 'estimated' | 'substitution'>>;

/** What stock says of a line: sellable unless the server (or an out-of-stock product) says not, and what is left when it is shown. */
function stockOf(line: LooseLine, product: LooseProduct): Pick<CartItem, 'sellable' | 'stockReason' | 'stockLeft' | 'maxQuantity'> {
  const sellable = line.sellable ?? product.inStock !== false;
  const left = line.available ?? (product.stock?.low ? product.stock.available : undefined);
  return {
    sellable,
    ...(sellable ? {} : { stockReason: line.reason ?? 'out_of_stock' }),
    ...(left !== undefined && product.inStock !== false ? { stockLeft: left, maxQuantity: Math.floor(left) } : {}),
  };
}

export function toCartItem(line: LooseLine): CartItem | null {
  const product = line.productId as LooseProduct | string | null | undefined;
  // A line with no populated product is skipped (docs/product.md section 3).
  if (!product || typeof product !== 'object' || !product._id) return null;
  const listPrice = Number(product.price) || 0;
  const offer = product.offerPrice != null ? Number(product.offerPrice) : null;
  const unit = product.productUnit || product.unit || product.productunit || t`unit`;
  return {
    id: product._id,
    name: product.productname || t`Unknown Product`,
    ...(product.localName ? { localName: product.localName } : {}),
    price: Number(line.price) || 0,
    subtotal: Number(line.subtotal) || 0,
    originalPrice: listPrice,
    image: product.productImage || DEFAULT_PRODUCT_IMAGE,
    description: product.description || t`No description available`,
    unit,
    // Parts of a kilo stay as the server keeps them (to three decimals); counted units are whole.
    quantity: Math.max(0.001, Math.round((Number(line.quantity) || 1) * 1000) / 1000),
    discount: percentOff(listPrice, offer),
    step: Number(product.quantityStep) || 1,
    min: Number(product.minQuantity) || 1,
    estimated: line.estimated === true,
    substitution: line.substitution ?? 'similar',
    ...stockOf(line, product),
  };
}
