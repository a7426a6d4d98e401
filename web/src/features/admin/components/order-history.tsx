// An order's recorded changes, oldest first: what moved, from and to, who did it, when, and the note.
import type { OrderHistoryEntry } from '@server/modules/orders/staff-orders.schema';
import { formatDateTime } from '../format';

function describe(entry: OrderHistoryEntry): string {
  const subject = entry.kind === 'payment' ? 'Payment' : 'Status';
  return `${subject}: ${entry.from} → ${entry.to}`;
}

export function OrderHistory({ entries }: { entries: OrderHistoryEntry[] }) {
  if (entries.length === 0) return <p className="muted">No changes yet.</p>;
  return (
    <ol className="admin-history">
      {entries.map((entry) => (
        <li key={entry._id}>
          <span className="admin-history-what">{describe(entry)}</span>
          {entry.momoTransactionId ? <span> (MoMo {entry.momoTransactionId})</span> : null}
          <span className="admin-history-meta">
            {entry.by?.fullName ?? 'The shop'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
          {entry.note ? <span className="admin-history-note">“{entry.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
