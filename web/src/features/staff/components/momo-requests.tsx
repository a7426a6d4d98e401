// Every MoMo request-to-pay made for an order, newest first, with MTN's ids: the reference id the shop
// made (MTN's support finds a request by it) and MTN's financial transaction id once paid.
import type { MomoRequest } from '@server/modules/orders/staff-orders.schema';
import { capitalise, formatDateTime } from '../format';

const STATUS_WORDS: Record<MomoRequest['status'], string> = {
  waiting: 'Waiting for the PIN',
  unconfirmed: 'No answer from MTN yet: it may still be approved',
  successful: 'Paid',
  failed: 'Failed',
};

export function MomoRequests({ requests }: { requests: MomoRequest[] }) {
  if (requests.length === 0) return <p className="muted">No MoMo request-to-pay was made for this order.</p>;
  return (
    <ul className="staff-list" aria-label="MoMo requests">
      {requests.map((request) => (
        <li key={request.referenceId} className="staff-row">
          <dl className="staff-facts">
            <dt>Result</dt>
            <dd>
              {STATUS_WORDS[request.status] ?? capitalise(request.status)}
              {request.failureReason ? <span className="muted"> ({request.failureReason})</span> : null}
            </dd>
            <dt>Asked</dt>
            <dd>
              {request.payerPhone}, {request.currency} {request.amount}, {formatDateTime(request.requestedAt)}
            </dd>
            <dt>MTN reference id</dt>
            <dd>
              <code>{request.referenceId}</code>
            </dd>
            <dt>MTN transaction id</dt>
            <dd>{request.financialTransactionId ? <code>{request.financialTransactionId}</code> : '—'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
