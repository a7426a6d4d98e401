// Order and payment statuses (docs/product.md section 4) as coloured badges in words (status-words.ts);
// unknown values get the neutral style. The styled values are the server's own lists (an order that is
// paid is one whose payment is 'completed'). `label` names the badge where two sit side by side
// unexplained (the console's list: "Order", "Payment").
import type { ReactNode } from 'react';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';
import { orderStatusWords, paymentStatusWords } from '../status-words';

const ORDER_STYLES: ReadonlySet<string> = new Set(ORDER_STATUSES);
const PAYMENT_STYLES: ReadonlySet<string> = new Set(PAYMENT_STATUSES);

function Labelled({ label, children }: { label?: string; children: ReactNode }) {
  if (!label) return <>{children}</>;
  return (
    <span className="status-labelled">
      <span className="status-label">{label}</span> {children}
    </span>
  );
}

export function OrderStatusBadge({ status, label }: { status: string; label?: string }) {
  const key = status?.toLowerCase() ?? '';
  return (
    <Labelled label={label}>
      <span className={`badge status-badge status-${ORDER_STYLES.has(key) ? key : 'other'}`}>{orderStatusWords(key)}</span>
    </Labelled>
  );
}

export function PaymentStatusBadge({ status, label }: { status: string; label?: string }) {
  const key = status?.toLowerCase() ?? '';
  return (
    <Labelled label={label}>
      <span className={`badge status-badge payment-${PAYMENT_STYLES.has(key) ? key : 'other'}`}>{paymentStatusWords(key)}</span>
    </Labelled>
  );
}
