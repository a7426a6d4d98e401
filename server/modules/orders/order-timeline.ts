// An order's way to the door, drawn from its status history: every change of status is a row of
// order_history, and the rows a rider's pick-up and a failed delivery write carry their details (the
// rider and window; why, and the new window). Nothing else is kept for it, so the timeline cannot
// disagree with the history staff read.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { orderDeliveryWindow } from '../delivery/delivery.service';
import { DELIVERY_FAILURES, type DeliveryFailure } from './order-lists.schema';
import type { TimelineEntry } from './orders.schema';

type Db = ShopDeps['db'] | Transaction<Database>;

/** A window as a history row keeps it (ISO instants). */
export interface KeptWindow {
  start: string;
  end: string;
}

/** What a status row may carry for the timeline. */
export interface StatusDetails {
  rider?: { id: string; fullName: string; phoneNumber: string };
  window?: KeptWindow | null;
  reason?: DeliveryFailure;
}

export interface StatusRow {
  order_id: string;
  from_value: string;
  to_value: string;
  details: unknown;
  created_at: Date;
}

/** The status rows of these orders, oldest first, by order. */
export async function statusRowsOf(db: Db, orderIds: string[]): Promise<Map<string, StatusRow[]>> {
  const byOrder = new Map<string, StatusRow[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = await db
    .selectFrom('order_history')
    .select(['order_id', 'from_value', 'to_value', 'details', 'created_at'])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'status')
    .orderBy('id')
    .execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

function detailsOf(row: StatusRow): StatusDetails {
  const value = typeof row.details === 'string' ? (JSON.parse(row.details) as unknown) : row.details;
  return value && typeof value === 'object' ? (value as StatusDetails) : {};
}

const windowAt = (window: KeptWindow | null | undefined, now: Date) => (window ? orderDeliveryWindow(window.start, window.end, now) : null);

/**
 * The steps an order went through: placed, then one step per status change that means something
 * to the shopper. A shipped order that no rider picked up (staff moved it) is on the way with no rider
 * named; the window shown is the one the order had then.
 */
export function timelineOf(order: { created_at: Date; delivery_window_start: Date | null; delivery_window_end: Date | null }, rows: StatusRow[], now: Date): TimelineEntry[] {
  const steps: TimelineEntry[] = [{ step: 'placed', at: new Date(order.created_at).toISOString() }];
  const current = order.delivery_window_start && order.delivery_window_end ? { start: new Date(order.delivery_window_start).toISOString(), end: new Date(order.delivery_window_end).toISOString() } : null;
  for (const row of rows) {
    const at = new Date(row.created_at).toISOString();
    const details = detailsOf(row);
    if (row.to_value === 'processing' && row.from_value === 'pending') steps.push({ step: 'packed', at, finalAmount: null });
    else if (row.to_value === 'shipped') {
      const rider = details.rider ? { fullName: details.rider.fullName, phoneNumber: details.rider.phoneNumber } : null;
      steps.push({ step: 'on_the_way', at, rider, window: windowAt(details.window === undefined ? current : details.window, now) });
    } else if (row.to_value === 'delivered') steps.push({ step: 'delivered', at });
    else if (row.from_value === 'shipped' && row.to_value === 'processing') {
      const reason = (DELIVERY_FAILURES as readonly string[]).includes(details.reason ?? '') ? details.reason : 'nobody_home';
      steps.push({ step: 'not_delivered', at, reason, window: windowAt(details.window, now) });
    } else if (row.to_value === 'cancelled') steps.push({ step: 'cancelled', at });
  }
  return steps;
}
