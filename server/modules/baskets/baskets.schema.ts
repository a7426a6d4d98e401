// Weekly baskets as the API speaks them. Plain zod: the storefront imports it.
import { z } from 'zod';
import { payerPhoneField } from '../orders/orders.schema';

const weekday = z
  .number({ error: 'Choose a weekday: 1 (Monday) to 7 (Sunday)' })
  .int('Choose a weekday: 1 (Monday) to 7 (Sunday)')
  .min(1, 'Choose a weekday: 1 (Monday) to 7 (Sunday)')
  .max(7, 'Choose a weekday: 1 (Monday) to 7 (Sunday)');
const windowStart = z.string({ error: 'Choose a delivery time like 08:00' }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a delivery time like 08:00');
const addressId = z.string().trim().min(1).max(64);

/** POST /baskets: from one of the shopper's orders, or from their cart. */
export const createBasketSchema = z
  .object({
    fromOrderId: z.string().trim().min(1).max(64).optional(),
    fromCart: z.boolean().optional(),
    weekday,
    windowStart,
    addressId: addressId.optional(),
    /** A basket made from a MoMo order: the number MTN asks each week (by default the order's). */
    payerPhone: payerPhoneField.optional(),
  })
  .refine((value) => Boolean(value.fromOrderId) !== Boolean(value.fromCart), {
    message: 'Make the basket from one of your orders (fromOrderId) or from your cart (fromCart: true)',
    path: ['fromOrderId'],
  });
export type CreateBasketInput = z.infer<typeof createBasketSchema>;

/** PUT /baskets/{id}: any of these. */
export const updateBasketSchema = z
  .object({
    weekday: weekday.optional(),
    windowStart: windowStart.optional(),
    paused: z.boolean().optional(),
    skipNext: z.boolean().optional(),
    addressId: addressId.optional(),
    payerPhone: payerPhoneField.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Say what to change: weekday, windowStart, paused, skipNext, addressId or payerPhone', path: ['weekday'] });
export type UpdateBasketInput = z.infer<typeof updateBasketSchema>;

export const basketLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Today's price for one; null when the product is no longer sold. */
  price: z.number().nullable(),
  /** Whether it would be in this week's order (hidden or out of stock: left out, and named in the text). */
  forSale: z.boolean(),
});

/** The coming delivery: placed as an order already (the evening before), or still to be placed. */
export const nextDeliverySchema = z.object({
  date: z.string().describe('Kigali date, YYYY-MM-DD'),
  start: z.string(),
  end: z.string(),
  label: z.string().describe('"Tomorrow 08:00–10:00"'),
  skipped: z.boolean(),
  orderId: z.string().nullable().describe('The order placed for it, once placed'),
});

export const basketSchema = z.object({
  _id: z.string(),
  weekday: z.number().int(),
  windowStart: z.string(),
  /** "Tuesdays 08:00–10:00" */
  label: z.string(),
  paused: z.boolean(),
  /** The coming delivery; null while paused. */
  nextDelivery: nextDeliverySchema.nullable(),
  /**
   * A coming week an order of the shopper's brings instead: made on the very window of the order it
   * came from (or of one with the same products), the basket starts the week after, not the same
   * groceries twice.
   */
  coveredBy: z.object({ orderId: z.string(), orderNumber: z.string(), label: z.string().describe('"Tomorrow 10:00–12:00"') }).nullable(),
  /** The order it was made from (one basket per order); null when made from the cart. */
  fromOrderId: z.string().nullable(),
  lines: z.array(basketLineSchema),
  /** What this week's order would cost at today's prices (the lines for sale). */
  total: z.number(),
  paymentType: z.string(),
  /** The MTN MoMo number asked each week (a MoMo basket), +2507...; null for cash. */
  payerPhone: z.string().nullable(),
  address: z.object({ _id: z.string(), description: z.string(), street: z.string(), district: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketsReplySchema = z.object({ success: z.boolean(), baskets: z.array(basketSchema) });
export const basketReplySchema = z.object({ success: z.boolean(), message: z.string(), basket: basketSchema });
/** 409 on POST /baskets: the basket that already brings these groceries. */
export const basketExistsSchema = z.object({ success: z.boolean(), message: z.string(), error: z.string(), basketId: z.string() });
export const basketStoppedReplySchema = z.object({ success: z.boolean(), message: z.string() });

/** A basket as the console lists the coming week's. */
export const staffBasketSchema = basketSchema.extend({
  customer: z.object({ fullName: z.string(), phoneNumber: z.string().nullable() }),
  /** 'placed' (orderNumber), 'to place' (when), 'skipped', 'paused', 'not placed' (problem). */
  state: z.enum(['placed', 'to place', 'skipped', 'paused', 'not placed']),
  /** Why this week's delivery was not placed (state 'not placed'): the shopper has been texted it too. */
  problem: z.string().nullable(),
  orderNumber: z.string().nullable(),
  placesAt: z.string().nullable().describe('When the shop places it (18:00 Kigali the evening before)'),
});
export type StaffBasket = z.infer<typeof staffBasketSchema>;
export const staffBasketsReplySchema = z.object({ success: z.boolean(), baskets: z.array(staffBasketSchema) });
