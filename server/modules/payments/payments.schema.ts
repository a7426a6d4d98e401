// MoMo request-to-pay as the API speaks it: "Pay again" for one of the shopper's orders, and MTN's
// callback (read leniently: it only tells the shop which order to ask MTN about).
import { z } from 'zod';
import { orderSchema, payerPhoneField } from '../orders/orders.schema';

/** POST /api/order/{id}/pay: a new request to MTN, to the number given or the one asked last (else the delivery phone). */
export const payOrderSchema = z.object({ payerPhone: payerPhoneField.optional() });

/**
 * `success` is whether MTN took the request (the shopper now approves it on their phone); when MTN
 * refused or did not answer, `message` says to pay with the MoMo Pay code instead.
 */
export const payOrderReplySchema = z.object({ success: z.boolean(), message: z.string(), order: orderSchema });
export type PayOrderReply = z.infer<typeof payOrderReplySchema>;

/** MTN's callback body (the request-to-pay's result); only `externalId`, the order's id, is used. */
export const momoCallbackSchema = z.looseObject({ externalId: z.union([z.string(), z.number()]).optional() });

/** One request-to-pay sent to MTN, as staff see it: MTN's ids, who was asked, what came of it. */
export const momoRequestSchema = z.object({
  /** The X-Reference-Id the shop made for it (UUID v4): MTN's support finds the request by it. */
  referenceId: z.string(),
  status: z.enum(['waiting', 'unconfirmed', 'successful', 'failed']),
  payerPhone: z.string(),
  /** Exactly as sent to MTN (RWF whole francs; the sandbox's EUR). */
  amount: z.string(),
  currency: z.string(),
  financialTransactionId: z.string().nullable(),
  /** MTN's code (and message) when it failed. */
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type MomoRequest = z.infer<typeof momoRequestSchema>;
