// What staff may do to an order from where it stands: confirm the MoMo payment (with its transaction
// id) or mark it failed, and move the status one step along. Only the moves the server allows are
// offered; a shared note goes with whichever change is made. If someone else changed the order first,
// the server answers 409 with the order as it is now: the page shows that and what changed.
import { useId, useState } from 'react';
import { mtnMayStillCharge } from '@server/modules/orders/order-lists.schema';
import type { StaffOrderDetail } from '@server/modules/orders/staff-orders.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { changeOrderStatus, changePayment } from '../api/staff-api';
import { capitalise, moveLabel } from '../format';

interface OrderActionsProps {
  order: StaffOrderDetail;
  onChanged: (order: StaffOrderDetail) => void;
}

type Busy = 'confirm' | 'fail' | string | null;

/** What differs between the order staff were looking at and the one the server holds now. */
export function describeConflict(seen: StaffOrderDetail, now: StaffOrderDetail): string {
  const changes: string[] = [];
  if (seen.status !== now.status) changes.push(`status ${seen.status} → ${now.status}`);
  if (seen.paymentStatus !== now.paymentStatus) changes.push(`payment ${seen.paymentStatus} → ${now.paymentStatus}`);
  const latest = now.history[now.history.length - 1];
  const who = latest?.by?.fullName ? ` by ${latest.by.fullName}` : '';
  const what = changes.length ? changes.join(', ') : 'its details';
  return `Someone else changed this order first${who}: ${what}. Nothing was changed by you; check it and try again.`;
}

export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [momoId, setMomoId] = useState('');
  const [momoError, setMomoError] = useState('');
  const [conflict, setConflict] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  // While MTN may still charge the shopper, its answer settles the payment: the server's own rule, which refuses a hand change.
  const momoWaiting = mtnMayStillCharge(order.momoRequest?.state);
  const canConfirm = !momoWaiting && order.nextPaymentStatuses.includes('completed');
  const canFail = !momoWaiting && order.nextPaymentStatuses.includes('failed');

  async function run(kind: Busy, call: () => Promise<{ message: string; order: StaffOrderDetail }>) {
    setBusy(kind);
    setConflict('');
    try {
      const result = await call();
      onChanged(result.order);
      setNote('');
      setMomoId('');
      toast.success(result.message);
    } catch (error) {
      const failure = await toApiError(error, 'Could not change the order');
      const current = (failure.data as { order?: StaffOrderDetail } | undefined)?.order;
      if (failure.status === 409 && current) {
        setConflict(describeConflict(order, current));
        onChanged(current);
      } else if (failure.error !== 'unauthorized') {
        const field = failure.errors.find((entry) => entry.field === 'momoTransactionId');
        if (field) setMomoError(field.message);
        toast.error(failure.message);
      }
    } finally {
      setBusy(null);
    }
  }

  function confirmPayment() {
    const id = momoId.trim();
    if (!id) {
      setMomoError('Enter the MoMo transaction id to confirm a payment');
      return;
    }
    setMomoError('');
    void run('confirm', () =>
      changePayment(order._id, {
        expectedPaymentStatus: order.paymentStatus,
        paymentStatus: 'completed',
        momoTransactionId: id,
        note: note.trim() || undefined,
      }),
    );
  }

  function failPayment() {
    setMomoError('');
    void run('fail', () =>
      changePayment(order._id, { expectedPaymentStatus: order.paymentStatus, paymentStatus: 'failed', note: note.trim() || undefined }),
    );
  }

  function move(status: StaffOrderDetail['status']) {
    void run(status, () => changeOrderStatus(order._id, { expectedStatus: order.status, status, note: note.trim() || undefined }));
  }

  const nothingToDo = !canConfirm && !canFail && order.nextStatuses.length === 0;

  return (
    <section className="card staff-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="staff-section-title">
        Actions
      </h2>
      {conflict ? (
        <p className="form-message form-message-error" role="alert">
          {conflict}
        </p>
      ) : null}
      {momoWaiting ? (
        <p className="muted" role="status">
          {order.momoRequest?.state === 'unconfirmed'
            ? 'MTN has not answered the MoMo request-to-pay yet and may still charge the shopper, who is told to approve it if asked and to wait: MTN\'s answer settles the payment. Take no pay-code payment meanwhile.'
            : 'A MoMo request-to-pay is waiting for the shopper: MTN\'s answer settles the payment.'}
        </p>
      ) : null}
      {nothingToDo ? (
        <p className="muted">This order is {order.status}: there is nothing more to do.</p>
      ) : (
        <>
          {canConfirm || canFail ? (
            <fieldset className="staff-fieldset">
              <legend>Payment ({capitalise(order.paymentStatus)})</legend>
              {canConfirm ? (
                <div className="field">
                  <label className="field-label" htmlFor={`${ids}-momo`}>
                    MoMo transaction id
                  </label>
                  <input
                    id={`${ids}-momo`}
                    className="input"
                    value={momoId}
                    onChange={(event) => setMomoId(event.target.value)}
                    maxLength={100}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={momoError ? true : undefined}
                    aria-describedby={momoError ? `${ids}-momo-error` : undefined}
                  />
                  {momoError ? (
                    <p id={`${ids}-momo-error`} className="field-error">
                      {momoError}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <div className="staff-actions">
                {canConfirm ? (
                  <Button busy={busy === 'confirm'} disabled={busy !== null} onClick={confirmPayment}>
                    Confirm payment
                  </Button>
                ) : null}
                {canFail ? (
                  <Button variant="danger" busy={busy === 'fail'} disabled={busy !== null} onClick={failPayment}>
                    Mark payment failed
                  </Button>
                ) : null}
              </div>
            </fieldset>
          ) : null}
          {order.nextStatuses.length ? (
            <fieldset className="staff-fieldset">
              <legend>Status ({capitalise(order.status)})</legend>
              <div className="staff-actions">
                {order.nextStatuses.map((status) => (
                  <Button
                    key={status}
                    variant={status === 'cancelled' ? 'danger' : 'primary'}
                    busy={busy === status}
                    disabled={busy !== null}
                    onClick={() => move(status)}
                  >
                    {moveLabel(status)}
                  </Button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-note`}>
              Note (optional, kept in the history)
            </label>
            <textarea
              id={`${ids}-note`}
              className="input"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </>
      )}
    </section>
  );
}
