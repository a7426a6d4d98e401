// Who carries which order, in what order: staff give a packed order to a rider by hand or share a
// window's packed orders out, and put each rider's stops in order; the Dispatch page reads a day's
// windows with their orders; the rider app reads the rider's own round. A rider whose cash in hand has
// reached their limit is given no order with anything to collect until they hand cash over.
// Until packing records what was packed, a packed order is one staff moved to processing.
import { sql } from 'kysely';
import { nowOf, type Actor, type ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { formatFrw, toFrw } from '../../lib/money';
import { orderNumber } from '../../lib/order-number';
import { cashInHand, cashOf, pendingHandoverOf } from '../cash/cash.service';
import { orderDeliveryWindow } from '../delivery/delivery.service';
import { amountDueMinor, amountToCollectMinor } from '../orders/order-amounts.schema';
import { deliveredOf } from '../orders/packed-sales.service';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../orders/order-lists.schema';
import type { DispatchOrder, DispatchReply, RiderStop, RiderStopsReply } from './dispatch.schema';
import { CODE_TRIES } from './delivery-codes';
import { addressOf, allRiders, listRiders, OPEN_STATUSES, riderById, STOP_ORDER_COLUMNS, type RiderRow } from './riders.service';
import { shareOut } from './share-out';

const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000;
const kigaliToday = (now: Date) => new Date(now.getTime() + KIGALI_OFFSET_MS).toISOString().slice(0, 10);
const statusOf = (value: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'pending');
const paymentOf = (value: string): PaymentStatus => ((PAYMENT_STATUSES as readonly string[]).includes(value) ? (value as PaymentStatus) : 'pending');

/** A window's id as checkout and the console name it: its Kigali date and start, 2026-11-24T16:00. */
const WINDOW_ID = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
const windowStartOf = (id: string) => (WINDOW_ID.test(id) ? new Date(`${id}:00+02:00`) : undefined);
const windowIdOf = (start: Date) => new Date(start.getTime() + KIGALI_OFFSET_MS).toISOString().slice(0, 16);

/** A rider at their cash limit takes no order with anything to collect: the refusal says so. */
function atLimit(rider: RiderRow, inHandMinor: number): AppError {
  const message = `${rider.full_name} holds ${formatFrw(inHandMinor)} in cash, at their limit of ${formatFrw(rider.cash_limit_minor ?? 0)}: hand cash over first, or give this order to another rider`;
  return new AppError(409, message, 'cash_limit', [{ msg: message, param: 'riderId' }]);
}

const reachedLimit = (rider: RiderRow, inHandMinor: number) => rider.cash_limit_minor !== null && inHandMinor >= rider.cash_limit_minor;

/**
 * PUT /admin/orders/{id}/rider: a packed order given to a rider (last in their round), moved to
 * another, or taken off every rider (null). Once picked up, the order stays with its rider.
 */
export async function assignOrder(deps: ShopDeps, staff: Actor, orderId: string, riderId: string | null): Promise<{ orderNumber: string; rider: string | null }> {
  const rider = riderId ? await riderById(deps.db, riderId) : null;
  const result = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'amount_minor', 'final_amount_minor', 'refused_minor', 'delivery_fee_minor', 'paid_minor'])
      .where('id', '=', orderId.trim())
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const number = orderNumber(order.id);
    const stop = await trx.selectFrom('rider_stops').selectAll().where('order_id', '=', order.id).executeTakeFirst();
    if (stop?.picked_up_at && order.status === 'shipped') {
      if (stop.rider_id === rider?.id) return { number, same: true };
      throw conflict(`Order ${number} is already on its way with its rider: it stays with them until delivered or brought back`);
    }
    if (!rider) {
      if (stop) await trx.deleteFrom('rider_stops').where('order_id', '=', order.id).execute();
      return { number, same: false };
    }
    if (order.status === 'pending') throw badRequest(`Order ${number} is not packed yet`, [{ msg: `Order ${number} is not packed yet`, param: 'orderId' }], 'not_packed');
    if (order.status !== 'processing') throw badRequest(`Order ${number} is ${order.status}: only a packed order is given to a rider`, [], 'transition_refused');
    if (stop?.rider_id === rider.id) return { number, same: true };
    if (amountDueMinor(order) > 0) {
      const held = await cashInHand(trx, rider.id);
      if (reachedLimit(rider, held)) throw atLimit(rider, held);
    }
    const { last } = await trx.selectFrom('rider_stops').select(sql<number>`coalesce(max(position), 0)::int`.as('last')).where('rider_id', '=', rider.id).executeTakeFirstOrThrow();
    await trx
      .insertInto('rider_stops')
      .values({ order_id: order.id, rider_id: rider.id, position: last + 1, assigned_by: staff.id })
      .onConflict((oc) => oc.column('order_id').doUpdateSet({ rider_id: rider.id, position: last + 1, assigned_by: staff.id, assigned_at: new Date(), picked_up_at: null }))
      .execute();
    return { number, same: false };
  });
  if (!result.same) deps.log.info('order_assigned', { orderId, riderId: rider?.id ?? null, by: staff.id });
  return { orderNumber: result.number, rider: rider?.full_name ?? null };
}

/** PUT /admin/riders/{id}/stops: the rider's open stops in delivery order (every one of them, each once). */
export async function setStopOrder(deps: ShopDeps, riderId: string, orderIds: readonly string[]): Promise<void> {
  const rider = await riderById(deps.db, riderId);
  await deps.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('rider_stops')
      .innerJoin('orders', 'orders.id', 'rider_stops.order_id')
      .select('rider_stops.order_id')
      .where('rider_stops.rider_id', '=', rider.id)
      .where('orders.status', 'in', [...OPEN_STATUSES])
      .forUpdate()
      .execute();
    const mine = new Set(open.map((row) => row.order_id));
    const given = orderIds.map((id) => id.trim());
    if (given.length !== mine.size || new Set(given).size !== given.length || given.some((id) => !mine.has(id))) {
      const message = `List each of ${rider.full_name}'s ${mine.size} open stops once, in delivery order`;
      throw badRequest(message, [{ msg: message, param: 'orderIds' }]);
    }
    for (const [index, id] of given.entries()) await trx.updateTable('rider_stops').set({ position: index + 1 }).where('order_id', '=', id).execute();
  });
}

/**
 * POST /admin/dispatch/share-out: the window's packed orders no rider has yet, shared among the riders
 * named (every rider when none are), balanced by count and kept together by place (share-out.ts).
 */
export async function shareOutWindow(deps: ShopDeps, staff: Actor, input: { windowId: string; riderIds?: string[] }) {
  const start = windowStartOf(input.windowId);
  if (!start) throw badRequest('Choose a window', [{ msg: 'Choose a window', param: 'windowId' }]);
  const riders = input.riderIds ? await Promise.all(input.riderIds.map((id) => riderById(deps.db, id))) : await allRiders(deps.db);
  if (!riders.length) throw badRequest('Add a rider first', [{ msg: 'Add a rider first', param: 'riderIds' }], 'no_riders');
  return deps.db.transaction().execute(async (trx) => {
    const orders = await trx
      .selectFrom('orders')
      .leftJoin('rider_stops', 'rider_stops.order_id', 'orders.id')
      .select(['orders.id', 'orders.address', 'orders.amount_minor', 'orders.final_amount_minor', 'orders.refused_minor', 'orders.delivery_fee_minor', 'orders.paid_minor', 'rider_stops.rider_id'])
      .where('orders.delivery_window_start', '=', start)
      .where('orders.status', 'in', [...OPEN_STATUSES])
      .forUpdate('orders')
      .execute();
    const loads = new Map<string, number>();
    for (const order of orders) if (order.rider_id) loads.set(order.rider_id, (loads.get(order.rider_id) ?? 0) + 1);
    const cash = await cashOf(trx, riders.map((rider) => rider.id));
    const toShare = orders
      .filter((order) => !order.rider_id)
      .map((order) => {
        const address = addressOf(order.address);
        return { id: order.id, district: address.district, sector: address.sector, street: address.street, collects: amountDueMinor(order) > 0 };
      });
    const decided = shareOut(
      toShare,
      riders.map((rider) => ({ id: rider.id, load: loads.get(rider.id) ?? 0, takesCash: !reachedLimit(rider, cash.get(rider.id)?.inHandMinor ?? 0) })),
    );
    const positions = new Map<string, number>();
    for (const { orderId, riderId } of decided.assigned) {
      if (!positions.has(riderId)) {
        const { last } = await trx.selectFrom('rider_stops').select(sql<number>`coalesce(max(position), 0)::int`.as('last')).where('rider_id', '=', riderId).executeTakeFirstOrThrow();
        positions.set(riderId, last);
      }
      const position = positions.get(riderId)! + 1;
      positions.set(riderId, position);
      await trx.insertInto('rider_stops').values({ order_id: orderId, rider_id: riderId, position, assigned_by: staff.id }).execute();
    }
    deps.log.info('orders_shared_out', { window: input.windowId, assigned: decided.assigned.length, left: decided.left.length, by: staff.id });
    return {
      assigned: decided.assigned.map(({ orderId, riderId }) => ({ orderId, orderNumber: orderNumber(orderId), riderId })),
      left: decided.left.map((order) => ({ orderId: order.id, orderNumber: orderNumber(order.id), reason: 'Every rider with room is at their cash limit' })),
    };
  });
}

/**
 * GET /admin/dispatch: the Kigali day's windows, each with its packed orders and those with a rider
 * (by district, sector, street), and how many are not packed yet; with every rider's round and cash.
 */
export async function dispatchBoard(deps: ShopDeps, date?: string): Promise<Omit<DispatchReply, 'success'>> {
  const now = nowOf(deps);
  const day = date ?? kigaliToday(now);
  const from = new Date(`${day}T00:00:00+02:00`);
  if (Number.isNaN(from.getTime())) throw badRequest('The date is YYYY-MM-DD', [{ msg: 'The date is YYYY-MM-DD', param: 'date' }]);
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  const rows = await deps.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('rider_stops', 'rider_stops.order_id', 'orders.id')
    .select([
      ...STOP_ORDER_COLUMNS,
      'orders.payment_status',
      'users.full_name',
      'users.phone_number',
      'rider_stops.rider_id',
      'rider_stops.position',
      (eb) => eb.selectFrom('order_lines').select(sql<number>`coalesce(sum(quantity), 0)::int`.as('n')).whereRef('order_lines.order_id', '=', 'orders.id').as('items'),
    ])
    .where('orders.delivery_window_start', '>=', from)
    .where('orders.delivery_window_start', '<', to)
    .where('orders.status', 'in', ['pending', ...OPEN_STATUSES])
    .orderBy('orders.delivery_window_start')
    .execute();
  const windows = new Map<number, DispatchReply['windows'][number]>();
  for (const row of rows) {
    const start = new Date(row.delivery_window_start!);
    let window = windows.get(start.getTime());
    if (!window) {
      const named = orderDeliveryWindow(start, row.delivery_window_end ?? start, now)!;
      window = { id: windowIdOf(start), label: named.label, start: named.start, end: named.end, orders: [], notPacked: 0 };
      windows.set(start.getTime(), window);
    }
    if (row.status === 'pending') {
      window.notPacked += 1;
      continue;
    }
    const address = addressOf(row.address);
    const order: DispatchOrder = {
      _id: row.id,
      orderNumber: orderNumber(row.id),
      status: statusOf(row.status),
      paymentStatus: paymentOf(row.payment_status),
      district: address.district,
      sector: address.sector,
      street: address.street,
      landmark: address.description,
      customer: { fullName: row.full_name, phoneNumber: address.phoneNumber || row.phone_number || '' },
      items: Number(row.items ?? 0),
      amountDue: toFrw(amountDueMinor(row)),
      riderId: row.rider_id,
      position: row.position,
    };
    window.orders.push(order);
  }
  const byPlace = (a: DispatchOrder, b: DispatchOrder) =>
    a.district.localeCompare(b.district) || (a.sector ?? '').localeCompare(b.sector ?? '') || a.street.localeCompare(b.street) || a.orderNumber.localeCompare(b.orderNumber);
  for (const window of windows.values()) window.orders.sort(byPlace);
  return { date: day, windows: [...windows.values()], riders: await listRiders(deps) };
}

/** GET /rider/stops: the rider's open round in order, with what to collect at each door; never a shopper's code. */
export async function riderStops(deps: ShopDeps, riderId: string): Promise<Omit<RiderStopsReply, 'success'>> {
  const rider = await riderById(deps.db, riderId);
  const now = nowOf(deps);
  const rows = await deps.db
    .selectFrom('rider_stops')
    .innerJoin('orders', 'orders.id', 'rider_stops.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('delivery_codes', 'delivery_codes.order_id', 'orders.id')
    .select([
      'rider_stops.position',
      ...STOP_ORDER_COLUMNS,
      'orders.payment_status',
      'users.full_name',
      'users.phone_number',
      'delivery_codes.wrong_tries',
      'delivery_codes.locked_at',
    ])
    .where('rider_stops.rider_id', '=', rider.id)
    .where('orders.status', 'in', [...OPEN_STATUSES])
    .orderBy(sql`orders.delivery_window_start nulls last`)
    .orderBy('rider_stops.position')
    .execute();
  const ids = rows.map((row) => row.id);
  const lines = ids.length ? await deps.db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('position').execute() : [];
  const stops: RiderStop[] = rows.map((row) => {
    const address = addressOf(row.address);
    return {
      orderId: row.id,
      orderNumber: orderNumber(row.id),
      position: row.position,
      status: statusOf(row.status),
      window: orderDeliveryWindow(row.delivery_window_start, row.delivery_window_end, now),
      address: { street: address.street, district: address.district, sector: address.sector, city: address.city, landmark: address.description },
      customer: { fullName: row.full_name, phoneNumber: address.phoneNumber || row.phone_number || '' },
      lines: lines
        .filter((line) => line.order_id === row.id)
        // As packed (what is in the bag, a substitute by its own name), keyed by the ordered product as refusals are.
        .map((line) => {
          const bag = deliveredOf(line, now);
          const name = line.substitute_name && bag.quantity > 0 ? line.substitute_name : line.product_name;
          return { productId: line.product_id, name, quantity: bag.quantity, unit: bag.unit || 'pcs', price: toFrw(bag.priceMinor), subtotal: toFrw(line.final_subtotal_minor ?? line.subtotal_minor) };
        }),
      total: toFrw(amountToCollectMinor(row)),
      paid: toFrw(row.paid_minor),
      amountDue: toFrw(amountDueMinor(row)),
      paymentStatus: paymentOf(row.payment_status),
      feeNegotiable: row.delivery_fee_minor === null,
      deliveryFee: row.delivery_fee_minor === null ? null : toFrw(row.delivery_fee_minor),
      codeLocked: row.locked_at !== null && row.locked_at !== undefined,
      codeTriesLeft: Math.max(0, CODE_TRIES - (row.wrong_tries ?? 0)),
    };
  });
  const [held, handover] = await Promise.all([cashInHand(deps.db, rider.id), pendingHandoverOf(deps, rider.id)]);
  return {
    rider: { _id: rider.id, fullName: rider.full_name },
    stops,
    cash: { cashInHand: toFrw(held), cashLimit: rider.cash_limit_minor === null ? null : toFrw(rider.cash_limit_minor) },
    pendingHandover: handover ? { counted: handover.counted, countedBy: handover.countedBy, expiresAt: handover.expiresAt } : null,
    momoRequestToPay: Boolean(deps.config.momo),
  };
}
