// Where an order and its payment may go next: the one status machine every writer of an order's
// status follows (staff in the console; the shop skipping a weekly basket's week).
import type { OrderStatus, PaymentStatus } from './order-lists.schema';

/** Where an order may go next. Delivered and cancelled are final. */
export const NEXT_ORDER_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** A MoMo payment is settled once: pending becomes completed or failed; a failed one may still be confirmed. */
export const NEXT_PAYMENT_STATUSES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['completed', 'failed'],
  failed: ['completed'],
  completed: [],
};
