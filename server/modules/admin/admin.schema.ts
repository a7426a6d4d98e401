// The operator's calls: approving cash/MoMo payments and moving orders along (spec 1: "an
// administrator approves payment offline").
import { z } from 'zod';
import { pageNumber } from '../../lib/fields';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../orders/orders.schema';

export const adminOrdersQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(20, 100),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const updateOrderStatusSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  })
  .refine((value) => value.status || value.paymentStatus, { message: 'Give a status or a payment status', path: ['status'] });
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

/** Where an order may go next. Delivered and cancelled are final. */
export const NEXT_ORDER_STATUSES: Record<(typeof ORDER_STATUSES)[number], readonly (typeof ORDER_STATUSES)[number][]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** A payment is settled once: pending becomes completed or failed; failed may be retried to completed. */
export const NEXT_PAYMENT_STATUSES: Record<(typeof PAYMENT_STATUSES)[number], readonly (typeof PAYMENT_STATUSES)[number][]> = {
  pending: ['completed', 'failed'],
  failed: ['completed'],
  completed: [],
};
