// An order on its way to the door, as the dispatch module records it by calling orders: picked up by
// a rider (processing -> shipped), delivered (with the fee agreed at the door and the lines refused
// coming off what is owed), or not delivered (back to processing in the next free window). Each runs
// in the caller's transaction on an order it locks, writes the status with its history row, whose
// details the shopper's timeline is drawn from (order-timeline.ts), and leaves the payment to
// order-payments.service.ts.
import type { Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, isAppError } from '../../lib/errors';
import { formatFrw } from '../../lib/money';
import { countText, isMeasuredUnit, unitWord } from '../../lib/units';
import { orderNumber } from '../../lib/order-number';
import { releaseDeliveryPlace, reserveDeliveryWindow, WINDOW_UNAVAILABLE } from '../delivery/delivery.service';
import { releaseRefused } from '../stock/stock.service';
import { recordStatusChange, type ChangedBy } from './order-changes.service';
import type { DeliveryFailure } from './order-lists.schema';
import { deliveredOf, refusedValueMinor } from './packed-sales.service';
import { lockOrder, settleAfterAmountsChanged } from './order-payments.service';
import type { KeptWindow, StatusDetails } from './order-timeline';

type Trx = Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/** The rider carrying an order, as the shopper's timeline names them. */
export interface RiderOnOrder {
  id: string;
  fullName: string;
  phoneNumber: string;
}

const keptWindow = (order: Pick<OrderRow, 'delivery_window_start' | 'delivery_window_end'>): KeptWindow | null =>
  order.delivery_window_start && order.delivery_window_end
    ? { start: new Date(order.delivery_window_start).toISOString(), end: new Date(order.delivery_window_end).toISOString() }
    : null;

const details = (value: StatusDetails) => JSON.stringify(value);

/** Only a packed order (processing) leaves the shop: what a refused move says. */
function notReady(order: OrderRow): AppError {
  const number = orderNumber(order.id);
  if (order.status === 'shipped') return conflict(`Order ${number} is already on its way`);
  if (order.status === 'pending') return badRequest(`Order ${number} is not packed yet`, [], 'not_packed');
  return badRequest(`Order ${number} is ${order.status}: it cannot be picked up`, [], 'transition_refused');
}

/** Picked up by `rider`: the order is shipped, the rider and window kept for the timeline. */
export async function markPickedUp(trx: Trx, orderId: string, rider: RiderOnOrder, by: ChangedBy): Promise<OrderRow> {
  const order = await lockOrder(trx, orderId);
  if (order.status !== 'processing') throw notReady(order);
  const updated = await trx.updateTable('orders').set({ status: 'shipped', updated_at: new Date() }).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
  await recordStatusChange({ db: trx }, order, { from: 'processing', to: 'shipped', note: `Picked up by ${rider.fullName}`, details: details({ rider, window: keptWindow(order) }) }, by);
  return updated;
}

/** A line the shopper refused at the door: the product and how many. */
export interface RefusedLine {
  productId: string;
  quantity: number;
}

export interface DoorOutcome {
  /** The fee agreed at the door, for an order whose fee is negotiable. */
  feeMinor?: number;
  refused: readonly RefusedLine[];
  note?: string;
}

export const FEE_NEEDED = 'Enter the delivery fee agreed at the door';

/** The fee the order ends with: its fixed one, or the one agreed at the door (required then). */
function feeAtDoor(order: OrderRow, feeMinor: number | undefined): number {
  if (order.delivery_fee_minor !== null) {
    if (feeMinor !== undefined && feeMinor !== order.delivery_fee_minor) {
      const message = `The delivery fee of this order is fixed at ${formatFrw(order.delivery_fee_minor)}`;
      throw badRequest(message, [{ msg: message, param: 'fee' }]);
    }
    return order.delivery_fee_minor;
  }
  if (feeMinor === undefined) throw badRequest(FEE_NEEDED, [{ msg: FEE_NEEDED, param: 'fee' }], 'fee_needed');
  return feeMinor;
}

/**
 * Marks the refused quantities on the order's lines; answers their value, as the line is charged (a
 * packed line's own price and weight, so a refused substitute or a short is never taken off twice).
 * Refuses a line the order lacks, more than reached the door, or part of a whole item.
 */
async function refuseLines(trx: Trx, orderId: string, refused: readonly RefusedLine[], now: Date): Promise<{ valueMinor: number; lines: { productId: string; name: string; quantity: number; valueMinor: number }[] }> {
  if (!refused.length) return { valueMinor: 0, lines: [] };
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
  const wanted = new Map<string, number>();
  for (const line of refused) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const out: { productId: string; name: string; quantity: number; valueMinor: number }[] = [];
  for (const [productId, quantity] of wanted) {
    const line = lines.find((candidate) => candidate.product_id === productId);
    if (!line) throw badRequest(`The order has no line ${productId}`, [{ msg: `The order has no line ${productId}`, param: 'refusedLines' }]);
    const delivered = deliveredOf(line, now);
    const name = line.substitute_name ?? line.product_name;
    if (!isMeasuredUnit(delivered.unit) && !Number.isInteger(quantity)) {
      const message = `${name}: refuse whole ${unitWord(delivered.unit, 2)}`;
      throw badRequest(message, [{ msg: message, param: 'refusedLines' }]);
    }
    const left = Math.round((delivered.quantity - line.refused_quantity) * 1000) / 1000;
    if (quantity > left + 1e-9) {
      const message = `Only ${countText(Math.max(0, left))} of ${name} can be refused`;
      throw badRequest(message, [{ msg: message, param: 'refusedLines' }]);
    }
    await trx.updateTable('order_lines').set({ refused_quantity: line.refused_quantity + quantity }).where('id', '=', line.id).execute();
    const valueMinor = refusedValueMinor(delivered, quantity);
    out.push({ productId, name, quantity, valueMinor });
  }
  return { valueMinor: out.reduce((sum, line) => sum + line.valueMinor, 0), lines: out };
}

export interface Delivered {
  order: OrderRow;
  feeMinor: number;
  refused: { productId: string; name: string; quantity: number; valueMinor: number }[];
  refusedMinor: number;
}

/**
 * Delivered: a shipped order (or a packed one staff record as delivered, its pick-up never tapped)
 * with the fee agreed at the door and the lines refused there, which come off what is owed and go
 * back to stock (stock.service.ts: releaseRefused). Locks the order.
 */
export async function markDelivered(trx: Trx, orderId: string, outcome: DoorOutcome, by: ChangedBy): Promise<Delivered> {
  const order = await lockOrder(trx, orderId);
  if (order.status === 'delivered') throw conflict(`Order ${orderNumber(order.id)} is already delivered`);
  if (order.status !== 'shipped' && order.status !== 'processing') throw notReady(order);
  const feeMinor = feeAtDoor(order, outcome.feeMinor);
  const refused = await refuseLines(trx, order.id, outcome.refused, new Date());
  // Before the status change sells what the order holds: what was refused is released, not sold.
  await releaseRefused(trx, order.id, refused.lines, { id: by.id, name: by.name });
  const updated = await trx
    .updateTable('orders')
    .set({ status: 'delivered', delivered_at: new Date(), delivery_fee_minor: feeMinor, refused_minor: order.refused_minor + refused.valueMinor, updated_at: new Date() })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const words = [
    order.delivery_fee_minor === null ? `Fee agreed at the door: ${formatFrw(feeMinor)}` : undefined,
    refused.lines.length ? `Refused: ${refused.lines.map((line) => `${line.quantity} ${line.name}`).join(', ')} (${formatFrw(refused.valueMinor)})` : undefined,
    outcome.note,
  ].filter(Boolean);
  await recordStatusChange({ db: trx }, order, { from: order.status, to: 'delivered', note: words.join('; ') || null }, by);
  return { order: await settleAfterAmountsChanged(trx, updated, by), feeMinor, refused: refused.lines, refusedMinor: refused.valueMinor };
}

export interface NotDelivered {
  order: OrderRow;
  /** The new window, or null when every window is full (the shop calls to arrange one). */
  window: KeptWindow | null;
}

/**
 * Not delivered: the shipped order is packed and waiting again, in the next free window (its place in
 * the old one given back), with why. With every window full it keeps its place and window, and the
 * timeline says no new window yet.
 */
export async function markNotDelivered(trx: Trx, deps: ShopDeps, orderId: string, failure: { reason: DeliveryFailure; note?: string }, by: ChangedBy): Promise<NotDelivered> {
  const order = await lockOrder(trx, orderId);
  if (order.status !== 'shipped') {
    const number = orderNumber(order.id);
    throw order.status === 'processing' ? badRequest(`Order ${number} has not been picked up`, [], 'transition_refused') : conflict(`Order ${number} is ${order.status}`);
  }
  let window: KeptWindow | null = null;
  try {
    // Taken before the old place is given back: should none be free, the order keeps the one it has.
    const slot = await reserveDeliveryWindow(trx, deps);
    await releaseDeliveryPlace(trx, order.delivery_window_start);
    window = { start: slot.start.toISOString(), end: slot.end.toISOString() };
  } catch (error) {
    if (!isAppError(error) || error.code !== WINDOW_UNAVAILABLE) throw error;
  }
  const updated = await trx
    .updateTable('orders')
    .set({ status: 'processing', updated_at: new Date(), ...(window ? { delivery_window_start: window.start, delivery_window_end: window.end } : {}) })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChange({ db: trx }, order, { from: 'shipped', to: 'processing', note: failure.note ?? null, details: details({ reason: failure.reason, window }) }, by);
  return { order: updated, window };
}
