// Weekly baskets: a shopper makes one from an order or the cart, on a weekday and a
// window's start time; the shop places it each week as an order (basket-jobs.ts). Here: reading them
// (the shopper's, and the coming week's for staff), making, changing (skip the next, pause, another
// day or time, another address) and stopping them. Each is the shopper's own: another's id is a 404.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { BasketsTable, Database } from '../../db/schema';
import { inTransaction } from '../../db/changes';
import { nowOf, type ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { effectivePrice, toFrw } from '../../lib/money';
import { getAddress } from '../addresses/addresses.service';
import { getCart } from '../cart/cart.service';
import { shownCounts } from '../stock/stock.service';
import { windowLabel, slotsOfDay, type Schedule } from '../delivery/delivery-windows';
import { readSchedule } from '../delivery/delivery.service';
import { addDays, daysBetween, kigaliIso, kigaliMoment, minutesOf, timeOfDay, weekOf } from '../delivery/kigali-time';
import { weekdayName } from '../delivery/window-words';
import { cancelUnpaidOrder } from '../orders/order-changes.service';
import { orderNumber } from '../orders/orders.schema';
import { getOrder, momoPayerPhone } from '../orders/orders.service';
import { basketSlot, nextDeliveryDate, placeAt } from './basket-calendar';
import type { Basket, CreateBasketInput, StaffBasket, UpdateBasketInput } from './baskets.schema';

type Db = Kysely<Database> | Transaction<Database>;
type BasketRow = Selectable<BasketsTable>;
type BasketChange = Updateable<BasketsTable>;

/** A shopper keeps at most this many weekly baskets. */
export const MAX_BASKETS = 5;
export const BASKET_NOT_FOUND = 'Weekly basket not found';
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The start time asked for, checked against the schedule: one of that weekday's windows. */
function checkedStart(schedule: Schedule, weekday: number, windowStart: string, param = 'windowStart'): number {
  if (!schedule.days.includes(weekday)) {
    const message = `The shop does not deliver on ${DAY_NAMES[weekday - 1]}s`;
    throw badRequest(message, [{ msg: message, param: 'weekday' }]);
  }
  // Any date with that weekday tells the day's windows.
  const starts = slotsOfDay(schedule, addDays('2026-01-05', weekday - 1)).map((slot) => slot.from);
  const start = minutesOf(windowStart);
  if (start === undefined || !starts.includes(start)) {
    const message = `Choose one of the delivery times: ${starts.map(timeOfDay).join(', ')}`;
    throw badRequest(message, [{ msg: message, param }]);
  }
  return start;
}

async function takenWeeks(db: Db, basketId: string, fromWeek: string): Promise<Set<string>> {
  const rows = await db.selectFrom('basket_runs').select('week').where('basket_id', '=', basketId).where('week', '>=', fromWeek).execute();
  return new Set(rows.map((row) => row.week));
}

/** The next delivery from now, and when the shop places it. */
async function schedulePlacing(db: Db, schedule: Schedule, basket: Pick<BasketRow, 'id' | 'weekday' | 'window_start_minutes'>, now: Date) {
  const taken = await takenWeeks(db, basket.id, weekOf(kigaliMoment(now).date));
  const next = nextDeliveryDate(schedule, basket.weekday, basket.window_start_minutes, now, taken);
  return { next_delivery: next, next_due_at: placeAt(next) };
}

/** "Saturdays 10:00–12:00": a basket's day and window as the web names it. */
function basketLabel(schedule: Schedule, weekday: number, startMinutes: number): string {
  return `${weekdayName(weekday)} ${timeOfDay(startMinutes)}–${timeOfDay(Math.min(1440, startMinutes + schedule.windowMinutes))}`;
}

interface Line {
  product_id: string;
  product_name: string;
  quantity: number;
}

/** What a basket is made of: an order's lines (and which order, and the basket that placed it, if one did), or the cart's. */
interface Source {
  lines: Line[];
  addressId: string | null;
  paymentType: string;
  fromOrderId: string | null;
  placedByBasket: string | null;
  /** The number MoMo asked for the order the basket is made from. */
  payerPhone: string | null;
}

/** The lines a basket is made of: an order's (the shopper's own), or the cart's. */
async function sourceLines(deps: ShopDeps, userId: string, input: CreateBasketInput): Promise<Source> {
  if (input.fromOrderId) {
    const order = await getOrder(deps, userId, input.fromOrderId);
    const lines = order.products.map((line) => ({ product_id: line.productId, product_name: line.productName, quantity: line.productQuantity }));
    const momo = order.paymentType === 'momo' && Boolean(deps.config.momo);
    const placed = await deps.db.selectFrom('orders').select(['basket_id', 'momo_payer_phone']).where('id', '=', order._id).executeTakeFirst();
    return {
      lines,
      addressId: order.address._id ?? null,
      paymentType: momo ? 'momo' : 'cash',
      fromOrderId: order._id,
      placedByBasket: placed?.basket_id ?? null,
      payerPhone: momo ? (placed?.momo_payer_phone ?? null) : null,
    };
  }
  const cart = await getCart(deps, userId);
  const lines = cart.products.map((line) => ({ product_id: line.productId._id, product_name: line.productId.productname, quantity: line.quantity }));
  return { lines, addressId: null, paymentType: 'cash', fromOrderId: null, placedByBasket: null, payerPhone: null };
}

/** Two lists of lines bring the same groceries: the same products, the same quantities, in any order. */
function sameGroceries(a: readonly Pick<Line, 'product_id' | 'quantity'>[], b: readonly Pick<Line, 'product_id' | 'quantity'>[]): boolean {
  const key = (lines: readonly Pick<Line, 'product_id' | 'quantity'>[]) => lines.map((line) => `${line.product_id}:${line.quantity}`).sort().join(',');
  return key(a) === key(b);
}

export const BASKET_EXISTS = 'basket_exists';

/** A 409 naming the basket that already brings these groceries; its id is in the answer, so a face can open it. */
const basketExists = (message: string, basketId: string) => new AppError(409, message, BASKET_EXISTS, [], { basketId });

/**
 * One weekly basket per order, and never two bringing the same groceries at the same time: the
 * order's basket (or the basket that placed the order) is refused by name; so is another basket with
 * the same lines on the same day and time. Different groceries at the same time are two baskets.
 */
async function refuseSecondBasket(trx: Transaction<Database>, schedule: Schedule, userId: string, source: Source, weekday: number, start: number): Promise<void> {
  const mine = await trx.selectFrom('baskets').select(['id', 'weekday', 'window_start_minutes', 'from_order_id']).where('user_id', '=', userId).execute();
  const ofOrder = source.fromOrderId ? mine.find((one) => one.from_order_id === source.fromOrderId || one.id === source.placedByBasket) : undefined;
  if (ofOrder) {
    const label = basketLabel(schedule, ofOrder.weekday, ofOrder.window_start_minutes);
    throw basketExists(`Order #${orderNumber(source.fromOrderId!)} is delivered every week already: your weekly basket ${label}. Change or stop it from your profile`, ofOrder.id);
  }
  const sameTime = mine.filter((one) => one.weekday === weekday && one.window_start_minutes === start);
  if (!sameTime.length) return;
  const lines = await trx.selectFrom('basket_lines').select(['basket_id', 'product_id', 'quantity']).where('basket_id', 'in', sameTime.map((one) => one.id)).execute();
  const twin = sameTime.find((one) => sameGroceries(lines.filter((line) => line.basket_id === one.id), source.lines));
  if (twin) throw basketExists(`Your weekly basket ${basketLabel(schedule, weekday, start)} brings the same products at that time already`, twin.id);
}

/**
 * The first week's delivery when an order of the shopper's already brings these groceries in that
 * very window (the order the basket is made from, or one with the same lines): that order is the
 * week's basket, so the week is recorded as covered by it and the basket starts the week after,
 * instead of the same groceries coming twice. Returns the covering order, if any.
 */
async function coverFirstWeek(trx: Transaction<Database>, schedule: Schedule, basket: Pick<BasketRow, 'id' | 'user_id' | 'next_delivery' | 'window_start_minutes'>, lines: readonly Line[], fromOrderId: string | null, now: Date): Promise<string | undefined> {
  const slot = basketSlot(schedule, basket.next_delivery, basket.window_start_minutes);
  if (!slot) return undefined;
  const inSlot = await trx
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', basket.user_id)
    .where('status', 'in', ['pending', 'processing', 'shipped'])
    .where('delivery_window_start', '=', slot.start)
    .orderBy('created_at')
    .execute();
  if (!inSlot.length) return undefined;
  let covering = inSlot.find((order) => order.id === fromOrderId)?.id;
  if (!covering) {
    const orderLines = await trx.selectFrom('order_lines').select(['order_id', 'product_id', 'quantity']).where('order_id', 'in', inSlot.map((order) => order.id)).execute();
    covering = inSlot.find((order) => sameGroceries(orderLines.filter((line) => line.order_id === order.id), lines))?.id;
  }
  if (!covering) return undefined;
  await trx.insertInto('basket_runs').values({ basket_id: basket.id, week: weekOf(basket.next_delivery), delivery_date: basket.next_delivery, outcome: 'covered', order_id: covering, created_at: now }).execute();
  return covering;
}

/** The next delivery, and when it is placed, with a first week an order already brings recorded as covered. */
async function placingWithCover(trx: Transaction<Database>, schedule: Schedule, basket: Pick<BasketRow, 'id' | 'user_id' | 'weekday' | 'window_start_minutes'>, lines: readonly Line[], fromOrderId: string | null, now: Date) {
  const placing = await schedulePlacing(trx, schedule, basket, now);
  const covered = await coverFirstWeek(trx, schedule, { ...basket, next_delivery: placing.next_delivery }, lines, fromOrderId, now);
  return covered ? schedulePlacing(trx, schedule, basket, now) : placing;
}

/** The address a basket goes to, when it is still one of the shopper's. */
async function ownAddress(deps: ShopDeps, userId: string, addressId: string | null | undefined): Promise<string | null> {
  if (!addressId) return null;
  const found = await deps.db.selectFrom('addresses').select('id').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  return found?.id ?? null;
}

/** The phone of one of the shopper's addresses (the basket's own), else of their default one. */
async function addressPhone(db: Db, userId: string, addressId: string | null): Promise<string | null> {
  const addresses = await db.selectFrom('addresses').select(['id', 'is_default', 'phone_number']).where('user_id', '=', userId).orderBy('created_at').execute();
  const chosen = addresses.find((one) => one.id === addressId) ?? addresses.find((one) => one.is_default) ?? addresses[0];
  return chosen?.phone_number ?? null;
}

export async function createBasket(deps: ShopDeps, userId: string, input: CreateBasketInput): Promise<Basket> {
  const now = nowOf(deps);
  const schedule = await readSchedule(deps);
  const start = checkedStart(schedule, input.weekday, input.windowStart);
  if (input.addressId) await getAddress(deps, userId, input.addressId);
  const source = await sourceLines(deps, userId, input);
  if (!source.lines.length) throw badRequest('There is nothing to make a weekly basket of: your cart is empty', [], 'empty_cart');
  const id = newId();
  const addressId = input.addressId ?? (await ownAddress(deps, userId, source.addressId));
  // Paid by MoMo: the number MTN will ask each week is checked now, by the orders' rule, not found
  // wanting on the evening it is placed.
  const payerPhone = source.paymentType === 'momo' ? momoPayerPhone(input.payerPhone ?? source.payerPhone, await addressPhone(deps.db, userId, addressId)) : null;
  await deps.db.transaction().execute(async (trx) => {
    // One at a time per shopper, so the limit holds under a double click.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    await refuseSecondBasket(trx, schedule, userId, source, input.weekday, start);
    const { count } = await trx.selectFrom('baskets').select(sql<number>`count(*)::int`.as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (count >= MAX_BASKETS) throw badRequest(`You have ${MAX_BASKETS} weekly baskets already: stop one first`);
    const placing = await schedulePlacing(trx, schedule, { id, weekday: input.weekday, window_start_minutes: start }, now);
    await trx
      .insertInto('baskets')
      .values({
        id,
        user_id: userId,
        weekday: input.weekday,
        window_start_minutes: start,
        address_id: addressId,
        payment_type: source.paymentType,
        from_order_id: source.fromOrderId,
        payer_phone: payerPhone,
        ...placing,
      })
      .execute();
    await trx
      .insertInto('basket_lines')
      .values(source.lines.map((line, position) => ({ basket_id: id, position, ...line })))
      .execute();
    const covered = await coverFirstWeek(trx, schedule, { id, user_id: userId, next_delivery: placing.next_delivery, window_start_minutes: start }, source.lines, source.fromOrderId, now);
    if (covered) await trx.updateTable('baskets').set(await schedulePlacing(trx, schedule, { id, weekday: input.weekday, window_start_minutes: start }, now)).where('id', '=', id).execute();
  });
  return getBasket(deps, userId, id);
}

/** The shopper's weekly basket made from this order, if there is one (a face offers it instead of a second). */
export async function basketOfOrder(deps: ShopDeps, userId: string, orderId: string): Promise<Basket | undefined> {
  const row = await deps.db.selectFrom('baskets').selectAll().where('user_id', '=', userId).where('from_order_id', '=', orderId).executeTakeFirst();
  return row ? (await toBaskets(deps, [row]))[0] : undefined;
}

async function basketRow(db: Db, userId: string, basketId: string, lock = false): Promise<BasketRow> {
  let query = db.selectFrom('baskets').selectAll().where('id', '=', basketId).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(BASKET_NOT_FOUND);
  return row;
}

/**
 * The coming weeks' runs of these baskets with their orders, while those orders still come: `placed`,
 * the week's order placed for a basket (it can still be delivered or skipped); `covered`, an order of
 * the shopper's that brings that week instead of the basket (coverFirstWeek).
 */
async function runsAhead(db: Db, basketIds: string[], today: string, outcomes: ReadonlyArray<'placed' | 'covered'>) {
  if (!basketIds.length) return [];
  return db
    .selectFrom('basket_runs')
    .innerJoin('orders', 'orders.id', 'basket_runs.order_id')
    .select(['basket_runs.basket_id', 'basket_runs.week', 'basket_runs.delivery_date', 'basket_runs.outcome', 'orders.id as order_id', 'orders.status', 'orders.delivery_window_start', 'orders.delivery_window_end'])
    .where('basket_runs.basket_id', 'in', basketIds)
    .where('basket_runs.delivery_date', '>=', today)
    .where('basket_runs.outcome', 'in', outcomes)
    .where('orders.status', 'in', ['pending', 'processing', 'shipped'])
    .orderBy('basket_runs.delivery_date')
    .execute();
}

async function toBaskets(deps: ShopDeps, rows: BasketRow[]): Promise<Basket[]> {
  if (!rows.length) return [];
  const now = nowOf(deps);
  const today = kigaliMoment(now).date;
  const ids = rows.map((row) => row.id);
  const addressIds = rows.flatMap((row) => (row.address_id ? [row.address_id] : []));
  const [schedule, lines, runs, addresses] = await Promise.all([
    readSchedule(deps),
    deps.db
      .selectFrom('basket_lines as line')
      .leftJoin('products as product', 'product.id', 'line.product_id')
      .leftJoin('categories as category', 'category.id', 'product.category_id')
      .select(['line.basket_id', 'line.product_id', 'line.product_name', 'line.quantity', 'product.name', 'product.unit', 'product.price_minor', 'product.offer_price_minor', 'product.in_stock', 'product.hidden', 'category.hidden as category_hidden'])
      .where('line.basket_id', 'in', ids)
      .orderBy('line.basket_id')
      .orderBy('line.position')
      .execute(),
    runsAhead(deps.db, ids, today, ['placed', 'covered']),
    addressIds.length ? deps.db.selectFrom('addresses').select(['id', 'description', 'street', 'district']).where('id', 'in', addressIds).execute() : [],
  ]);
  // A product that keeps a count is for sale while some is left (as the faces show it).
  const left = await shownCounts(deps, lines.map((line) => line.product_id));
  return rows.map((row) => {
    const own = lines.filter((line) => line.basket_id === row.id);
    const priced = own.map((line) => {
      const sold = line.price_minor !== null && !line.hidden && !line.category_hidden;
      const priceMinor = sold ? effectivePrice(line.price_minor!, line.offer_price_minor) : null;
      return {
        productId: line.product_id,
        productName: line.name ?? line.product_name,
        quantity: line.quantity,
        unit: line.unit ?? 'pcs',
        price: priceMinor === null ? null : toFrw(priceMinor),
        forSale: sold && Boolean(line.in_stock) && (left.get(line.product_id) ?? 1) > 0,
        priceMinor,
      };
    });
    const totalMinor = priced.reduce((sum, line) => sum + (line.forSale && line.priceMinor !== null ? line.priceMinor * line.quantity : 0), 0);
    const slot = basketSlot(schedule, row.next_delivery, row.window_start_minutes);
    const ahead = runs.find((run) => run.basket_id === row.id && run.outcome === 'placed');
    const address = addresses.find((one) => one.id === row.address_id);
    const byOrder = runs.find((run) => run.basket_id === row.id && run.outcome === 'covered');
    let nextDelivery: Basket['nextDelivery'] = null;
    if (ahead?.delivery_window_start && ahead.delivery_window_end) {
      const window = { start: new Date(ahead.delivery_window_start), end: new Date(ahead.delivery_window_end) };
      nextDelivery = { date: ahead.delivery_date, start: kigaliIso(window.start), end: kigaliIso(window.end), label: windowLabel(window, now), skipped: false, orderId: ahead.order_id };
    } else if (!row.paused && slot) {
      nextDelivery = { date: row.next_delivery, start: kigaliIso(slot.start), end: kigaliIso(slot.end), label: windowLabel(slot, now), skipped: row.skip_week === weekOf(row.next_delivery), orderId: null };
    }
    return {
      _id: row.id,
      weekday: row.weekday,
      windowStart: timeOfDay(row.window_start_minutes),
      label: basketLabel(schedule, row.weekday, row.window_start_minutes),
      paused: row.paused,
      nextDelivery,
      coveredBy:
        byOrder?.delivery_window_start && byOrder.delivery_window_end
          ? { orderId: byOrder.order_id, orderNumber: orderNumber(byOrder.order_id), label: windowLabel({ start: new Date(byOrder.delivery_window_start), end: new Date(byOrder.delivery_window_end) }, now) }
          : null,
      fromOrderId: row.from_order_id,
      lines: priced.map(({ priceMinor: _priceMinor, ...line }) => line),
      total: toFrw(totalMinor),
      paymentType: row.payment_type,
      payerPhone: row.payment_type === 'momo' ? row.payer_phone : null,
      address: address ? { _id: address.id, description: address.description, street: address.street, district: address.district } : null,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}

/** Whether the shopper has a weekly basket (the home screen asks on every dial: one indexed row at most). */
export async function hasBaskets(deps: Pick<ShopDeps, 'db'>, userId: string): Promise<boolean> {
  return Boolean(await deps.db.selectFrom('baskets').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst());
}

export async function listBaskets(deps: ShopDeps, userId: string): Promise<Basket[]> {
  const rows = await deps.db.selectFrom('baskets').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return toBaskets(deps, rows);
}

export async function getBasket(deps: ShopDeps, userId: string, basketId: string): Promise<Basket> {
  const [basket] = await toBaskets(deps, [await basketRow(deps.db, userId, basketId)]);
  return basket;
}

/**
 * Skips the coming delivery: the order already placed for it is cancelled (while it is pending),
 * else that week is marked to be skipped when its time comes.
 */
async function skipNext(trx: Transaction<Database>, basketId: string, row: Pick<BasketRow, 'paused' | 'next_delivery'>, today: string): Promise<BasketChange> {
  if (row.paused) throw badRequest('This weekly basket is paused: there is no delivery to skip');
  const [ahead] = await runsAhead(trx, [basketId], today, ['placed']);
  if (!ahead) return { skip_week: weekOf(row.next_delivery) };
  // Never a cancelled order MTN may still charge: one paid, or with a MoMo request open, stands.
  const cancelled = await cancelUnpaidOrder({ db: trx }, ahead.order_id, { id: null, name: 'The shopper', role: 'shopper' }, 'Weekly basket skipped by the shopper');
  if (!cancelled) throw conflict('This week\'s basket is already being prepared or paid: it can no longer be skipped. Call us to change it');
  await trx.updateTable('basket_runs').set({ outcome: 'skipped' }).where('basket_id', '=', basketId).where('week', '=', ahead.week).execute();
  return {};
}

const CASH_BASKET = 'This weekly basket is paid in cash on delivery: it has no MoMo number to change';

/**
 * A change of the MoMo number, checked by the orders' rule: the one given, or, for a basket that
 * kept none (made before it kept one), the new address's phone when the address changes.
 */
async function payerChange(trx: Transaction<Database>, row: BasketRow, input: UpdateBasketInput): Promise<BasketChange> {
  if (row.payment_type !== 'momo') {
    if (input.payerPhone) throw badRequest(CASH_BASKET, [{ msg: CASH_BASKET, param: 'payerPhone' }]);
    return {};
  }
  if (input.payerPhone) return { payer_phone: momoPayerPhone(input.payerPhone, null) };
  if (input.addressId && !row.payer_phone) return { payer_phone: momoPayerPhone(null, await addressPhone(trx, row.user_id, input.addressId)) };
  return {};
}

export async function updateBasket(deps: ShopDeps, userId: string, basketId: string, input: UpdateBasketInput): Promise<Basket> {
  const now = nowOf(deps);
  const today = kigaliMoment(now).date;
  const schedule = await readSchedule(deps);
  if (input.addressId) await getAddress(deps, userId, input.addressId);
  await inTransaction(deps, async ({ trx }) => {
    const row = await basketRow(trx, userId, basketId, true);
    const change: BasketChange = {};
    if (input.weekday !== undefined || input.windowStart !== undefined) {
      const weekday = input.weekday ?? row.weekday;
      const start = checkedStart(schedule, weekday, input.windowStart ?? timeOfDay(row.window_start_minutes));
      // Moved onto the window an order of these groceries already comes in: that week is the order's.
      const lines = await trx.selectFrom('basket_lines').select(['product_id', 'product_name', 'quantity']).where('basket_id', '=', row.id).execute();
      const when = { id: row.id, user_id: userId, weekday, window_start_minutes: start };
      Object.assign(change, { weekday, window_start_minutes: start, skip_week: null }, await placingWithCover(trx, schedule, when, lines, row.from_order_id, now));
    }
    if (input.addressId) change.address_id = input.addressId;
    Object.assign(change, await payerChange(trx, row, input));
    if (input.paused !== undefined && input.paused !== row.paused) {
      change.paused = input.paused;
      // Taken up again: the next delivery is counted from now, not from before the pause.
      const when = { id: row.id, weekday: change.weekday ?? row.weekday, window_start_minutes: change.window_start_minutes ?? row.window_start_minutes };
      if (!input.paused) Object.assign(change, { skip_week: null }, await schedulePlacing(trx, schedule, when, now));
    }
    if (input.skipNext === true) {
      const next = { paused: change.paused ?? row.paused, next_delivery: (change.next_delivery as string | undefined) ?? row.next_delivery };
      Object.assign(change, await skipNext(trx, row.id, next, today));
    }
    if (input.skipNext === false && row.skip_week === null && input.weekday === undefined && input.windowStart === undefined) {
      const cancelledAhead = await trx
        .selectFrom('basket_runs')
        .select('delivery_date')
        .where('basket_id', '=', row.id)
        .where('outcome', '=', 'skipped')
        .where('order_id', 'is not', null)
        .where('delivery_date', '>=', today)
        .executeTakeFirst();
      if (cancelledAhead) throw conflict('The skipped delivery was cancelled and cannot come back: your basket comes again the week after');
    }
    if (input.skipNext === false) change.skip_week = null;
    await trx.updateTable('baskets').set({ ...change, updated_at: now }).where('id', '=', row.id).execute();
  });
  return getBasket(deps, userId, basketId);
}

/** Stops the basket: no more weekly orders. An order already placed for the coming delivery stands. */
export async function stopBasket(deps: ShopDeps, userId: string, basketId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await basketRow(trx, userId, basketId, true);
    await trx.deleteFrom('baskets').where('id', '=', row.id).execute();
  });
}

/** Why a week was not placed, in the console's words, by its outcome (a rule's refusal keeps its own reason). */
const NOT_PLACED: Record<string, string> = {
  missed: 'Not placed in time: the shop was not running before the window closed',
  nothing: 'Nothing in it is for sale this week',
  no_address: 'The shopper has no delivery address',
  full: 'Every delivery window of that day is full',
};

/** Each basket's coming week the shop could not place (a delivery today or later), with why. */
async function notPlacedAhead(db: Db, basketIds: string[], today: string) {
  if (!basketIds.length) return [];
  return db
    .selectFrom('basket_runs')
    .select(['basket_id', 'delivery_date', 'outcome', 'reason'])
    .where('basket_id', 'in', basketIds)
    .where('delivery_date', '>=', today)
    .where('outcome', 'not in', ['placed', 'skipped'])
    .execute();
}

/** A week the shop could not place, as the console shows it: that delivery, and why. */
function notPlacedWeek(schedule: Schedule, startMinutes: number, run: { delivery_date: string; outcome: string; reason: string | null }, now: Date) {
  const slot = basketSlot(schedule, run.delivery_date, startMinutes);
  const nextDelivery = slot ? { date: run.delivery_date, start: kigaliIso(slot.start), end: kigaliIso(slot.end), label: windowLabel(slot, now), skipped: false, orderId: null } : null;
  return { nextDelivery, problem: run.reason ?? NOT_PLACED[run.outcome] ?? 'Not placed' };
}

/**
 * The console: every basket with a delivery in today and the next 6 days, earliest first. A week
 * the shop could not place shows as 'not placed', with why, from the moment its run is recorded.
 */
export async function staffComingBaskets(deps: ShopDeps): Promise<StaffBasket[]> {
  const now = nowOf(deps);
  const today = kigaliMoment(now).date;
  const rows = await deps.db
    .selectFrom('baskets')
    .innerJoin('users', 'users.id', 'baskets.user_id')
    .selectAll('baskets')
    .select(['users.full_name', 'users.phone_number'])
    .where('baskets.paused', '=', false)
    .execute();
  const [baskets, notPlaced, schedule] = await Promise.all([toBaskets(deps, rows), notPlacedAhead(deps.db, rows.map((row) => row.id), today), readSchedule(deps)]);
  return baskets
    .map((basket, index): StaffBasket => {
      const row = rows[index];
      const customer = { fullName: row.full_name, phoneNumber: row.phone_number };
      const failed = notPlaced.find((run) => run.basket_id === basket._id);
      if (failed) return { ...basket, ...notPlacedWeek(schedule, row.window_start_minutes, failed, now), customer, state: 'not placed', orderNumber: null, placesAt: null };
      const next = basket.nextDelivery;
      const state: StaffBasket['state'] = !next ? 'paused' : next.orderId ? 'placed' : next.skipped ? 'skipped' : 'to place';
      return {
        ...basket,
        customer,
        state,
        problem: null,
        orderNumber: next?.orderId ? orderNumber(next.orderId) : null,
        placesAt: next && !next.orderId && !next.skipped ? new Date(row.next_due_at).toISOString() : null,
      };
    })
    .filter((basket) => basket.nextDelivery && daysBetween(today, basket.nextDelivery.date) < 7)
    .sort((a, b) => a.nextDelivery!.start.localeCompare(b.nextDelivery!.start));
}
