// The writes other modules make to an order, in the caller's transaction: each change is kept in the
// order's history (who, when, from, to, note), an order is cancelled only while it is pending and
// unpaid (its stock and its delivery window's place given back), and an account merge moves orders
// with their shopper. Orders owns the orders and order_history tables; weekly baskets and users come
// through here, payments through order-payments.service.ts.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import type { Role } from '../../lib/roles';
import { releaseDeliveryPlace } from '../delivery/delivery.service';
import { mtnMayStillCharge } from './order-lists.schema';
import { releaseStock, sellStock } from '../stock/stock.service';
import { packedSales } from './packed-sales.service';

type Db = Pick<ShopDeps, 'db'>;
/** The caller's transaction: a status change moves stock and delivery places with it. */
type InTransaction = { db: Transaction<Database> };

export interface OrderChange {
  /** packing: what a packer recorded, or the shopper's answer to a substitute (order-packing.service.ts). */
  kind: 'status' | 'payment' | 'packing';
  from: string;
  to: string;
  note?: string | null;
  momoTransactionId?: string | null;
  /** JSON the shopper's timeline reads (order-timeline.ts: StatusDetails). */
  details?: string | null;
}

/**
 * Who made a change: an account in the role it acted in (staff, owner), or a named actor of the shop
 * (MTN MoMo, the shopper) with no account id and, for MTN, no role.
 */
export interface ChangedBy {
  id: string | null;
  name: string;
  role?: Role | null;
}

export async function recordOrderChange(deps: Db, orderId: string, change: OrderChange, by: ChangedBy): Promise<void> {
  await deps.db
    .insertInto('order_history')
    .values({
      order_id: orderId,
      kind: change.kind,
      from_value: change.from,
      to_value: change.to,
      note: change.note ?? null,
      momo_transaction_id: change.momoTransactionId ?? null,
      staff_id: by.id,
      staff_name: by.name,
      staff_role: by.role ?? null,
      details: change.details ?? null,
    })
    .execute();
}

/**
 * A status change, kept in the history; an order that becomes cancelled gives back what it reserved
 * and its delivery window's place in the same transaction (one moving on, even to delivered, keeps
 * the place), and one delivered turns its reservation into a sale. Every writer of an order's status
 * records it here, so no cancellation or delivery forgets the stock or the window. Stock first: a
 * placement takes stock rows before a window's row too.
 */
export async function recordStatusChange(
  deps: InTransaction,
  order: { id: string; delivery_window_start: Date | string | null },
  change: Omit<OrderChange, 'kind'>,
  by: ChangedBy,
): Promise<void> {
  if (change.to === 'cancelled') await releaseStock(deps.db, order.id, by);
  // A packed order sells what was packed (packed-sales.service.ts), the rest of its reservation released.
  if (change.to === 'delivered') await sellStock(deps.db, order.id, by, await packedSales(deps.db, order.id, new Date()));
  if (change.to === 'cancelled') await releaseDeliveryPlace(deps.db, order.delivery_window_start);
  await recordOrderChange(deps, order.id, { ...change, kind: 'status' }, by);
}

/**
 * Cancels a pending order no one has paid and MTN may not still charge (mtnMayStillCharge, the rule
 * staff confirmation follows too), recording why; false when the order is past that.
 */
export async function cancelUnpaidOrder(deps: InTransaction, orderId: string, by: ChangedBy, note: string): Promise<boolean> {
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_status', 'momo_state', 'delivery_window_start'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order || order.status !== 'pending' || order.payment_status === 'completed' || mtnMayStillCharge(order.momo_state)) return false;
  await deps.db.updateTable('orders').set({ status: 'cancelled', updated_at: new Date() }).where('id', '=', order.id).execute();
  await recordStatusChange(deps, order, { from: 'pending', to: 'cancelled', note }, by);
  return true;
}

/** One shopper's orders become another's (an account merge). */
export async function moveOrders(deps: Db, fromId: string, intoId: string): Promise<void> {
  await deps.db.updateTable('orders').set({ user_id: intoId }).where('user_id', '=', fromId).execute();
}
