// docs/product.md section 4, confirmation: what the payment outcome is, from the return address's query or
// from the order. A payment page's query may say 'paid'; the server's order says so as paymentStatus
// 'completed'.
import { t } from '@lingui/core/macro';
import type { Order } from '@server/modules/orders/orders.schema';

export type PaymentOutcome = 'success' | 'failed' | 'pending' | null;

const SUCCESS = new Set(['success', 'completed', 'paid']);
const FAILED = new Set(['failed', 'cancelled']);

/**
 * Router state of the move from a placed order to its confirmation. "Order placed successfully and
 * cart cleared!" has just said it; a phone shows only the newest toast, so the pending order's "Your
 * order is being processed" would cover it at once. That one stays for a return from payment.
 */
export const PLACED_JUST_NOW = { placedJustNow: true } as const;

export function placedJustNow(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { placedJustNow?: unknown }).placedJustNow === true;
}

export function paymentOutcome(params: URLSearchParams, order: Pick<Order, 'status' | 'paymentStatus'> | null): PaymentOutcome {
  const fromQuery = ['status', 'payment_status', 'transaction_status']
    .map((key) => params.get(key)?.toLowerCase())
    .filter((value): value is string => Boolean(value));
  if (fromQuery.some((value) => SUCCESS.has(value)) || order?.paymentStatus === 'completed') return 'success';
  if (fromQuery.some((value) => FAILED.has(value))) return 'failed';
  if (order?.status === 'pending') return 'pending';
  return null;
}

/** Read when shown, so each is in the shopper's language of the moment. */
export const PAYMENT_MESSAGES = {
  get success() {
    return t`Payment successful! Your order has been confirmed.`;
  },
  get failed() {
    return t`Payment failed. Please try again or contact support.`;
  },
  get pending() {
    return t`Your order is being processed. Please wait for confirmation.`;
  },
};
