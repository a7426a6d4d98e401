// Spec 4, confirmation: what the payment outcome is, from the return address's query or from the order.
import type { Order } from '@server/modules/orders/orders.schema';

export type PaymentOutcome = 'success' | 'failed' | 'pending' | null;

const SUCCESS = new Set(['success', 'completed', 'paid']);
const FAILED = new Set(['failed', 'cancelled']);

export function paymentOutcome(params: URLSearchParams, order: Pick<Order, 'status' | 'paymentStatus'> | null): PaymentOutcome {
  const fromQuery = ['status', 'payment_status', 'transaction_status']
    .map((key) => params.get(key)?.toLowerCase())
    .filter((value): value is string => Boolean(value));
  const status = String(order?.status ?? '').toLowerCase();
  const paymentStatus = String(order?.paymentStatus ?? '').toLowerCase();
  if (fromQuery.some((value) => SUCCESS.has(value)) || status === 'paid' || paymentStatus === 'completed') return 'success';
  if (fromQuery.some((value) => FAILED.has(value))) return 'failed';
  if (status === 'pending') return 'pending';
  return null;
}

export const PAYMENT_MESSAGES = {
  success: 'Payment successful! Your order has been confirmed.',
  failed: 'Payment failed. Please try again or contact support.',
  pending: 'Your order is being processed. Please wait for confirmation.',
} as const;
