// The shopper's cart (docs/product.md section 3: a line is a populated product and a quantity).
import { z } from 'zod';
import { productSchema } from '../catalog/catalog.schema';

export const MAX_LINE_QUANTITY = 999;

// A number, or digits as text; true or [2] are not quantities (plain coercion would read them as 1 and 2),
// and neither are '1e2' or '0x10' (Number() would read them as 100 and 16).
const quantity = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'Quantity must be a whole number')], {
    error: 'Quantity must be a number',
  })
  .pipe(
    z.coerce
      .number<string | number>({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity cannot be less than 1')
      .max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`),
  );

export const addToCartSchema = z.object({
  productId: z.string({ error: 'Invalid product data' }).trim().min(1, 'Invalid product data').max(64),
  quantity: quantity.default(1),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

export const updateCartLineSchema = z.object({ quantity });

/** Why a line cannot be sold as it is: none left (or staff marked it out of stock), or fewer left than it wants. */
export const UNSELLABLE_REASONS = ['out_of_stock', 'not_enough'] as const;

// Beyond the storefront's {products:[{productId, quantity}]} (docs/product.md section 3): each line's unit
// price (the offer when it applies) and subtotal, and the cart's totals, all in frw and priced as checkout
// will charge, so no face sums on its own.
export const cartLineSchema = z.object({
  productId: productSchema,
  quantity: z.number().int(),
  price: z.number(),
  subtotal: z.number(),
  /** Whether checkout can sell this line as it is; a line that cannot is left out of the totals. */
  sellable: z.boolean(),
  reason: z.enum(UNSELLABLE_REASONS).optional().describe('why the line cannot be sold, when it cannot'),
  message: z.string().optional().describe('the reason in words: "Out of stock", "Only 2 left"'),
  available: z.number().optional().describe('what is left, when fewer are left than the line wants'),
});
export const cartSchema = z.object({
  products: z.array(cartLineSchema),
  /** Every item the cart holds, sellable or not (the cart's badge). */
  totalItems: z.number().int(),
  /** What checkout charges: the sellable lines only. */
  totalPrice: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /cart; an empty cart is {products: []}. */
export const cartReplySchema = z.object({ success: z.boolean(), cart: cartSchema });
export type CartReply = z.infer<typeof cartReplySchema>;
/** Every call that changes the cart answers with the cart as it is now. */
export const cartChangeReplySchema = cartReplySchema.extend({ message: z.string() });
export type CartChangeReply = z.infer<typeof cartChangeReplySchema>;
