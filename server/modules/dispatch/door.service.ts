// What a rider does with an order: picks it up at the shop, delivers it with the shopper's code
// (collecting cash, asking MTN MoMo, or finding it paid; the fee agreed and lines refused at the door),
// or brings it back (nobody home, refused, wrong address). Each action comes from the rider app's queue
// with an idempotency key: it is done once, in one transaction that also stores its answer under the
// key (rider_actions), so a phone that sends it again after a network cut gets the same answer and
// nothing is done twice, whichever instance it reaches. Staff may record a delivery without the code,
// saying why. The order's own changes are orders' (order-delivery.service.ts, order-payments.service.ts);
// the cash is the cash module's; the shopper's notices go after the commit.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import type { Actor, ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { formatFrw, toMinor } from '../../lib/money';
import { orderNumber } from '../../lib/order-number';
import { recordCollected } from '../cash/cash.service';
import { amountDueMinor } from '../orders/order-amounts.schema';
import type { ChangedBy } from '../orders/order-changes.service';
import { markDelivered, markNotDelivered, markPickedUp, type Delivered } from '../orders/order-delivery.service';
import type { OrderStatus, PaymentStatus } from '../orders/order-lists.schema';
import { notifyOrder } from '../orders/order-notices';
import { takeCashAtDoor } from '../orders/order-payments.service';
import { isMomoNumber, MOMO_NUMBER_MESSAGE } from '../orders/orders.schema';
import { MOMO_OFF_MESSAGE } from '../orders/orders.service';
import { startMomoPayment } from '../payments/payments.service';
import { checkCode, issueCode } from './delivery-codes';
import type { DeliveredInput, DoorReply, NotDeliveredInput, StaffDeliveryInput } from './dispatch.schema';
import { riderById } from './riders.service';

type Trx = Transaction<Database>;

export const KEY_NEEDED = 'Send an Idempotency-Key header: the rider app saves each action with one, so it is done once';
/** Keys older than this are forgotten: no phone holds an action that long. */
const KEYS_KEPT_DAYS = 30;

type Action = 'picked-up' | 'delivered' | 'not-delivered';

const byRider = (rider: Actor): ChangedBy => ({ id: rider.id, name: rider.fullName, role: 'rider' });

function replyOf(order: { id: string; status: string; payment_status: string }, message: string): DoorReply {
  return { success: true, message, orderId: order.id, orderNumber: orderNumber(order.id), status: order.status as OrderStatus, paymentStatus: order.payment_status as PaymentStatus };
}

/** The answer an action gave before, under this rider's key; refused when the key was used for another action. */
async function earlierAnswer(db: ShopDeps['db'] | Trx, riderId: string, key: string, action: Action, orderId: string): Promise<DoorReply | undefined> {
  const earlier = await db.selectFrom('rider_actions').selectAll().where('rider_id', '=', riderId).where('key', '=', key).executeTakeFirst();
  if (!earlier) return undefined;
  if (earlier.action !== action || earlier.order_id !== orderId) throw new AppError(409, 'This idempotency key was used for another action', 'idempotency_key_reused');
  return (typeof earlier.answer === 'string' ? JSON.parse(earlier.answer) : earlier.answer) as DoorReply;
}

/**
 * Does `work` once per (rider, key): the key is claimed first in the transaction (a second request
 * with it waits for the first to commit, then finds its answer), the answer stored with the work.
 * A refused action stores nothing: sent again, it is tried again. `after` runs once, after the commit.
 */
async function once(
  deps: ShopDeps,
  riderId: string,
  key: string | undefined,
  action: Action,
  orderId: string,
  work: (trx: Trx) => Promise<{ reply: DoorReply; after?: () => Promise<void> }>,
): Promise<DoorReply> {
  if (!key) throw badRequest(KEY_NEEDED, [{ msg: KEY_NEEDED, param: 'Idempotency-Key' }], 'idempotency_key_needed');
  const done = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('rider_actions')
      .values({ rider_id: riderId, key, action, order_id: orderId })
      .onConflict((oc) => oc.columns(['rider_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return { reply: (await earlierAnswer(trx, riderId, key, action, orderId))!, replayed: true as const };
    const result = await work(trx);
    await trx.updateTable('rider_actions').set({ answer: JSON.stringify(result.reply) }).where('rider_id', '=', riderId).where('key', '=', key).execute();
    return { ...result, replayed: false as const };
  });
  if (!done.replayed && done.after) await done.after();
  return done.reply;
}

/** The rider's stop for the order, or 404: a rider acts only on the orders in their round. */
async function stopOf(db: ShopDeps['db'] | Trx, riderId: string, orderId: string) {
  const stop = await db.selectFrom('rider_stops').selectAll().where('order_id', '=', orderId).where('rider_id', '=', riderId).executeTakeFirst();
  if (!stop) throw notFound('Order not found');
  return stop;
}

/** POST /rider/orders/{id}/picked-up: the order leaves the shop; the shopper gets the rider's name, phone, the window and their code. */
export async function riderPickedUp(deps: ShopDeps, rider: Actor, orderId: string, key: string | undefined): Promise<DoorReply> {
  const id = orderId.trim();
  const me = await riderById(deps.db, rider.id);
  return once(deps, rider.id, key, 'picked-up', id, async (trx) => {
    await stopOf(trx, rider.id, id);
    const phone = me.phone_number ?? rider.phoneNumber ?? '';
    const order = await markPickedUp(trx, id, { id: rider.id, fullName: me.full_name, phoneNumber: phone }, byRider(rider));
    await trx.updateTable('rider_stops').set({ picked_up_at: new Date() }).where('order_id', '=', id).execute();
    const code = await issueCode(trx, id);
    await trx.deleteFrom('rider_actions').where('created_at', '<', new Date(Date.now() - KEYS_KEPT_DAYS * 86_400_000)).execute();
    return {
      reply: replyOf(order, `Order ${orderNumber(id)} picked up: the shopper has their code`),
      after: async () => runInBackground(deps, 'order_notice', () => notifyOrder(deps, id, 'shipped', { rider: me.full_name, riderPhone: phone, code })),
    };
  });
}

/** How the door's money is recorded: cash taken (exactly what is due), a MoMo request after the commit, or already paid. */
async function collect(trx: Trx, deps: ShopDeps, delivered: Delivered, collected: DeliveredInput['collected'], riderId: string, by: ChangedBy) {
  const due = amountDueMinor(delivered.order);
  if (collected.method === 'paid') return { order: delivered.order, words: due > 0 ? `${formatFrw(due)} to be confirmed by staff (pay code)` : 'already paid', momo: false };
  if (due <= 0) {
    const message = 'Nothing is owed on this order: choose "Already paid"';
    throw badRequest(message, [{ msg: message, param: 'collected.method' }]);
  }
  if (collected.method === 'momo') return { order: delivered.order, words: `MoMo request for ${formatFrw(due)}`, momo: true };
  const taken = collected.amount === undefined ? undefined : toMinor(collected.amount);
  if (taken !== due) {
    const message = `Collect ${formatFrw(due)}: the amount due after the fee and any refused lines`;
    throw badRequest(message, [{ msg: message, param: 'collected.amount' }], 'wrong_amount');
  }
  const order = await takeCashAtDoor(trx, delivered.order, { amountMinor: due, riderId }, by);
  await recordCollected(trx, { riderId, orderId: order.id, amountMinor: due, by: { id: by.id, name: by.name } });
  return { order, words: `${formatFrw(due)} cash`, momo: false };
}

/** What a delivery must say before anything is written: MoMo only when the shop has it, to a number MTN can ask. */
function checkCollected(deps: ShopDeps, collected: DeliveredInput['collected']): void {
  if (collected.method !== 'momo') return;
  if (!deps.config.momo) throw badRequest(MOMO_OFF_MESSAGE, [{ msg: MOMO_OFF_MESSAGE, param: 'collected.method' }]);
  if (collected.payerPhone && !isMomoNumber(collected.payerPhone)) throw badRequest(MOMO_NUMBER_MESSAGE, [{ msg: MOMO_NUMBER_MESSAGE, param: 'collected.payerPhone' }]);
}

/** The delivery in the caller's transaction: the order delivered, the money recorded, the attempt kept. */
async function deliver(trx: Trx, deps: ShopDeps, orderId: string, riderId: string, input: DeliveredInput | StaffDeliveryInput, by: ChangedBy, override?: string) {
  const delivered = await markDelivered(
    trx,
    orderId,
    {
      feeMinor: input.fee === undefined ? undefined : toMinor(input.fee),
      refused: input.refusedLines,
      note: override ? `Recorded without the shopper's code: ${override}` : undefined,
    },
    by,
  );
  const money = await collect(trx, deps, delivered, input.collected, riderId, by);
  await trx
    .insertInto('delivery_attempts')
    .values({
      order_id: orderId,
      rider_id: riderId,
      outcome: 'delivered',
      collected_method: input.collected.method,
      collected_minor: input.collected.method === 'cash' ? toMinor(input.collected.amount ?? 0) : 0,
      fee_minor: delivered.feeMinor,
      refused_minor: delivered.refusedMinor,
      refused: JSON.stringify(delivered.refused),
      override_reason: override ?? null,
      recorded_by: by.id,
    })
    .execute();
  const after = async () => {
    runInBackground(deps, 'order_notice', () => notifyOrder(deps, orderId, 'delivered'));
    if (money.momo) {
      // The order is delivered whatever MTN answers; the request is paid when MTN says so, as any.
      await startMomoPayment(deps, orderId, { payerPhone: input.collected.payerPhone }).catch((error: unknown) => {
        deps.log.warn('door_momo_request_failed', { orderId, reason: error instanceof Error ? error.message : String(error) });
      });
    }
  };
  return { reply: replyOf(money.order, `Order ${orderNumber(orderId)} delivered: ${money.words}`), after };
}

/** POST /rider/orders/{id}/delivered: only with the shopper's code (five wrong tries lock it for staff). */
export async function riderDelivered(deps: ShopDeps, rider: Actor, orderId: string, key: string | undefined, input: DeliveredInput): Promise<DoorReply> {
  const id = orderId.trim();
  if (!key) throw badRequest(KEY_NEEDED, [{ msg: KEY_NEEDED, param: 'Idempotency-Key' }], 'idempotency_key_needed');
  // Sent again after it was done: the same answer, without trying the code again.
  const earlier = await earlierAnswer(deps.db, rider.id, key, 'delivered', id);
  if (earlier) return earlier;
  await stopOf(deps.db, rider.id, id);
  checkCollected(deps, input.collected);
  await checkCode(deps, id, input.code);
  return once(deps, rider.id, key, 'delivered', id, async (trx) => {
    await stopOf(trx, rider.id, id);
    return deliver(trx, deps, id, rider.id, input, byRider(rider));
  });
}

/** POST /rider/orders/{id}/not-delivered: back to the shop, in the next free window; the shopper is told why and when. */
export async function riderNotDelivered(deps: ShopDeps, rider: Actor, orderId: string, key: string | undefined, input: NotDeliveredInput): Promise<DoorReply> {
  const id = orderId.trim();
  return once(deps, rider.id, key, 'not-delivered', id, async (trx) => {
    await stopOf(trx, rider.id, id);
    const { order, window } = await markNotDelivered(trx, deps, id, input, byRider(rider));
    await trx.deleteFrom('rider_stops').where('order_id', '=', id).execute();
    await trx.deleteFrom('delivery_codes').where('order_id', '=', id).execute();
    await trx.insertInto('delivery_attempts').values({ order_id: id, rider_id: rider.id, outcome: 'not_delivered', reason: input.reason, note: input.note ?? null, recorded_by: rider.id }).execute();
    return {
      reply: replyOf(order, window ? `Order ${orderNumber(id)} comes back to the shop: the shopper is told the new window` : `Order ${orderNumber(id)} comes back to the shop: every window is full, the shop will call the shopper`),
      after: async () => runInBackground(deps, 'order_notice', () => notifyOrder(deps, id, 'not_delivered', { why: input.reason, windowKnown: window !== null })),
    };
  });
}

/**
 * POST /admin/orders/{id}/delivery: staff record a delivery without the shopper's code (a locked code,
 * a shopper who lost the SMS), saying why; the order's history and the attempt keep the reason, and
 * cash collected goes to the ledger of the rider who carried it.
 */
export async function staffRecordDelivery(deps: ShopDeps, staff: Actor, orderId: string, input: StaffDeliveryInput): Promise<DoorReply> {
  const id = orderId.trim();
  checkCollected(deps, input.collected);
  const by: ChangedBy = { id: staff.id, name: staff.fullName, role: staff.role };
  const done = await deps.db.transaction().execute(async (trx) => {
    const stop = await trx.selectFrom('rider_stops').selectAll().where('order_id', '=', id).executeTakeFirst();
    if (!stop) {
      const exists = await trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound('Order not found');
      throw badRequest(`No rider carries order ${orderNumber(id)}: give it to a rider, or record its status and payment on the order`, [], 'no_rider');
    }
    return deliver(trx, deps, id, stop.rider_id, input, by, input.reason);
  });
  deps.log.info('delivery_recorded_by_staff', { orderId: id, by: staff.id });
  await done.after();
  return done.reply;
}

