// What staff may do to an order from where it stands: confirm the MoMo payment (with its transaction
// id) or mark it failed, and move the status one step along. Only the moves the server allows are
// offered; a shared note goes with whichever change is made. If someone else changed the order first,
// the server answers 409 with the order as it is now: the page shows that and what changed.
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { mtnMayStillCharge } from '@server/modules/orders/order-lists.schema';
import {
  changeOrderStatusSchema,
  changePaymentSchema,
  type ChangeOrderStatusInput,
  type ChangePaymentInput,
  type StaffOrderDetail,
} from '@server/modules/orders/staff-orders.schema';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { orderStatusWords, paymentStatusWords } from '@web/features/orders';
import { changeOrderStatus, changePayment } from '../api/staff-api';
import { capitalise, moveLabel } from '../format';
import { submitStaffForm } from '../staff-form';
import { AreaField } from './form-fields';

interface OrderActionsProps {
  order: StaffOrderDetail;
  onChanged: (order: StaffOrderDetail) => void;
}

/** The change a button asks for: the payment settled one way, or the status moved one step. */
type Move = { kind: 'payment'; to: 'completed' | 'failed'; method?: 'pay_code' | 'cash' } | { kind: 'status'; to: StaffOrderDetail['status'] };

/** The form: the button pressed (set as it is pressed), the MoMo transaction id and the shared note. */
interface ChangeValues {
  move: Move | null;
  momoTransactionId: string;
  note: string;
}

/** What is sent: the call and its body, the server's own schema's output. */
type OrderChange = { kind: 'payment'; body: ChangePaymentInput } | { kind: 'status'; body: ChangeOrderStatusInput };

const EMPTY: ChangeValues = { move: null, momoTransactionId: '', note: '' };
const formFields = z.object({ move: z.custom<Move | null>(), momoTransactionId: z.string(), note: z.string() });

/**
 * The form as the request the move makes, with the status staff saw, checked by the server's schema for
 * that call: a payment confirmed without its MoMo transaction id is refused under that field.
 */
function changeSchema(move: Move, order: StaffOrderDetail) {
  if (move.kind === 'status') {
    return formFields
      .transform(({ note }): z.input<typeof changeOrderStatusSchema> => ({ expectedStatus: order.status, status: move.to, note }))
      .pipe(changeOrderStatusSchema)
      .transform((body): OrderChange => ({ kind: 'status', body }));
  }
  return formFields
    .transform(({ momoTransactionId, note }): z.input<typeof changePaymentSchema> => ({
      expectedPaymentStatus: order.paymentStatus,
      paymentStatus: move.to,
      // Cash counted at the shop has no MoMo transaction id.
      method: move.method ?? 'pay_code',
      momoTransactionId: move.to === 'completed' && move.method !== 'cash' ? momoTransactionId : undefined,
      note,
    }))
    .pipe(changePaymentSchema)
    .transform((body): OrderChange => ({ kind: 'payment', body }));
}

/** Checks the form against the schema of the move its button asked for. */
function changeResolver(order: StaffOrderDetail): Resolver<ChangeValues, unknown, OrderChange> {
  return (values, context, options) => {
    if (!values.move) return { values: {}, errors: { root: { type: 'move', message: 'Choose what to change' } } };
    return zodResolver(changeSchema(values.move, order))(values, context, options);
  };
}

const sameMove = (a: Move | null, b: Move) => a?.kind === b.kind && a.to === b.to && (a.kind !== 'payment' || b.kind !== 'payment' || a.method === b.method);

/** What differs between the order staff were looking at and the one the server holds now. */
export function describeConflict(seen: StaffOrderDetail, now: StaffOrderDetail): string {
  const changes: string[] = [];
  // In words, small inside the sentence, as the history below says them ("status waiting to be packed → cancelled").
  const words = (say: (status: string) => string, from: string, to: string) => `${say(from).toLowerCase()} → ${say(to).toLowerCase()}`;
  if (seen.status !== now.status) changes.push(`status ${words(orderStatusWords, seen.status, now.status)}`);
  if (seen.paymentStatus !== now.paymentStatus) changes.push(`payment ${words(paymentStatusWords, seen.paymentStatus, now.paymentStatus)}`);
  const latest = now.history[now.history.length - 1];
  const who = latest?.by?.fullName ? ` by ${latest.by.fullName}` : '';
  const what = changes.length ? changes.join(', ') : 'its details';
  return `Someone else changed this order first${who}: ${what}. Nothing was changed by you; check it and try again.`;
}

export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const ids = useId();
  // The resolver is made afresh each render: it checks against the order as staff see it now.
  const form = useForm<ChangeValues, unknown, OrderChange>({ resolver: changeResolver(order), defaultValues: EMPTY });
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const pressed = useWatch({ control, name: 'move' });
  // While MTN may still charge the shopper, its answer settles the payment: the server's own rule, which refuses a hand change.
  const momoWaiting = mtnMayStillCharge(order.momoRequest?.state);
  const canConfirm = !momoWaiting && order.nextPaymentStatuses.includes('completed');
  const canFail = !momoWaiting && order.nextPaymentStatuses.includes('failed');

  const submit = submitStaffForm(form, { failureMessage: 'Could not change the order' }, async (change) => {
    try {
      const result = change.kind === 'payment' ? await changePayment(order._id, change.body) : await changeOrderStatus(order._id, change.body);
      onChanged(result.order);
      form.reset(EMPTY);
      toast.success(result.message);
    } catch (error) {
      // Someone else changed the order first: the answer carries it as it is now. Say what changed.
      const failure = await toApiError(error, 'Could not change the order');
      const current = (failure.data as { order?: StaffOrderDetail } | undefined)?.order;
      if (failure.status !== 409 || !current) throw failure;
      form.setError('root.conflict', { type: 'server', message: describeConflict(order, current) });
      onChanged(current);
    }
  });

  /** A button of the form: it says which change it asks for as it is pressed. */
  const moveButton = (move: Move) => ({
    type: 'submit' as const,
    busy: isSubmitting && sameMove(pressed, move),
    disabled: isSubmitting,
    onClick: () => setValue('move', move),
  });

  const nothingToDo = !canConfirm && !canFail && order.nextStatuses.length === 0;
  const conflict = errors.root?.conflict?.message;

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
        <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
          {canConfirm || canFail ? (
            <fieldset className="staff-fieldset">
              <legend>Payment ({capitalise(order.paymentStatus)})</legend>
              {canConfirm ? (
                <TextField
                  label="MoMo transaction id"
                  maxLength={100}
                  autoComplete="off"
                  spellCheck={false}
                  error={errors.momoTransactionId?.message}
                  {...register('momoTransactionId')}
                />
              ) : null}
              <div className="staff-actions">
                {canConfirm ? <Button {...moveButton({ kind: 'payment', to: 'completed' })}>Confirm payment</Button> : null}
                {canConfirm ? (
                  <Button variant="secondary" {...moveButton({ kind: 'payment', to: 'completed', method: 'cash' })}>
                    Cash taken at the shop
                  </Button>
                ) : null}
                {canFail ? (
                  <Button variant="danger" {...moveButton({ kind: 'payment', to: 'failed' })}>
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
                  <Button key={status} variant={status === 'cancelled' ? 'danger' : 'primary'} {...moveButton({ kind: 'status', to: status })}>
                    {moveLabel(status)}
                  </Button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <AreaField label="Note (optional, kept in the history)" rows={2} maxLength={500} error={errors.note?.message} {...register('note')} />
        </form>
      )}
    </section>
  );
}
