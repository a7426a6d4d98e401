// A window's pick list (docs/packing.md): the products to pick summed across its orders, by
// category, and each order's packing slip. Plain zod: the console's Delivery page imports it.
import { z } from 'zod';
import { substitutionSchema } from '../cart/cart.schema';

export const pickItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  category: z.string(),
  unit: z.string(),
  /** Summed across the window's orders (1.5 + 2 kg = 3.5 kg). */
  quantity: z.number(),
  orders: z.number().int(),
  /** How many lines want a similar item, leave it out, or a named product if it is missing. */
  preferences: z.object({ similar: z.number().int(), none: z.number().int(), product: z.number().int() }),
});

export const packingSlipSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  shopper: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  address: z.object({ description: z.string(), street: z.string(), district: z.string(), city: z.string() }),
  lines: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      unit: z.string(),
      quantity: z.number(),
      estimated: z.boolean(),
      subtotal: z.number(),
      substitution: substitutionSchema,
      packedQuantity: z.number().nullable(),
      substitutedBy: z.string().nullable(),
    }),
  ),
  /** The order's amount as placed (an estimate when a line is weighed). */
  estimate: z.number(),
  /** The goods as packed (the estimate until packing ends); the delivery fee is apart. */
  finalAmount: z.number(),
  packed: z.boolean(),
});

export const pickListSchema = z.object({
  window: z.object({ id: z.string(), start: z.string(), end: z.string().nullable() }),
  items: z.array(pickItemSchema),
  slips: z.array(packingSlipSchema),
});
export type PickList = z.infer<typeof pickListSchema>;
export const pickListReplySchema = pickListSchema.extend({ success: z.literal(true) });
