// A delivered order's receipt (docs/receipts.md): what the shopper ordered and what was sent, the
// delivery fee, and what they paid and how. One shape for the API, the web's printable page and the
// e-mail that tells the shopper their order was delivered.
import { z } from 'zod';
import { PAYMENT_METHODS } from './order-lists.schema';

export const receiptLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** The price of one unit (frw) the line was placed at. */
  price: z.number(),
  ordered: z.number(),
  /** What went in the bag: the packed weight or count, or what was ordered where nothing was recorded. */
  sent: z.number(),
  /** The unit of what was sent: a substitute's own unit when it has another. */
  sentUnit: z.string(),
  /** What the shopper handed back at the door (not paid for). */
  refused: z.number(),
  /** The product sent in its place, when the packer substituted it. */
  substitutedBy: z.string().nullable(),
  /** What the shopper pays for the line (frw): what was sent, less what was refused. */
  amount: z.number(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  at: z.string(),
  /** MTN's transaction id for a MoMo payment. */
  reference: z.string().nullable(),
});
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

export const receiptSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  placedAt: z.string(),
  deliveredAt: z.string(),
  shop: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  customer: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  address: z.string(),
  lines: z.array(receiptLineSchema),
  /** The goods as sent, less what was refused (frw): the sum of the lines' amounts. */
  goods: z.number(),
  /** The delivery fee (frw); null when none was charged or agreed. */
  deliveryFee: z.number().nullable(),
  /** What the shopper owed in all (frw): the goods and the fee. */
  total: z.number(),
  payments: z.array(receiptPaymentSchema),
  paid: z.number(),
  /** What is still owed (frw); 0 on a receipt paid in full. */
  balance: z.number(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptReplySchema = z.object({ success: z.literal(true), receipt: receiptSchema });
export type ReceiptReply = z.infer<typeof receiptReplySchema>;
