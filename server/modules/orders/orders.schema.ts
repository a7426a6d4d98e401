// Orders as the API speaks them (docs/product.md section 3, docs/api.md).
import { z } from 'zod';
import { compactPhone, imageUrlField, optionalText, pageNumber, paginationSchema } from '../../lib/fields';
import { normalizePhone } from '../../lib/phone';
import { ORDERS_PAGE_SIZE } from '../../lib/page-sizes';
import { addressSchema } from '../addresses/addresses.schema';
import { orderDeliveryWindowSchema } from '../delivery/delivery.schema';
import { substitutionSchema } from '../cart/cart.schema';
import { DELIVERY_FAILURES, MOMO_STATES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, SUBSTITUTE_ANSWERS, TIMELINE_STEPS } from './order-lists.schema';

/** What every face says of a number MTN MoMo Rwanda cannot ask: the web form, the API, the services. */
export const MOMO_NUMBER_MESSAGE = 'Enter an MTN MoMo number of Rwanda, like 0788123456';

/** An MTN MoMo Rwanda number as shoppers type it: 0788123456, 250788123456 or +250788123456. */
const MOMO_NUMBER_PATTERN = /^(\+?250|0)7\d{8}$/;

/** Whether MTN MoMo Rwanda can ask this number to pay (spaces and dashes allowed). */
export const isMomoNumber = (phone: string) => MOMO_NUMBER_PATTERN.test(compactPhone(phone));

/** The number as MTN is asked to charge it (+2507XXXXXXXX), or undefined when MoMo Rwanda cannot ask it. */
export const momoPayerNumber = (phone: string): string | undefined => (isMomoNumber(phone) ? normalizePhone(phone) : undefined);

/** A number MTN MoMo can ask to pay, as any face takes it (0788 123 456, +250788123456); '' is "not given". */
export const payerPhoneField = optionalText
  .transform((value) => (value ? compactPhone(value) : undefined))
  .refine((value) => !value || isMomoNumber(value), MOMO_NUMBER_MESSAGE)
  .describe('The MTN MoMo number asked to approve the payment; by default the delivery phone');

export const placeOrderSchema = z.object({
  addressId: z
    .string({ error: 'Please select a shipping address' })
    .trim()
    .min(1, 'Please select a shipping address')
    .max(64),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'Please select a payment method' }).default('cash'),
  payerPhone: payerPhoneField.optional(),
  callbackUrl: z.string().max(2000).optional(),
  /** A window's id from GET /delivery/windows; left out (as the original storefront does), the earliest free one. */
  deliveryWindowId: z.string().trim().max(40).optional(),
  /**
   * Asked by the shop's own faces: the same products and quantities as an order of the last 10 minutes
   * are then refused (409 duplicate_order, naming that order), so the shopper is warned. A client that
   * does not ask (the spec's original storefront) places every order, as the spec does.
   */
  warnIfDuplicate: z.boolean().optional(),
  /** The shopper was warned of the twin and wants it twice. */
  confirmDuplicate: z.boolean().optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** 409 on POST /order/placeOrder: the order with the same products and quantities placed minutes ago. */
export const duplicateOrderReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.literal('duplicate_order'),
  duplicateOf: z.object({ _id: z.string(), orderNumber: z.string(), createdAt: z.string(), minutesAgo: z.number().int() }),
});
export type DuplicateOf = z.infer<typeof duplicateOrderReplySchema>['duplicateOf'];

export const ordersQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(ORDERS_PAGE_SIZE, 50),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

export const orderLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** The product's Kinyarwanda name in the catalog today ("amashu"), which a Kinyarwanda page shows first; absent when it has none. */
  localName: z.string().optional(),
  productImage: imageUrlField,
  /** As ordered (1.5 for 1.5 kg); price and subtotal too are as placed (a weighed line's subtotal an estimate). */
  productQuantity: z.number(),
  unit: z.string(),
  price: z.number(),
  subtotal: z.number(),
  productDetails: z.object({ productname: z.string(), productImage: imageUrlField }),
  /** Weighed when packed: subtotal is "about" until then. */
  estimated: z.boolean(),
  /** What the packer does if it is missing. */
  substitution: substitutionSchema,
  /** What went in the bag (of the substitute when substitutedBy is set); null until packed, 0 when left out. */
  packedQuantity: z.number().nullable(),
  /** The product packed in its place, at the price charged for it; null when none. */
  substitutedBy: z
    .object({
      productId: z.string(),
      productName: z.string(),
      localName: z.string().optional(),
      unit: z.string(),
      price: z.number(),
      /** The shopper's answer: asked (until answerBy), accepted, refused, or timed_out (their preference applied). */
      answer: z.enum(SUBSTITUTE_ANSWERS).nullable(),
      answerBy: z.string().nullable(),
    })
    .nullable(),
  /** What this line costs as packed; null until packed. */
  finalSubtotal: z.number().nullable(),
  /** How many the shopper refused at the door (they come off what is owed). */
  refusedQuantity: z.number(),
  /** The packing screen's read only (GET /api/admin/orders/{id}/packing): the product's step, what its weight stepper moves by. */
  quantityStep: z.number().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * One step of the order's way to the door, beside its status: placed; packed (with the final amount
 * once the shop weighs what it packed); on the way (the rider's name and phone, the window); delivered;
 * not delivered (why, and the new window); cancelled. Every attempt is a step, oldest first.
 */
export const timelineStepSchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  at: z.string(),
  rider: z.object({ fullName: z.string(), phoneNumber: z.string() }).nullable().optional(),
  window: orderDeliveryWindowSchema.nullable().optional(),
  reason: z.enum(DELIVERY_FAILURES).optional(),
  finalAmount: z.number().nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineStepSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentType: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  address: addressSchema.extend({ email: z.string().optional() }),
  products: z.array(orderLineSchema),
  /** MTN's financial transaction id once paid by MoMo (request-to-pay, or typed by staff for a pay-code payment). */
  momoTransactionId: z.string().nullable(),
  /** Why the latest MoMo request failed, in words; null unless it failed. */
  paymentFailureReason: z.string().nullable(),
  /** The latest MoMo request-to-pay, if one was made: its state and the number asked to pay. */
  momoRequest: z.object({ state: z.enum(MOMO_STATES), payerPhone: z.string() }).nullable(),
  /** When it is delivered; null on orders placed before the shop had windows. */
  deliveryWindow: orderDeliveryWindowSchema.nullable(),
  /** The goods as packed once packing ended, until then `amount` (an estimate when a line is weighed); `total` is what is paid. */
  finalAmount: z.number(),
  /** When packing ended; null until then. */
  packedAt: z.string().nullable(),
  /** The delivery fee (frw) the order was placed with, or agreed at the door; null while negotiable and not yet agreed. */
  deliveryFee: z.number().nullable(),
  /** What the shopper owes in all (frw): the goods (as packed once packed), less lines refused at the door, and the delivery fee. */
  total: z.number(),
  /** The order's way to the door, oldest first (the status stays as it is; this sits beside it). */
  timeline: z.array(timelineStepSchema),
  /** The 4-digit code to give the rider at the door: only in the shopper's own order details, while the order is on its way. */
  deliveryCode: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** The order number a shopper sees: the last 8 characters of the id, upper-cased. */
export { orderNumber } from '../../lib/order-number';

/** POST /order/placeOrder: the order placed, also under `data` (docs/product.md section 7). */
export const placeOrderReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order: orderSchema,
  invoiceNumber: z.string(),
  data: z.object({ order: orderSchema }),
});
export type PlaceOrderReply = z.infer<typeof placeOrderReplySchema>;
/** GET /order/getUserOrders: newest first, also under `data`. */
export const ordersPageReplySchema = z.object({
  success: z.boolean(),
  orders: z.array(orderSchema),
  pagination: paginationSchema,
  data: z.object({ orders: z.array(orderSchema), pagination: paginationSchema }),
});
export type OrdersPageReply = z.infer<typeof ordersPageReplySchema>;
/** GET /order/getOrderDetails/:id: one of the caller's orders, also under `data`. */
export const orderReplySchema = z.object({ success: z.boolean(), order: orderSchema, data: z.object({ order: orderSchema }) });
export type OrderReply = z.infer<typeof orderReplySchema>;
