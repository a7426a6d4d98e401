// Delivery windows: the schedule staff set, the windows it makes for the coming week with
// the room left in each, and the window an order takes. The schedule is one row, kept in memory once
// read and dropped on every instance when staff save it (db/changes.ts); placing an order reads it
// afresh inside its transaction. Each window's booked places are one row
// (delivery_window_bookings), kept with the orders: placing an order takes a place by updating the
// row only while it has room, in one statement, so two shoppers racing for its last place queue on
// the row and one wins, one is told; cancelling an order gives its place back in the same
// transaction. Listing the week reads those rows, never the orders.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { changing } from '../../db/changes';
import { keptCopy } from '../../db/kept-copy';
import type { Database, DeliveryScheduleTable } from '../../db/schema';
import { nowOf, type AuthUser, type ShopDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { toFrw } from '../../lib/money';
import { orderNumber } from '../../lib/order-number';
import type { DeliverySchedule, DeliveryWindow, OrderDeliveryWindow, StaffDeliveryWindow, WindowOrder } from './delivery.schema';
import { isBookable, openingHours, slotById, slotOf, slotsAhead, slotsOfDay, windowLabel, DAYS_AHEAD, type LabelWords, type Schedule, type Slot } from './delivery-windows';
import { addDays, kigaliInstant, kigaliIso, kigaliMoment, minutesOf, timeOfDay } from './kigali-time';

type Db = Kysely<Database> | Transaction<Database>;
type ScheduleRow = Selectable<DeliveryScheduleTable>;

export const WINDOW_UNAVAILABLE = 'delivery_window_unavailable';

/** A window's label as seen from now, in the web's words or a conversation's (the schedule's own rule). */
export { windowLabel };

async function scheduleRow(db: Db): Promise<ScheduleRow> {
  const row = await db.selectFrom('delivery_schedule').selectAll().where('id', '=', 1).executeTakeFirst();
  // The migration writes the row; a database without it is one someone emptied by hand.
  if (!row) throw new Error('The delivery schedule row is missing');
  return row;
}

function scheduleOf(row: ScheduleRow): Schedule {
  return {
    days: row.days.map(Number),
    openFrom: row.open_from_minutes,
    openUntil: row.open_until_minutes,
    windowMinutes: row.window_hours * 60,
    capacity: row.capacity,
    cutoff: row.same_day_cutoff_minutes,
  };
}

function scheduleReply(row: ScheduleRow): { schedule: DeliverySchedule; updatedAt: string } {
  return {
    schedule: {
      days: row.days.map(Number).sort((a, b) => a - b),
      openFrom: timeOfDay(row.open_from_minutes),
      openUntil: timeOfDay(row.open_until_minutes),
      windowHours: row.window_hours,
      capacity: row.capacity,
      sameDayCutoff: timeOfDay(row.same_day_cutoff_minutes),
    },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const SCHEDULE_TOPIC = 'delivery-schedule';
/** How long a schedule read is kept while every change is heard: only the last resort then. */
const SCHEDULE_LIFETIME_MS = 10 * 60_000;

/**
 * The shop's schedule (db/kept-copy.ts): every window list and checkout screen needs it, staff change it
 * a few times a year. Placing an order passes its transaction, through which a missing copy is read.
 */
export const readSchedule: (deps: Pick<ShopDeps, 'db'>, db?: Db) => Promise<Schedule> = keptCopy(SCHEDULE_TOPIC, SCHEDULE_LIFETIME_MS, async (db) =>
  scheduleOf(await scheduleRow(db)),
);

/** The shop's hours as every face states them, from the schedule checkout offers (delivery-windows.ts openingHours). */
export async function shopHours(deps: Pick<ShopDeps, 'db'>): Promise<string> {
  return openingHours(await readSchedule(deps));
}

export async function getDeliverySchedule(deps: ShopDeps): Promise<{ schedule: DeliverySchedule; updatedAt: string }> {
  return scheduleReply(await scheduleRow(deps.db));
}

export async function saveDeliverySchedule(deps: ShopDeps, staff: AuthUser, input: DeliverySchedule): Promise<{ schedule: DeliverySchedule; updatedAt: string }> {
  const row = await changing(deps, SCHEDULE_TOPIC, (trx) =>
    trx
      .updateTable('delivery_schedule')
      .set({
        days: sql<number[]>`${sql.val(input.days)}::integer[]`,
        open_from_minutes: minutesOf(input.openFrom)!,
        open_until_minutes: minutesOf(input.openUntil)!,
        window_hours: input.windowHours,
        capacity: input.capacity,
        same_day_cutoff_minutes: minutesOf(input.sameDayCutoff)!,
        updated_at: nowOf(deps),
        updated_by: staff.id,
      })
      .where('id', '=', 1)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  deps.log.info('delivery_schedule_changed', { by: staff.id });
  return scheduleReply(row);
}

/** Places booked in each window starting in [from, to), by the window's start (ms). */
async function bookedByWindow(db: Db, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('delivery_window_bookings')
    .select(['window_start', 'booked'])
    .where('window_start', '>=', from)
    .where('window_start', '<', to)
    .where('booked', '>', 0)
    .execute();
  return new Map(rows.map((row) => [new Date(row.window_start).getTime(), row.booked]));
}

/** A coming window, its places booked, and whether it can be chosen now. */
export interface WindowRoom {
  slot: Slot;
  booked: number;
  available: boolean;
}

/** The coming windows with whether each can be chosen now (room, lead time, same-day cut-off). */
async function windowsWithRoom(db: Db, schedule: Schedule, now: Date): Promise<WindowRoom[]> {
  const slots = slotsAhead(schedule, now);
  if (!slots.length) return [];
  const booked = await bookedByWindow(db, slots[0].start, slots[slots.length - 1].end);
  return slots.map((slot) => {
    const taken = booked.get(slot.start.getTime()) ?? 0;
    return { slot, booked: taken, available: taken < schedule.capacity && isBookable(schedule, slot, now) };
  });
}

/**
 * A slot's start or end in ISO with Kigali's offset, from the slot's own date and time of day (the
 * same text kigaliIso writes, without working the date out again for every window of the week); an
 * end at 24:00 is the next day's midnight.
 */
function slotIso(slot: Slot, minutes: number, instant: Date): string {
  return minutes < 1440 ? `${slot.date}T${timeOfDay(minutes)}:00+02:00` : kigaliIso(instant);
}

/** A window as the API gives it; `today` is Kigali's date now, worked out once by a caller listing many. */
function toWindow(slot: Slot, available: boolean, now: Date, words?: LabelWords, today = kigaliMoment(now).date): DeliveryWindow {
  return {
    id: slot.id,
    start: slotIso(slot, slot.from, slot.start),
    end: slotIso(slot, slot.until, slot.end),
    label: windowLabel(slot, now, words),
    sameDay: slot.date === today,
    available,
  };
}

/**
 * The coming windows as listDeliveryWindows has them, not yet named or written as ISO: a
 * conversation shows a few of the week's windows and names only those (windowLabel).
 */
export async function comingWindows(deps: ShopDeps): Promise<WindowRoom[]> {
  return windowsWithRoom(deps.db, await readSchedule(deps), nowOf(deps));
}

/** GET /delivery/windows: today's windows not yet started and the next 6 days', earliest first. */
export async function listDeliveryWindows(deps: ShopDeps, words?: LabelWords): Promise<DeliveryWindow[]> {
  const now = nowOf(deps);
  const rows = await comingWindows(deps);
  const today = kigaliMoment(now).date;
  return rows.map(({ slot, available }) => toWindow(slot, available, now, words, today));
}

/**
 * Takes one of the window's places if it has room; false when it is full. The window's row stays
 * locked until the transaction ends: another placement for the same window waits for it, then counts
 * this one (PostgreSQL reads the row afresh once the lock is free; PGlite runs one transaction at a time).
 */
async function takePlace(trx: Transaction<Database>, slot: Slot, capacity: number): Promise<boolean> {
  const taken = await trx
    .insertInto('delivery_window_bookings')
    .values({ window_start: slot.start, booked: 1 })
    .onConflict((oc) =>
      oc
        .column('window_start')
        .doUpdateSet({ booked: sql<number>`delivery_window_bookings.booked + 1` })
        .where('delivery_window_bookings.booked', '<', capacity),
    )
    .returning('booked')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Inside the transaction that cancels an order: the order's place in its window is free again.
 * (Orders from before the shop had windows hold none.)
 */
export async function releaseDeliveryPlace(db: Db, windowStart: Date | string | null): Promise<void> {
  if (!windowStart) return;
  await db
    .updateTable('delivery_window_bookings')
    .set({ booked: sql<number>`booked - 1` })
    .where('window_start', '=', new Date(windowStart))
    .where('booked', '>', 0)
    .execute();
}

function refusal(reason: string, next: Slot | undefined, now: Date): AppError {
  const message = next ? `${reason} The next free one is ${windowLabel(next, now)}.` : `${reason} No delivery window is free in the next ${DAYS_AHEAD} days.`;
  return new AppError(400, message, WINDOW_UNAVAILABLE, [{ msg: message, param: 'deliveryWindowId' }], {
    nextWindow: next ? toWindow(next, true, now) : null,
  });
}

/**
 * Inside placeOrder's transaction: the window the order goes in, its place taken. The one asked for,
 * or the earliest free one when none was named. A window that is not offered, no longer bookable or
 * full is refused with a message naming the next free one (the caller's transaction then makes no order).
 */
export async function reserveDeliveryWindow(trx: Transaction<Database>, deps: ShopDeps, wantedId?: string): Promise<Slot> {
  const now = nowOf(deps);
  const schedule = await readSchedule(deps, trx);
  // Every window's room is read only when needed: to choose one, or to name the next free one.
  const nextFree = async (except?: string) => (await windowsWithRoom(trx, schedule, now)).find((window) => window.available && window.slot.id !== except)?.slot;
  if (wantedId !== undefined) {
    const slot = slotById(schedule, wantedId);
    if (!slot) throw refusal('That delivery window is not offered.', await nextFree(), now);
    if (!isBookable(schedule, slot, now)) throw refusal('That delivery window can no longer be booked.', await nextFree(slot.id), now);
    if (await takePlace(trx, slot, schedule.capacity)) return slot;
    throw refusal('That delivery window is full.', await nextFree(slot.id), now);
  }
  for (const { slot, available } of await windowsWithRoom(trx, schedule, now)) {
    if (available && (await takePlace(trx, slot, schedule.capacity))) return slot;
  }
  throw refusal('Sorry, every delivery window is full.', undefined, now);
}

/** The order's window as every face shows it, named as seen from now; null before the shop had windows. */
export function orderDeliveryWindow(start: Date | string | null, end: Date | string | null, now: Date, words?: LabelWords): OrderDeliveryWindow | null {
  if (!start || !end) return null;
  const window = { start: new Date(start), end: new Date(end) };
  return { start: kigaliIso(window.start), end: kigaliIso(window.end), label: windowLabel(window, now, words) };
}

/** A window's label in other words (a conversation's language), from the ISO times the API gives. */
export function labelOf(window: { start: string; end: string }, now: Date, words: LabelWords): string {
  return windowLabel({ start: new Date(window.start), end: new Date(window.end) }, now, words);
}

/** The ISO weekdays the shop delivers (Monday = 1), for choosing a weekly basket's day. */
export async function deliveryDays(deps: ShopDeps): Promise<number[]> {
  return [...(await readSchedule(deps)).days].sort((a, b) => a - b);
}

/** The windows of a weekday as "08:00" to "10:00", for choosing a weekly basket's time. */
export async function windowsOfWeekday(deps: ShopDeps, weekday: number): Promise<{ start: string; end: string }[]> {
  const schedule = await readSchedule(deps);
  // Any date of that weekday: 5 January 2026 was a Monday.
  return slotsOfDay(schedule, addDays('2026-01-05', weekday - 1)).map((slot) => ({ start: timeOfDay(slot.from), end: timeOfDay(slot.until) }));
}

async function ordersInRange(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.payment_status',
      'orders.amount_minor',
      'orders.address',
      'orders.delivery_window_start',
      'orders.delivery_window_end',
      'users.full_name',
      'users.phone_number',
      (eb) => eb.selectFrom('order_lines').select(sql<number>`coalesce(sum(quantity), 0)::int`.as('n')).whereRef('order_lines.order_id', '=', 'orders.id').as('items'),
    ])
    .where('orders.delivery_window_start', '>=', from)
    .where('orders.delivery_window_start', '<', to)
    .where('orders.status', '<>', 'cancelled')
    .orderBy('orders.delivery_window_start')
    .orderBy('orders.created_at')
    .execute();
}

/**
 * The console's Delivery page: every window of today (started ones too: they are being delivered)
 * and the next 6 days, with the orders in each. A window the schedule no longer makes is still
 * listed while orders are booked in it.
 */
export async function staffDeliveryWindows(deps: ShopDeps): Promise<StaffDeliveryWindow[]> {
  const now = nowOf(deps);
  const schedule = await readSchedule(deps);
  const today = kigaliMoment(now).date;
  const from = kigaliInstant(today, 0);
  const to = kigaliInstant(addDays(today, DAYS_AHEAD), 0);
  const byStart = new Map<number, { slot: Slot; orders: WindowOrder[] }>();
  for (let day = 0; day < DAYS_AHEAD; day += 1) {
    for (const slot of slotsOfDay(schedule, addDays(today, day))) byStart.set(slot.start.getTime(), { slot, orders: [] });
  }
  for (const row of await ordersInRange(deps.db, from, to)) {
    const start = new Date(row.delivery_window_start!);
    let entry = byStart.get(start.getTime());
    if (!entry) {
      const local = kigaliMoment(start);
      const end = kigaliMoment(new Date(row.delivery_window_end ?? start));
      entry = { slot: slotOf(local.date, local.minutes, end.date === local.date ? end.minutes : 1440), orders: [] };
      byStart.set(start.getTime(), entry);
    }
    const address = (typeof row.address === 'string' ? JSON.parse(row.address) : row.address) as { street?: string; district?: string; phoneNumber?: string };
    entry.orders.push({
      _id: row.id,
      orderNumber: orderNumber(row.id),
      status: row.status,
      paymentStatus: row.payment_status,
      amount: toFrw(row.amount_minor),
      items: Number(row.items ?? 0),
      customer: { fullName: row.full_name, phoneNumber: address.phoneNumber || row.phone_number || '' },
      place: [address.street, address.district].filter(Boolean).join(', '),
    });
  }
  return [...byStart.values()]
    .sort((a, b) => a.slot.start.getTime() - b.slot.start.getTime())
    .map(({ slot, orders }) => ({
      ...toWindow(slot, orders.length < schedule.capacity && slotById(schedule, slot.id) !== undefined && isBookable(schedule, slot, now), now),
      capacity: schedule.capacity,
      booked: orders.length,
      orders,
    }));
}
