// The shopper's cart (docs/product.md section 3: a line is a populated product and a quantity).
import { z } from 'zod';
import { productSchema } from '../catalog/catalog.schema';

export const MAX_LINE_QUANTITY = 999;

export const QUANTITY_FORMAT_MESSAGE = 'Quantity must be a number, like 2 or 1.5';

// A number, or digits as text (with at most three decimals: 1.5 kg); true or [2] are not quantities
// (plain coercion would read them as 1 and 2), and neither are '1e2' or '0x10' (Number() would read
// them as 100 and 16). Whether a part of a unit may be ordered is the product's rule (lib/quantities.ts),
// checked by the cart's service: whole units stay whole.
const quantity = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,3})?$/, QUANTITY_FORMAT_MESSAGE)], {
    error: 'Quantity must be a number',
  })
  .pipe(
    z.coerce
      .number<string | number>({ error: 'Quantity must be a number' })
      .positive('Quantity cannot be less than 1')
      .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, QUANTITY_FORMAT_MESSAGE)
      .max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`),
  );

/** If the item is missing: a close product the packer picks, this product, or leave it out. */
export const substitutionSchema = z.union([z.enum(['similar', 'none']), z.object({ productId: z.string().trim().min(1, 'Choose a product').max(64) })], {
  error: "Substitution is 'similar', 'none' or {productId}",
});
export type Substitution = z.infer<typeof substitutionSchema>;

export const addToCartSchema = z.object({
  productId: z.string({ error: 'Invalid product data' }).trim().min(1, 'Invalid product data').max(64),
  quantity: quantity.default(1),
  substitution: substitutionSchema.optional(),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

export const updateCartLineSchema = z
  .object({ quantity: quantity.optional(), substitution: substitutionSchema.optional() })
  .refine((value) => value.quantity !== undefined || value.substitution !== undefined, { message: 'Quantity must be a number', path: ['quantity'] });
export type UpdateCartLineInput = z.infer<typeof updateCartLineSchema>;

/** Why a line cannot be sold as it is: none left (or staff marked it out of stock), or fewer left than it wants. */
export const UNSELLABLE_REASONS = ['out_of_stock', 'not_enough'] as const;

// Beyond the storefront's {products:[{productId, quantity}]} (docs/product.md section 3): each line's unit
// price (the offer when it applies) and subtotal, and the cart's totals, all in frw and priced as checkout
// will charge, so no face sums on its own.
export const cartLineSchema = z.object({
  productId: productSchema,
  quantity: z.number(),
  price: z.number(),
  /** For a weighed line (kg, litre) an estimate: the shopper pays for what is packed. */
  subtotal: z.number(),
  estimated: z.boolean().describe('the subtotal is "about": the line is weighed when packed'),
  substitution: substitutionSchema.describe('what the packer does if the item is missing'),
  /** Whether checkout can sell this line as it is; a line that cannot is left out of the totals. */
  sellable: z.boolean(),
  reason: z.enum(UNSELLABLE_REASONS).optional().describe('why the line cannot be sold, when it cannot'),
  message: z.string().optional().describe('the reason in words: "Out of stock", "Only 2 left"'),
  available: z.number().optional().describe('what is left, when fewer are left than the line wants'),
});
export const cartSchema = z.object({
  products: z.array(cartLineSchema),
  /** Every item the cart holds, sellable or not (the cart's badge). */
  totalItems: z.number(),
  /** What checkout charges: the sellable lines only. */
  totalPrice: z.number(),
  /** Present (true) when totalPrice is an estimate: some line is weighed when packed. */
  estimated: z.literal(true).optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /cart; an empty cart is {products: []}. */
export const cartReplySchema = z.object({ success: z.boolean(), cart: cartSchema });
export type CartReply = z.infer<typeof cartReplySchema>;
/** Every call that changes the cart answers with the cart as it is now. */
export const cartChangeReplySchema = cartReplySchema.extend({ message: z.string() });
export type CartChangeReply = z.infer<typeof cartChangeReplySchema>;
