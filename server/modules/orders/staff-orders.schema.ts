// Orders as staff administer them in the console (/api/admin/orders, /dashboard): every shopper's
// orders with their history, the status and payment moves, and the day's figures. Plain zod only:
// the web console imports this file (/api/docs lists the calls).
import { z } from 'zod';
import { pageNumber, paginationSchema } from '../../lib/fields';
import { MOMO_STATES, ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_STATUSES } from './order-lists.schema';
import { orderSchema } from './orders.schema';
import { roleSchema } from '../auth/roles.schema';

const optionalNote = z
  .string()
  .trim()
  .max(500, 'A note must be at most 500 characters')
  .optional()
  .transform((value) => value || undefined);

// ---------------------------------------------------------------- orders

/** GET /api/admin/orders query. `search`: order number (the 8 characters shoppers see), invoice number, phone or name. */
export const staffOrdersQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(20, 100),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, 100) || undefined),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

export const customerSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  /** The proven phone, else the one typed at sign-up and not yet confirmed (phoneVerified false); null when none was given. */
  phoneNumber: z.string().nullable(),
  /** Whether phoneNumber is proven (the server always says; optional for a console newer than its server). */
  phoneVerified: z.boolean().optional(),
});

/** An order as staff see it: the shopper's Order plus who, from where, and the MoMo reference. */
export const staffOrderSchema = orderSchema.extend({
  orderNumber: z.string(), // last 8 characters of _id, upper-cased: what the shopper reads out
  channel: z.enum(ORDER_CHANNELS),
  customer: customerSchema,
  momoTransactionId: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** One request-to-pay sent to MTN for the order (payments writes them), as staff see it: MTN's ids, who was asked, what came of it. */
export const momoRequestSchema = z.object({
  /** The X-Reference-Id the shop made for it (UUID v4): MTN's support finds the request by it. */
  referenceId: z.string(),
  status: z.enum(MOMO_STATES),
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

export const HISTORY_KINDS = ['status', 'payment', 'packing'] as const;

/** One recorded change: who (and the role they acted in), when, from, to, note. Nothing is overwritten without one of these. */
export const orderHistoryEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  momoTransactionId: z.string().nullable(),
  at: z.string(),
  // role: what the account acted as (staff, owner; shopper for a skipped weekly basket); null for MTN MoMo and changes made before roles.
  by: z.object({ _id: z.string(), fullName: z.string(), role: roleSchema.nullable() }).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/**
 * GET /api/admin/orders/:id: the order, its history (oldest first), the moves allowed from here, and
 * every MoMo request-to-pay made for it (newest first; none for a pay-code order staff confirm by hand).
 */
export const staffOrderDetailSchema = staffOrderSchema.extend({
  history: z.array(orderHistoryEntrySchema),
  momoRequests: z.array(momoRequestSchema),
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  nextPaymentStatuses: z.array(z.enum(PAYMENT_STATUSES)),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const staffOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(staffOrderSchema),
  pagination: paginationSchema,
});

export const staffOrderResponseSchema = z.object({
  success: z.literal(true),
  order: staffOrderDetailSchema,
});

/**
 * POST /api/admin/orders/:id/status. `expectedStatus` is the status the caller saw: if the order has
 * moved since, the answer is 409 with the order as it is now (`order`), so two staff cannot both win.
 */
export const changeOrderStatusSchema = z.object({
  expectedStatus: z.enum(ORDER_STATUSES, { error: 'Send the status you saw as expectedStatus' }),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: optionalNote,
});
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusSchema>;

/** How staff confirm a payment by hand: the MoMo Pay code (with MTN's transaction id), or cash counted at the shop. */
export const STAFF_PAYMENT_METHODS = ['pay_code', 'cash'] as const;

/**
 * POST /api/admin/orders/:id/payment. Confirming a pay-code payment needs the MoMo transaction id; cash
 * taken at the shop does not; failing needs neither. `expectedPaymentStatus` works as `expectedStatus`
 * above (409 with the current order on a mismatch).
 */
export const changePaymentSchema = z
  .object({
    expectedPaymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Send the payment status you saw as expectedPaymentStatus' }),
    paymentStatus: z.enum(['completed', 'failed'], { error: 'Payment status must be completed or failed' }),
    method: z.enum(STAFF_PAYMENT_METHODS, { error: 'Method must be pay_code or cash' }).default('pay_code').describe('pay_code: the MoMo Pay code, with its transaction id; cash: counted at the shop'),
    momoTransactionId: z
      .string()
      .trim()
      .max(100, 'The MoMo transaction id must be at most 100 characters')
      .optional()
      .transform((value) => value || undefined),
    note: optionalNote,
  })
  .superRefine((value, ctx) => {
    if (value.paymentStatus === 'completed' && value.method === 'pay_code' && !value.momoTransactionId) {
      ctx.addIssue({ code: 'custom', path: ['momoTransactionId'], message: 'Enter the MoMo transaction id to confirm a payment' });
    }
  });
export type ChangePaymentInput = z.infer<typeof changePaymentSchema>;

/** Answer of both order changes; a 409 carries {success:false, message, error:'conflict', order} instead. */
export const orderChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: staffOrderDetailSchema,
});

// ---------------------------------------------------------------- the day

export const dashboardDaySchema = z.object({
  date: z.string(), // YYYY-MM-DD, Kigali time (UTC+2)
  orders: z.number().int(),
  sales: z.number(), // frw paid that day (MoMo, pay code, cash): unpaid orders never count
});

/** GET /api/admin/dashboard: today (Kigali) and the last 30 days, today last, every day present. */
export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  today: z.object({
    date: z.string(),
    orders: z.number().int(),
    sales: z.number(),
    /** Orders whose MoMo payment is still pending (not cancelled). */
    awaitingPayment: z.number().int(),
    /** Orders not yet delivered nor cancelled: pending (cash on delivery), processing or shipped. */
    awaitingDelivery: z.number().int(),
  }),
  days: z.array(dashboardDaySchema),
  unhandledMessages: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardResponseSchema>;
