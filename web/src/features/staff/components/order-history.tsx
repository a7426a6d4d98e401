// An order's recorded changes, oldest first: what moved, from and to, who did it (in which role), when, and the note.
import { ROLE_NAMES } from '@server/modules/auth/role-lists.schema';
import type { OrderHistoryEntry } from '@server/modules/orders/staff-orders.schema';
import { formatDateTime } from '../format';

/** Who made the change, and as what when it was a member of the shop ("Claudine Uwera, owner"). */
function author(by: OrderHistoryEntry['by']): string {
  if (!by) return 'The shop';
  return by.role && by.role !== 'shopper' ? `${by.fullName}, ${ROLE_NAMES[by.role].toLowerCase()}` : by.fullName;
}

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
            {author(entry.by)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
          {entry.note ? <span className="staff-history-note">“{entry.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
