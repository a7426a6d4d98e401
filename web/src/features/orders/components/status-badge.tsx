// Order and payment statuses (spec 4) as coloured badges; unknown values get the neutral style.
const ORDER_STYLES = new Set(['delivered', 'shipped', 'processing', 'pending', 'cancelled', 'paid']);
const PAYMENT_STYLES = new Set(['completed', 'pending', 'failed']);

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
