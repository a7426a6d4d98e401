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
    <ol className="staff-history">
      {entries.map((entry) => (
        <li key={entry._id}>
          <span className="staff-history-what">{describe(entry)}</span>
          {entry.momoTransactionId ? <span> (MoMo {entry.momoTransactionId})</span> : null}
          <span className="staff-history-meta">
            {entry.by?.fullName ?? 'The shop'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
          {entry.note ? <span className="staff-history-note">“{entry.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
