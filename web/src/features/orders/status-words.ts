// An order's status and payment status in words, the one mapping every web face reads (the
// confirmation, track orders, the profile's history, the console): never the stored value
// ("PENDING", "pending"). English, the words the conversation's English catalogue uses too
// (server/conversation/i18n/en.ts); a translation replaces this table's words, not the screens'.
import type { OrderStatus, PaymentStatus } from '@server/modules/orders/order-lists.schema';

export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'Waiting to be packed',
  processing: 'Being prepared',
  shipped: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  pending: 'Not yet paid',
  completed: 'Paid',
  failed: 'Failed',
};

/** A value the lists do not hold (a server newer than this page): shown as it is, capitalised. */
const asItIs = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown');

export function orderStatusWords(status: string): string {
  return ORDER_STATUS_WORDS[status as OrderStatus] ?? asItIs(status);
}

export function paymentStatusWords(status: string): string {
  return PAYMENT_STATUS_WORDS[status as PaymentStatus] ?? asItIs(status);
}
