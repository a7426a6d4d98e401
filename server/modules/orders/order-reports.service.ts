// The day at a glance: today's orders and sales, what waits on staff, and 30 days of orders and
// sales, all counted in SQL by Kigali day (UTC+2, no daylight saving). Sales are what was paid that
// day (order_payments: MoMo, the pay code, cash to riders and at the shop), never orders still unpaid.
import { sql } from 'kysely';
import type { ShopDeps } from '../../lib/deps';
import { toFrw } from '../../lib/money';
import type { Dashboard } from './staff-orders.schema';
import { countUnhandled } from '../contact/staff-messages.service';

const DAYS = 30;
// Kigali is UTC+2 all year; a fixed offset needs no time-zone data in the database.
const kigaliDate = (column: ReturnType<typeof sql>) => sql`((${column} at time zone 'UTC') + interval '2 hours')::date`;

interface DayRow {
  day: string;
  orders: number;
  sales_minor: number;
}

export async function dashboard(deps: ShopDeps, now: Date = new Date()): Promise<Dashboard> {
  // Every one of the 30 Kigali days appears, with zeros for a day without orders.
  const days = await sql<DayRow>`
    with bounds as (select ${kigaliDate(sql`${now.toISOString()}::timestamptz`)} as today),
    calendar as (
      select (bounds.today - offs)::date as day from bounds, generate_series(0, ${sql.lit(DAYS - 1)}) as offs
    ),
    placed as (
      select ${kigaliDate(sql.ref('created_at'))} as day, count(*)::int as orders
      from orders, bounds
      where created_at >= (((bounds.today - ${sql.lit(DAYS - 1)})::timestamp - interval '2 hours') at time zone 'UTC')
      group by 1
    ),
    paid as (
      select ${kigaliDate(sql.ref('recorded_at'))} as day, sum(amount_minor)::bigint as sales_minor
      from order_payments, bounds
      where recorded_at >= (((bounds.today - ${sql.lit(DAYS - 1)})::timestamp - interval '2 hours') at time zone 'UTC')
      group by 1
    )
    select to_char(calendar.day, 'YYYY-MM-DD') as day,
           coalesce(placed.orders, 0)::int as orders,
           coalesce(paid.sales_minor, 0)::bigint as sales_minor
    from calendar left join placed on placed.day = calendar.day left join paid on paid.day = calendar.day
    order by calendar.day`.execute(deps.db);
  const waiting = await deps.db
    .selectFrom('orders')
    .select([
      sql<number>`(count(*) filter (where payment_status = 'pending' and status <> 'cancelled'))::int`.as('awaiting_payment'),
      // Cash on delivery waits for delivery from the moment it is placed: pending orders wait too.
      sql<number>`(count(*) filter (where status in ('pending', 'processing', 'shipped')))::int`.as('awaiting_delivery'),
    ])
    .executeTakeFirstOrThrow();
  const series = days.rows.map((row) => ({ date: row.day, orders: Number(row.orders), sales: toFrw(Number(row.sales_minor)) }));
  const today = series[series.length - 1];
  return {
    success: true,
    today: { ...today, awaitingPayment: waiting.awaiting_payment, awaitingDelivery: waiting.awaiting_delivery },
    days: series,
    unhandledMessages: (await countUnhandled(deps)).unhandled,
  };
}
