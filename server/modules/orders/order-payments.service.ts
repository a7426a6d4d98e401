// An order's payment state (payment_type, payment_status, momo_state, momo_payer_phone,
// momo_transaction_id, payment_failure_reason, paid_minor, paid_at) changes only here, each change in
// the caller's transaction with its history row: payments records what MTN did through these
// functions, staff record a payment confirmed by hand through recordPayment, and dispatch the cash a
// rider took at the door through takeCashAtDoor. Every payment taken is a row of order_payments, and
// paid_minor is their sum: the order is paid (completed) once that reaches what it owes
// (order-amounts.schema.ts). The one rule of whether MTN may still charge (mtnMayStillCharge,
// order-lists.schema.ts) is applied here too, so no payment is taken and no request made while an
// earlier one can still be approved.
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { localPhone } from '../../lib/phone';
import { failureWords, type MomoFailure } from './momo-reasons';
import { recordOrderChange, type ChangedBy } from './order-changes.service';
import { mtnMayStillCharge, type PaymentMethod, type PaymentStatus } from './order-lists.schema';
import { amountDueMinor, amountToCollectMinor } from './order-amounts.schema';
import { formatFrw } from '../../lib/money';
import type { NoticeEvent } from './order-notices';

type Trx = Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/** Who the order's history says made a change MTN's answer brought. */
const MTN_MOMO: ChangedBy = { id: null, name: 'MTN MoMo' };

/** The order's row, locked until the caller's transaction ends; only the shopper's own with `userId`. 404 when there is none. */
export async function lockOrder(trx: Trx, orderId: string, userId?: string): Promise<OrderRow> {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', orderId.trim());
  if (userId) query = query.where('user_id', '=', userId);
  const order = await query.forUpdate().executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return order;
}

export const MOMO_IN_FLIGHT_MESSAGE = 'A MoMo request-to-pay for this order is waiting for the shopper: its result settles the payment';

/** Whether MTN may still charge for the order's latest MoMo request (order-lists.schema.ts says when). */
export const momoInFlight = (order: Pick<OrderRow, 'momo_state'>) => mtnMayStillCharge(order.momo_state);

/** Why a new MoMo request may not be made for this order now, or undefined when it may. */
export function momoRequestRefusal(order: OrderRow): string | undefined {
  if (order.payment_status === 'completed') return 'This order is already paid';
  if (order.status === 'cancelled') return 'This order is cancelled';
  if (amountDueMinor(order) <= 0) return 'Nothing is owed on this order';
  if (order.momo_state === 'waiting') {
    return `A MoMo payment request for this order is waiting for approval on ${localPhone(order.momo_payer_phone ?? '')}: approve it, or wait for it to end`;
  }
  if (order.momo_state === 'unconfirmed') return 'The last MoMo payment request for this order has no answer from MTN yet: wait for it to end';
  return undefined;
}

/** The payment fields this file writes. */
type PaymentFields = Pick<
  Updateable<OrdersTable>,
  'payment_type' | 'payment_status' | 'momo_state' | 'momo_payer_phone' | 'momo_transaction_id' | 'payment_failure_reason' | 'paid_minor' | 'paid_at'
>;

/**
 * A payment taken for the order: its row, and the order's paid sum with it. The caller sets the status
 * (paidInFull says whether the order now owes nothing).
 */
async function takePayment(trx: Trx, order: OrderRow, payment: { method: PaymentMethod; amountMinor: number; riderId?: string | null; momoTransactionId?: string | null; by: ChangedBy }) {
  if (payment.amountMinor > 0) {
    await trx
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        method: payment.method,
        amount_minor: payment.amountMinor,
        rider_id: payment.riderId ?? null,
        momo_transaction_id: payment.momoTransactionId ?? null,
        recorded_by: payment.by.id,
      })
      .execute();
  }
  const paidMinor = order.paid_minor + Math.max(0, payment.amountMinor);
  return { paidMinor, paidInFull: paidMinor >= amountToCollectMinor(order) };
}

const changed = (trx: Trx, orderId: string, set: PaymentFields) =>
  trx
    .updateTable('orders')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * A new MoMo request to `payerPhone` is on its way to MTN (the order locked by lockOrder): the order
 * waits for it. A failed payment becomes pending again, and the history says so.
 */
export async function markMomoRequested(trx: Trx, order: OrderRow, request: { payerPhone: string; referenceId: string }): Promise<OrderRow> {
  const refusal = momoRequestRefusal(order);
  if (refusal) throw new AppError(409, refusal, 'conflict');
  if (order.payment_status === 'failed') {
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: 'failed', to: 'pending', note: `MoMo request-to-pay sent again to ${localPhone(request.payerPhone)} (${request.referenceId})` }, MTN_MOMO);
  }
  return changed(trx, order.id, { payment_type: 'momo', payment_status: 'pending', momo_state: 'waiting', momo_payer_phone: request.payerPhone, payment_failure_reason: null });
}

/** MTN's answer to the request never came (a 5xx, or none in time): MTN may hold it, so the order waits on. */
export async function markMomoUnanswered(trx: Trx, orderId: string): Promise<void> {
  await trx.updateTable('orders').set({ momo_state: 'unconfirmed', updated_at: new Date() }).where('id', '=', orderId).where('momo_state', '=', 'waiting').execute();
}

/** MTN's status endpoint knows the request after all: the payer's phone is asking for the PIN. */
export async function markMomoHeld(trx: Trx, orderId: string): Promise<void> {
  await trx.updateTable('orders').set({ momo_state: 'waiting', updated_at: new Date() }).where('id', '=', orderId).where('momo_state', '=', 'unconfirmed').execute();
}

/** How a MoMo request ended: paid (MTN's transaction id), or not, and why. `note` names the request for the history. */
export type MomoSettlement = { paid: true; transactionId: string; note: string } | { paid: false; failure: MomoFailure; note: string };

export interface Settled {
  order: OrderRow;
  /** What the shopper is told (order-notices.ts), if anything. */
  notice?: Extract<NoticeEvent, 'momo_paid' | 'momo_failed'>;
  /** MTN charged an order that was already paid: staff refund one of the two. */
  paidTwice: boolean;
}

/**
 * Records how the order's MoMo request ended. Paid: the payment is completed with MTN's transaction
 * id (an order already paid, or cancelled, keeps a note to refund). Failed: the payment is failed
 * unless it was paid another way, with the reason in words; the shopper may pay again or use the code.
 */
export async function settleMomo(trx: Trx, orderId: string, settlement: MomoSettlement): Promise<Settled> {
  const order = await lockOrder(trx, orderId);
  const from = order.payment_status as PaymentStatus;
  if (settlement.paid) {
    const paidTwice = from === 'completed';
    const notes = [settlement.note];
    if (paidTwice) notes.push('the order was already paid: refund this payment');
    else if (order.status === 'cancelled') notes.push('the order is cancelled: refund this payment');
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from, to: 'completed', note: notes.join('; '), momoTransactionId: settlement.transactionId || null }, MTN_MOMO);
    // What the request asked for: what the order owed then (a second charge is refunded, never counted).
    const paid = paidTwice ? { paidMinor: order.paid_minor } : await takePayment(trx, order, { method: 'momo', amountMinor: amountDueMinor(order), momoTransactionId: settlement.transactionId || null, by: MTN_MOMO });
    const updated = await changed(trx, order.id, {
      payment_status: 'completed',
      momo_state: 'successful',
      payment_failure_reason: null,
      paid_minor: paid.paidMinor,
      ...(paidTwice ? {} : { momo_transaction_id: settlement.transactionId || null, paid_at: new Date() }),
    });
    return { order: updated, notice: paidTwice ? undefined : 'momo_paid', paidTwice };
  }
  const words = failureWords(settlement.failure);
  if (from === 'completed') {
    // Paid another way meanwhile: the failed request changes nothing the shopper must act on.
    return { order: await changed(trx, order.id, { momo_state: 'failed', payment_failure_reason: words }), paidTwice: false };
  }
  if (from !== 'failed') await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from, to: 'failed', note: settlement.note }, MTN_MOMO);
  const updated = await changed(trx, order.id, { payment_status: 'failed', momo_state: 'failed', payment_failure_reason: words });
  return { order: updated, notice: 'momo_failed', paidTwice: false };
}

/**
 * Staff settle a payment by hand: the MoMo Pay code, confirmed with MTN's transaction id; cash counted
 * at the shop; or failed. On an order locked by lockOrder whose moves the caller has checked; never
 * while MTN may still charge. Confirming takes what the order owes now as one payment.
 */
export async function recordPayment(
  trx: Trx,
  order: OrderRow,
  change: { to: PaymentStatus; note?: string; momoTransactionId?: string; method?: Extract<PaymentMethod, 'pay_code' | 'shop_cash'> },
  by: ChangedBy,
): Promise<void> {
  if (momoInFlight(order)) throw new AppError(409, MOMO_IN_FLIGHT_MESSAGE, 'conflict');
  const momoTransactionId = change.to === 'completed' && change.method !== 'shop_cash' ? change.momoTransactionId : undefined;
  if (change.to === 'completed') {
    const method = change.method ?? 'pay_code';
    const due = amountDueMinor(order);
    const { paidMinor } = await takePayment(trx, order, { method, amountMinor: due, momoTransactionId, by });
    await changed(trx, order.id, { payment_status: 'completed', paid_minor: paidMinor, paid_at: new Date(), ...(momoTransactionId ? { momo_transaction_id: momoTransactionId } : {}) });
    const note = [method === 'shop_cash' ? `Cash at the shop: ${formatFrw(due)}` : undefined, change.note].filter(Boolean).join('; ') || undefined;
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: order.payment_status, to: 'completed', note, momoTransactionId }, by);
    return;
  }
  await changed(trx, order.id, { payment_status: change.to });
  await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: order.payment_status, to: change.to, note: change.note }, by);
}

/**
 * Cash a rider took at the door for the order (locked by lockOrder, its amounts as the delivery left
 * them): one payment; the order is paid once nothing is owed. Never while MTN may still charge.
 */
export async function takeCashAtDoor(trx: Trx, order: OrderRow, cash: { amountMinor: number; riderId: string }, by: ChangedBy): Promise<OrderRow> {
  if (momoInFlight(order)) throw new AppError(409, MOMO_IN_FLIGHT_MESSAGE, 'conflict');
  const { paidMinor, paidInFull } = await takePayment(trx, order, { method: 'cash', amountMinor: cash.amountMinor, riderId: cash.riderId, by });
  const to: PaymentStatus = paidInFull ? 'completed' : order.payment_status === 'completed' ? 'pending' : (order.payment_status as PaymentStatus);
  const updated = await changed(trx, order.id, { paid_minor: paidMinor, payment_status: to, ...(paidInFull && order.payment_status !== 'completed' ? { paid_at: new Date() } : {}) });
  await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: order.payment_status, to, note: `Cash to the rider: ${formatFrw(cash.amountMinor)}` }, by);
  return updated;
}

/**
 * After what the order owes changed at the door (a fee agreed, lines refused): a paid order that now
 * owes more is pending again, and one whose payments now cover it is paid. Refunds are named in the history.
 */
export async function settleAfterAmountsChanged(trx: Trx, order: OrderRow, by: ChangedBy): Promise<OrderRow> {
  const owes = amountToCollectMinor(order);
  if (order.payment_status === 'completed' && order.paid_minor < owes) {
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: 'completed', to: 'pending', note: `${formatFrw(owes - order.paid_minor)} more is owed after the delivery` }, by);
    return changed(trx, order.id, { payment_status: 'pending' });
  }
  if (order.payment_status !== 'completed' && order.paid_minor > 0 && order.paid_minor >= owes && !momoInFlight(order)) {
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: order.payment_status, to: 'completed', note: 'Paid in full after the delivery' }, by);
    return changed(trx, order.id, { payment_status: 'completed', paid_at: new Date() });
  }
  if (order.paid_minor > owes) {
    await recordOrderChange({ db: trx }, order.id, { kind: 'payment', from: order.payment_status, to: order.payment_status, note: `Refund ${formatFrw(order.paid_minor - owes)}: paid for lines refused at the door` }, by);
  }
  return order;
}
