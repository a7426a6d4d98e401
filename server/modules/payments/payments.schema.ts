// MoMo request-to-pay as the API speaks it: "Pay again" for one of the shopper's orders, and MTN's
// callback (read leniently: it only tells the shop which request to ask MTN about).
import { z } from 'zod';
import { orderSchema, payerPhoneField } from '../orders/orders.schema';

/** POST /api/order/{id}/pay: a new request to MTN, to the number given or the one asked last (else the delivery phone). */
export const payOrderSchema = z.object({ payerPhone: payerPhoneField.optional() });

/**
 * `success` is whether MTN took the request (the shopper now approves it on their phone). When MTN's
 * answer never came, `message` says to approve if the phone asks and to wait for MTN (it may still
 * hold the request); only when MTN refused it does `message` offer the MoMo Pay code.
 */
export const payOrderReplySchema = z.object({ success: z.boolean(), message: z.string(), order: orderSchema });
export type PayOrderReply = z.infer<typeof payOrderReplySchema>;

/** MTN's callback body (the request-to-pay's result); only `externalId`, the order's id, is read, to match the request. */
export const momoCallbackSchema = z.looseObject({ externalId: z.union([z.string(), z.number()]).optional() });
