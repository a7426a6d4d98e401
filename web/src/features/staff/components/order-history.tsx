// An order's recorded changes, oldest first: what moved, from and to, who did it (in which role), when, and the note.
// Statuses in the words the rest of the console and the shop use ("Waiting to be packed", "Paid"), never the stored value.
import { ROLE_NAMES } from '@server/modules/auth/role-lists.schema';
import type { OrderHistoryEntry } from '@server/modules/orders/staff-orders.schema';
import { orderStatusWords, paymentStatusWords } from '@web/features/orders';
import { formatDateTime } from '../format';

/** Who made the change, and as what when it was a member of the shop ("Claudine Uwera, owner"). */
function author(by: OrderHistoryEntry['by']): string {
  if (!by) return 'The shop';
  return by.role && by.role !== 'shopper' ? `${by.fullName}, ${ROLE_NAMES[by.role].toLowerCase()}` : by.fullName;
}

/** What packing records (order-packing.service.ts): saved part-way, done, and the shopper's answer to a substitute. */
const PACKING_WORDS: Record<string, string> = {
  packing: 'Packing saved, not done yet',
  packed: 'Packed',
  accepted: 'Substitute accepted by the shopper',
  refused: 'Substitute refused by the shopper',
};

/** A move between two statuses in words; a payment recorded again at the same status (a refund's note) names it once. */
function move(subject: string, from: string, to: string, words: (status: string) => string): string {
  return from === to || !from ? `${subject}: ${words(to)}` : `${subject}: ${words(from)} → ${words(to)}`;
}

function describe(entry: OrderHistoryEntry): string {
  if (entry.kind === 'payment') return move('Payment', entry.from, entry.to, paymentStatusWords);
  if (entry.kind === 'packing') return PACKING_WORDS[entry.to] ?? `Packing: ${entry.to}`;
  return move('Status', entry.from, entry.to, orderStatusWords);
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
