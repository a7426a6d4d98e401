// Staff work on orders: find them, read them with their history, confirm or fail a MoMo payment,
// move them along the allowed transitions. Each change is one transaction that locks the order,
// checks the caller saw its current state, writes the change and its history row; the notices
// (orders/order-notices.ts) go after the commit, before the answer, so a shopper's texts arrive in
// the order the changes were made.
import { sql, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { inTransaction } from '../../db/changes';
import type { Actor, ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { offsetOf, paginate } from '../../lib/pagination';
import { isRole } from '../../lib/roles';
import { recordStatusChange, type ChangedBy } from './order-changes.service';
import { notifyOrder, type NoticeEvent } from './order-notices';
import { lockOrder, MOMO_IN_FLIGHT_MESSAGE, momoInFlight, recordPayment } from './order-payments.service';
import { NEXT_ORDER_STATUSES, NEXT_PAYMENT_STATUSES } from './order-status';
import { ORDER_CHANNELS, type OrderStatus, type PaymentStatus } from './order-lists.schema';
import { orderNumber } from './orders.schema';
import { ordersWithLines } from './orders.service';
import type { ChangeOrderStatusInput, ChangePaymentInput, MomoRequest, OrderHistoryEntry, StaffOrder, StaffOrderDetail, StaffOrdersQuery } from './staff-orders.schema';

type Db = ShopDeps['db'] | Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;
interface CustomerColumns {
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  customer_unverified_phone: string | null;
}

const ordersWithCustomer = (db: Db) =>
  db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.full_name as customer_name', 'users.email as customer_email', 'users.phone_number as customer_phone', 'users.unverified_phone_number as customer_unverified_phone']);

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function matchesSearch(search: string) {
  const lowered = `%${likeEscaped(search.toLowerCase())}%`;
  // A phone number typed any usual way (0788 123 456, +250788123456): compare the digits after the
  // leading 0. Only a search written like a phone is one: "100%" is not a search for phones with 100 in them.
  const looksLikePhone = /^[\d\s()+.-]+$/.test(search);
  const digits = looksLikePhone ? search.replace(/\D/g, '').replace(/^(250|0)/, '') : '';
  return (eb: ExpressionBuilder<Database & { users: Database['users'] }, 'orders' | 'users'>) => {
    const either = [
      eb(sql`upper(right(orders.id, 8))`, '=', search.toUpperCase()),
      eb(sql`lower(orders.invoice_number)`, 'like', lowered),
      eb(sql`lower(users.full_name)`, 'like', lowered),
    ];
    if (digits.length >= 3) {
      const phoneLike = `%${digits}%`;
      either.push(eb(sql`coalesce(users.phone_number, '')`, 'like', phoneLike));
      either.push(eb(sql`coalesce(users.unverified_phone_number, '')`, 'like', phoneLike));
      either.push(eb(sql`regexp_replace(orders.address->>'phoneNumber', '[^0-9]', '', 'g')`, 'like', phoneLike));
    }
    return eb.or(either);
  };
}

/**
 * The shopper as staff see them. The phone is the one proven (USSD, or the SMS code), else the one typed
 * at sign-up and not yet confirmed, said so: a shopper who gave a number is never shown as having none.
 */
function customerOf(row: OrderRow & CustomerColumns): StaffOrder['customer'] {
  const phoneNumber = row.customer_phone ?? row.customer_unverified_phone;
  return { _id: row.user_id, fullName: row.customer_name, email: row.customer_email, phoneNumber, phoneVerified: Boolean(row.customer_phone) };
}

async function toStaffOrders(db: Db, rows: (OrderRow & CustomerColumns)[]): Promise<StaffOrder[]> {
  const orders = await ordersWithLines(db, rows);
  return orders.map((order, index) => {
    const row = rows[index];
    return {
      ...order,
      orderNumber: orderNumber(row.id),
      channel: (ORDER_CHANNELS as readonly string[]).includes(row.channel) ? (row.channel as StaffOrder['channel']) : 'web',
      customer: customerOf(row),
      momoTransactionId: row.momo_transaction_id,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}

export async function listStaffOrders(deps: ShopDeps, query: StaffOrdersQuery) {
  let rows = ordersWithCustomer(deps.db);
  let count = deps.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select(sql<number>`count(*)::int`.as('total'));
  if (query.status) {
    rows = rows.where('orders.status', '=', query.status);
    count = count.where('orders.status', '=', query.status);
  }
  if (query.paymentStatus) {
    rows = rows.where('orders.payment_status', '=', query.paymentStatus);
    count = count.where('orders.payment_status', '=', query.paymentStatus);
  }
  if (query.search) {
    rows = rows.where(matchesSearch(query.search));
    count = count.where(matchesSearch(query.search));
  }
  const [orderRows, { total }] = await Promise.all([
    rows.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(query.limit).offset(offsetOf(query.page, query.limit)).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { orders: await toStaffOrders(deps.db, orderRows), pagination: paginate(total, query.page, query.limit) };
}

async function historyOf(db: Db, orderId: string): Promise<OrderHistoryEntry[]> {
  const rows = await db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((row) => ({
    _id: String(row.id),
    kind: row.kind === 'payment' || row.kind === 'packing' ? row.kind : 'status',
    from: row.from_value,
    to: row.to_value,
    note: row.note,
    momoTransactionId: row.momo_transaction_id,
    at: new Date(row.created_at).toISOString(),
    by: row.staff_name ? { _id: row.staff_id ?? '', fullName: row.staff_name, role: isRole(row.staff_role) ? row.staff_role : null } : null,
  }));
}

/** Every MoMo request made for an order (payments writes them), newest first. */
async function momoRequestsOf(db: Db, orderId: string): Promise<MomoRequest[]> {
  const rows = await db.selectFrom('momo_requests').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({
    referenceId: row.reference_id,
    status: row.status === 'pending' ? (row.accepted ? 'waiting' : 'unconfirmed') : row.status === 'successful' ? 'successful' : 'failed',
    payerPhone: row.payer_phone,
    amount: row.amount,
    currency: row.currency,
    financialTransactionId: row.financial_transaction_id,
    failureReason: row.failure_reason,
    requestedAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  }));
}

async function detailOf(db: Db, orderId: string): Promise<StaffOrderDetail> {
  const row = await ordersWithCustomer(db).where('orders.id', '=', orderId.trim()).executeTakeFirst();
  if (!row) throw notFound('Order not found');
  const [order] = await toStaffOrders(db, [row]);
  return {
    ...order,
    history: await historyOf(db, row.id),
    momoRequests: await momoRequestsOf(db, row.id),
    nextStatuses: [...NEXT_ORDER_STATUSES[order.status]],
    nextPaymentStatuses: order.status === 'cancelled' ? [] : [...NEXT_PAYMENT_STATUSES[order.paymentStatus]],
  };
}

export const getStaffOrder = (deps: ShopDeps, orderId: string) => detailOf(deps.db, orderId);

/** 409 with the order as it is now: someone else changed it since the caller looked. */
async function changedMeanwhile(trx: Transaction<Database>, orderId: string, now: string): Promise<AppError> {
  return new AppError(409, `This order changed while you were looking: it is now ${now}`, 'conflict', [], { order: await detailOf(trx, orderId) });
}

function refused(message: string, param: string): AppError {
  return badRequest(message, [{ msg: message, param }], 'transition_refused');
}

interface Change {
  kind: 'status' | 'payment';
  from: string;
  to: string;
  note?: string;
  momoTransactionId?: string;
}

/** The staff member behind a change and the role they acted in, as the order's history names them. */
const changedBy = (staff: Actor): ChangedBy => ({ id: staff.id, name: staff.fullName, role: staff.role });

async function afterChange(deps: ShopDeps, order: StaffOrderDetail, event: NoticeEvent, change: Change) {
  deps.log.info('order_changed', { orderId: order._id, kind: change.kind, from: change.from, to: change.to });
  await notifyOrder(deps, order._id, event);
}

export async function changeOrderStatus(deps: ShopDeps, staff: Actor, orderId: string, input: ChangeOrderStatusInput): Promise<StaffOrderDetail> {
  const { order, change } = await inTransaction(deps, async ({ trx }) => {
    const current = await lockOrder(trx, orderId);
    const from = current.status as OrderStatus;
    if (from !== input.expectedStatus) throw await changedMeanwhile(trx, current.id, from);
    if (!NEXT_ORDER_STATUSES[from]?.includes(input.status)) {
      throw refused(input.status === from ? `The order is already ${from}` : `An order that is ${from} cannot become ${input.status}`, 'status');
    }
    // Delivered from the console's dropdown is delivered now, as a rider's is: the receipt and the day's report read the time.
    const now = new Date();
    await trx.updateTable('orders').set({ status: input.status, updated_at: now, ...(input.status === 'delivered' ? { delivered_at: now } : {}) }).where('id', '=', current.id).execute();
    const change: Change = { kind: 'status', from, to: input.status, note: input.note };
    await recordStatusChange({ db: trx }, current, change, changedBy(staff));
    return { order: await detailOf(trx, current.id), change };
  });
  await afterChange(deps, order, input.status as NoticeEvent, change);
  return order;
}

export async function changePayment(deps: ShopDeps, staff: Actor, orderId: string, input: ChangePaymentInput): Promise<StaffOrderDetail> {
  const { order, change } = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOrder(trx, orderId);
    const from = current.payment_status as PaymentStatus;
    if (from !== input.expectedPaymentStatus) throw await changedMeanwhile(trx, current.id, `payment ${from}`);
    if (current.status === 'cancelled') throw refused('The order is cancelled: its payment cannot change', 'paymentStatus');
    if (!NEXT_PAYMENT_STATUSES[from]?.includes(input.paymentStatus)) {
      throw refused(input.paymentStatus === from ? `The payment is already ${from}` : `A payment that is ${from} cannot become ${input.paymentStatus}`, 'paymentStatus');
    }
    // MTN may still charge the shopper for its request: settling the payment by hand now could take it twice.
    if (momoInFlight(current)) throw new AppError(409, MOMO_IN_FLIGHT_MESSAGE, 'conflict', [], { order: await detailOf(trx, current.id) });
    const byCash = input.method === 'cash';
    const momoTransactionId = input.paymentStatus === 'completed' && !byCash ? input.momoTransactionId : undefined;
    const change: Change = { kind: 'payment', from, to: input.paymentStatus, note: input.note, momoTransactionId };
    await recordPayment(trx, current, { to: input.paymentStatus, note: input.note, momoTransactionId, method: byCash ? 'shop_cash' : 'pay_code' }, changedBy(staff));
    return { order: await detailOf(trx, current.id), change };
  });
  await afterChange(deps, order, input.paymentStatus === 'completed' ? 'payment_completed' : 'payment_failed', change);
  return order;
}
