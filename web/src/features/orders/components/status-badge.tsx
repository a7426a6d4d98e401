// Order and payment statuses (docs/product.md section 4) as coloured badges; unknown values get the neutral style. The
// styled values are the server's own lists (an order that is paid is one whose payment is 'completed').
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';

const ORDER_STYLES: ReadonlySet<string> = new Set(ORDER_STATUSES);
const PAYMENT_STYLES: ReadonlySet<string> = new Set(PAYMENT_STATUSES);

/** The statuses' names (the server's words, server/modules/orders/orders.schema.ts), in the shopper's language. */
const STATUS_NAMES: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  processing: msg`Processing`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  paid: msg`Paid`,
  completed: msg`Completed`,
  failed: msg`Failed`,
};

function label(value: string): string {
  const known = STATUS_NAMES[value];
  if (known) return i18n._(known);
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : t`Unknown`;
}

export function OrderStatusBadge({ status }: { status: string }) {
  const key = status?.toLowerCase() ?? '';
  return <span className={`badge status-badge status-${ORDER_STYLES.has(key) ? key : 'other'}`}>{label(key)}</span>;
}

export function PaymentStatusBadge({ status, upper = false }: { status: string; upper?: boolean }) {
  const key = status?.toLowerCase() ?? '';
  return (
    <span className={`badge status-badge payment-${PAYMENT_STYLES.has(key) ? key : 'other'}`}>
      {upper ? label(key).toUpperCase() : label(key)}
    </span>
  );
}
