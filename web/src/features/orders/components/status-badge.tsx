// Order and payment statuses (docs/product.md section 4) as coloured badges; unknown values get the neutral style. The
// styled values are the server's own lists (an order that is paid is one whose payment is 'completed').
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';

const ORDER_STYLES: ReadonlySet<string> = new Set(ORDER_STATUSES);
const PAYMENT_STYLES: ReadonlySet<string> = new Set(PAYMENT_STATUSES);

function label(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown';
}

export function OrderStatusBadge({ status }: { status: string }) {
  const key = status?.toLowerCase() ?? '';
  return <span className={`badge status-badge status-${ORDER_STYLES.has(key) ? key : 'other'}`}>{label(key)}</span>;
}

export function PaymentStatusBadge({ status, upper = false }: { status: string; upper?: boolean }) {
  const key = status?.toLowerCase() ?? '';
  return (
    <span className={`badge status-badge payment-${PAYMENT_STYLES.has(key) ? key : 'other'}`}>
      {upper ? key.toUpperCase() : label(key)}
    </span>
  );
}
