// The day's cash, per rider and for the shop: the orders each rider delivered that Kigali day, what
// they owed (orders-amounts' one rule), how it was paid (order_payments, by method), what is still
// owed or to refund, the fees and refused lines, and the cash handed over with its variance. Every
// frw expected is in exactly one of: cash, MoMo, pay code, cash at the shop, outstanding (less refunds).
// Read from the tables of orders, dispatch and this module; written by none of it.
import { sql } from 'kysely';
import { nowOf, type ShopDeps } from '../../lib/deps';
import { toFrw } from '../../lib/money';
import { amountToCollectMinor } from '../orders/order-amounts.schema';
import type { CashDayReply, CashDayRow } from './cash.schema';
import { cashOf } from './cash.service';

const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000;

/** Kigali's date now (UTC+2 all year, no daylight saving). */
export const kigaliToday = (now: Date) => new Date(now.getTime() + KIGALI_OFFSET_MS).toISOString().slice(0, 10);

/** The instants a Kigali day runs between. */
function dayBounds(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+02:00`);
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}

interface Sums {
  delivered: number;
  notDelivered: number;
  expected: number;
  cash: number;
  momo: number;
  payCode: number;
  shopCash: number;
  outstanding: number;
  refunds: number;
  fees: number;
  refused: number;
  handedOver: number;
  variance: number;
  unexplained: number;
  cashInHand: number;
}

const zero = (): Sums => ({ delivered: 0, notDelivered: 0, expected: 0, cash: 0, momo: 0, payCode: 0, shopCash: 0, outstanding: 0, refunds: 0, fees: 0, refused: 0, handedOver: 0, variance: 0, unexplained: 0, cashInHand: 0 });

const METHOD_FIELD: Readonly<Record<string, keyof Sums>> = { cash: 'cash', momo: 'momo', pay_code: 'payCode', shop_cash: 'shopCash' };

function rowOf(riderId: string | null, rider: string, sums: Sums): CashDayRow {
  const frw = Object.fromEntries(Object.entries(sums).map(([key, value]) => [key, key === 'delivered' || key === 'notDelivered' ? value : toFrw(value)])) as unknown as Sums;
  return { riderId, rider, ...frw };
}

/** GET /admin/cash/day: the Kigali day `date` (today when left out), per rider and in total. */
export async function cashDay(deps: ShopDeps, date = kigaliToday(nowOf(deps))): Promise<Omit<CashDayReply, 'success'>> {
  const { from, to } = dayBounds(date);
  const riders = await deps.db.selectFrom('riders').innerJoin('users', 'users.id', 'riders.user_id').select(['users.id', 'users.full_name']).orderBy('users.full_name').execute();
  const attempts = await deps.db
    .selectFrom('delivery_attempts')
    .select(['order_id', 'rider_id', 'outcome'])
    .where('recorded_at', '>=', from)
    .where('recorded_at', '<', to)
    .execute();
  const deliveredIds = [...new Set(attempts.filter((attempt) => attempt.outcome === 'delivered').map((attempt) => attempt.order_id))];
  const [orders, payments, handovers] = await Promise.all([
    deliveredIds.length
      ? deps.db.selectFrom('orders').select(['id', 'amount_minor', 'final_amount_minor', 'refused_minor', 'delivery_fee_minor', 'paid_minor']).where('id', 'in', deliveredIds).execute()
      : Promise.resolve([]),
    deliveredIds.length
      ? deps.db
          .selectFrom('order_payments')
          .select(['order_id', 'method', sql<number>`sum(amount_minor)::bigint`.as('amount')])
          .where('order_id', 'in', deliveredIds)
          .groupBy(['order_id', 'method'])
          .execute()
      : Promise.resolve([]),
    deps.db
      .selectFrom('rider_cash_entries')
      .select(['rider_id', 'amount_minor', 'variance_minor', 'note'])
      .where('kind', '=', 'handover')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
  ]);
  const names = new Map(riders.map((rider) => [rider.id, rider.full_name]));
  const byRider = new Map<string, Sums>(riders.map((rider) => [rider.id, zero()]));
  const sumsOf = (riderId: string | null) => {
    const key = riderId ?? '';
    let sums = byRider.get(key);
    if (!sums) byRider.set(key, (sums = zero()));
    return sums;
  };
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const paidBy = new Map<string, { method: string; amount: number }[]>();
  for (const payment of payments) paidBy.set(payment.order_id, [...(paidBy.get(payment.order_id) ?? []), { method: payment.method, amount: Number(payment.amount) }]);
  const counted = new Set<string>();
  for (const attempt of attempts) {
    const sums = sumsOf(attempt.rider_id);
    if (attempt.outcome !== 'delivered') {
      sums.notDelivered += 1;
      continue;
    }
    // An order is counted once, with the rider who delivered it.
    const order = orderById.get(attempt.order_id);
    if (!order || counted.has(order.id)) continue;
    counted.add(order.id);
    sums.delivered += 1;
    const owed = amountToCollectMinor(order);
    sums.expected += owed;
    sums.fees += order.delivery_fee_minor ?? 0;
    sums.refused += order.refused_minor;
    let paid = 0;
    for (const payment of paidBy.get(order.id) ?? []) {
      const field = METHOD_FIELD[payment.method];
      if (field) sums[field] += payment.amount;
      paid += payment.amount;
    }
    sums.outstanding += Math.max(0, owed - paid);
    sums.refunds += Math.max(0, paid - owed);
  }
  for (const handover of handovers) {
    const sums = sumsOf(handover.rider_id);
    sums.handedOver += handover.amount_minor;
    sums.variance += handover.variance_minor;
    if (handover.variance_minor !== 0 && !handover.note) sums.unexplained += handover.variance_minor;
  }
  const cash = await cashOf(deps.db, [...byRider.keys()].filter(Boolean));
  for (const [riderId, sums] of byRider) sums.cashInHand = cash.get(riderId)?.inHandMinor ?? 0;
  const rows = [...byRider].map(([riderId, sums]) => rowOf(riderId || null, names.get(riderId) ?? (riderId ? 'Former rider' : 'No rider'), sums));
  const totals = zero();
  for (const sums of byRider.values()) for (const key of Object.keys(totals) as (keyof Sums)[]) totals[key] += sums[key];
  return { date, riders: rows, totals: rowOf(null, 'All riders', totals) };
}

const CSV_COLUMNS: readonly [keyof CashDayRow, string][] = [
  ['rider', 'Rider'],
  ['delivered', 'Orders delivered'],
  ['notDelivered', 'Not delivered'],
  ['expected', 'Expected (frw)'],
  ['cash', 'Cash (frw)'],
  ['momo', 'MoMo (frw)'],
  ['payCode', 'Pay code (frw)'],
  ['shopCash', 'Cash at the shop (frw)'],
  ['outstanding', 'Outstanding (frw)'],
  ['refunds', 'To refund (frw)'],
  ['fees', 'Fees (frw)'],
  ['refused', 'Refused lines (frw)'],
  ['handedOver', 'Handed over (frw)'],
  ['variance', 'Variance (frw)'],
  ['unexplained', 'Unexplained (frw)'],
  ['cashInHand', 'Cash in hand now (frw)'],
];

/** A field as CSV writes it: quoted when it holds a comma, quote or line break; a formula's first character defused. */
function csvField(value: unknown): string {
  let text = typeof value === 'number' ? value.toFixed(Number.isInteger(value) ? 0 : 2) : String(value ?? '');
  if (/^[=+\-@]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** GET /admin/cash/day.csv: the same day as a spreadsheet opens it, one row per rider and the totals. */
export async function cashDayCsv(deps: ShopDeps, date?: string): Promise<{ date: string; csv: string }> {
  const day = await cashDay(deps, date);
  const lines = [
    CSV_COLUMNS.map(([, title]) => title).join(','),
    ...[...day.riders, day.totals].map((row) => CSV_COLUMNS.map(([key]) => csvField(row[key])).join(',')),
  ];
  return { date: day.date, csv: `${lines.join('\r\n')}\r\n` };
}
