// An order's status and payment status in words, the one mapping every web face reads (the
// confirmation, track orders, the profile's history, the console): never the stored value
// ("PENDING", "pending"). The English is the conversation's (server/conversation/i18n/en.ts), so
// `npm run i18n:extract` fills its Kinyarwanda and French from the conversation's catalogues too. The
// conversation says them inside a sentence, in small letters; a badge starts with a capital.
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { OrderStatus, PaymentStatus } from '@server/modules/orders/order-lists.schema';

export const ORDER_STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Waiting to be packed`,
  processing: msg`Being prepared`,
  shipped: msg`On its way`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Not yet paid`,
  completed: msg`Paid`,
  failed: msg`Failed`,
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A value the lists do not hold (a server newer than this page): shown as it is, capitalised. */
const asItIs = (value: string) => (value ? capitalised(value) : t`Unknown`);

export function orderStatusWords(status: string): string {
  const words = ORDER_STATUS_WORDS[status as OrderStatus];
  return words ? capitalised(i18n._(words)) : asItIs(status);
}

export function paymentStatusWords(status: string): string {
  const words = PAYMENT_STATUS_WORDS[status as PaymentStatus];
  return words ? capitalised(i18n._(words)) : asItIs(status);
}
