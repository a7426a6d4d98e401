// Delivery windows: the windows any visitor reads, the 2 PM same-day cut-off in Kigali
// time, a full window, two shoppers racing for a window's last place, and the window on the order.
// Each window's booked places are one row kept with the orders: what frees a place
// (cancelling, by staff or by skipping a weekly basket) and what does not (delivering), and the
// migration that counted the orders already booked.
// The shop's clock is set (deps.now): 2026-11-24 is a Tuesday.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { reserveDeliveryWindow } from '../../server/modules/delivery/delivery.service';
import { cancelUnpaidOrder } from '../../server/modules/orders/order-changes.service';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { setShopClock } from '../support/kigali-clock';
import { waitForLockWaiter } from '../support/lock-waits';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let staff: Shopper;

const DEFAULT_SCHEDULE = { days: [1, 2, 3, 4, 5, 6, 7], openFrom: '08:00', openUntil: '20:00', windowHours: 2, capacity: 20, sameDayCutoff: '14:00' };

beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());
beforeEach(async () => {
  const reset = await shop.http.put('/api/admin/delivery').set(staff.auth).send(DEFAULT_SCHEDULE);
  expect(reset.status).toBe(200);
});

const windows = async () => {
  const response = await shop.http.get('/api/delivery/windows');
  expect(response.status).toBe(200);
  return response.body.windows as { id: string; start: string; end: string; label: string; sameDay: boolean; available: boolean }[];
};

/** A shopper with an address and tomatoes in the cart, ready to place an order. */
async function readyShopper(): Promise<{ shopper: Shopper; addressId: string }> {
  const shopper = await shop.newShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 2 });
  return { shopper, addressId: created.body.address._id };
}

const place = (who: { shopper: Shopper; addressId: string }, deliveryWindowId?: string) =>
  shop.http
    .post('/api/order/placeOrder')
    .set(who.shopper.auth)
    .send({ addressId: who.addressId, paymentType: 'cash', ...(deliveryWindowId ? { deliveryWindowId } : {}) });

const cartOf = async (shopper: Shopper) => (await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products as unknown[];

describe('GET /api/delivery/weekly-times', () => {
  it("offers a weekly basket every window of each delivery day, the ones already past today included", async () => {
    setShopClock(shop.deps, '2026-11-27 15:30'); // a Friday, its 08:00 to 14:00 windows started
    const response = await shop.http.get('/api/delivery/weekly-times');
    expect(response.status).toBe(200);
    expect(response.body.days.map((day: { weekday: number }) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const friday = response.body.days.find((day: { weekday: number }) => day.weekday === 5);
    expect(friday.windows[0]).toEqual({ start: '08:00', end: '10:00' });
    expect(friday.windows).toHaveLength(6);
  });

  it('lists only the days the schedule delivers', async () => {
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, days: [1, 3, 5], openFrom: '09:00', openUntil: '13:00' });
    const { days } = (await shop.http.get('/api/delivery/weekly-times')).body;
    expect(days).toEqual([1, 3, 5].map((weekday) => ({ weekday, windows: [{ start: '09:00', end: '11:00' }, { start: '11:00', end: '13:00' }] })));
  });
});

describe('GET /api/delivery/windows', () => {
  it("lists today's windows not yet started and the next 6 days', 2-hour windows 08:00-20:00 Kigali, for any visitor", async () => {
    setShopClock(shop.deps, '2026-11-24 10:30');
    const listed = await windows();
    const today = listed.filter((window) => window.sameDay);
    // 08:00 and 10:00 have started.
    expect(today.map((window) => window.label)).toEqual(['Today 12:00–14:00', 'Today 14:00–16:00', 'Today 16:00–18:00', 'Today 18:00–20:00']);
    expect(today[0]).toEqual({ id: '2026-11-24T12:00', start: '2026-11-24T12:00:00+02:00', end: '2026-11-24T14:00:00+02:00', label: 'Today 12:00–14:00', sameDay: true, available: true });
    expect(listed).toHaveLength(4 + 6 * 6);
    expect(listed[4]).toMatchObject({ id: '2026-11-25T08:00', label: 'Tomorrow 08:00–10:00', sameDay: false, available: true });
    expect(listed[10]).toMatchObject({ id: '2026-11-26T08:00', label: 'Thu 26 Nov 08:00–10:00' });
    expect(listed.at(-1)).toMatchObject({ id: '2026-11-30T18:00', end: '2026-11-30T20:00:00+02:00' });
  });

  it('offers a window only from an hour before it starts', async () => {
    setShopClock(shop.deps, '2026-11-24 11:01');
    const [first, second] = await windows();
    expect(first).toMatchObject({ id: '2026-11-24T12:00', available: false });
    expect(second).toMatchObject({ id: '2026-11-24T14:00', available: true });
  });

  it('offers today at 13:59 Kigali time and nothing today from 14:00', async () => {
    setShopClock(shop.deps, '2026-11-24 13:59');
    const before = (await windows()).filter((window) => window.sameDay);
    expect(before.map((window) => [window.label, window.available])).toEqual([
      ['Today 14:00–16:00', false], // starts in a minute
      ['Today 16:00–18:00', true],
      ['Today 18:00–20:00', true],
    ]);
    setShopClock(shop.deps, '2026-11-24 14:00');
    const after = await windows();
    expect(after.filter((window) => window.sameDay).map((window) => window.available)).toEqual([false, false]);
    expect(after.find((window) => window.available)).toMatchObject({ label: 'Tomorrow 08:00–10:00' });
  });

  it('follows the schedule staff set: days, hours, window length, cut-off', async () => {
    setShopClock(shop.deps, '2026-11-24 09:00');
    const saved = await shop.http
      .put('/api/admin/delivery')
      .set(staff.auth)
      .send({ days: [2, 4], openFrom: '09:00', openUntil: '18:00', windowHours: 3, capacity: 5, sameDayCutoff: '10:00' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, schedule: { days: [2, 4], openFrom: '09:00', openUntil: '18:00', windowHours: 3, capacity: 5, sameDayCutoff: '10:00' } });
    const listed = await windows();
    // Tuesday 24 and 1 Dec, Thursday 26; 09-12 has started, 12-15 and 15-18 today, three a day after.
    expect(listed.map((window) => window.id)).toEqual([
      '2026-11-24T12:00',
      '2026-11-24T15:00',
      '2026-11-26T09:00',
      '2026-11-26T12:00',
      '2026-11-26T15:00',
    ]);
    expect(listed.map((window) => window.available)).toEqual([true, true, true, true, true]);
    setShopClock(shop.deps, '2026-11-24 10:00');
    expect((await windows()).filter((window) => window.sameDay).every((window) => !window.available)).toBe(true);
  });
});

describe('POST /api/order/placeOrder with a delivery window', () => {
  it('takes the earliest available window when none is named, and every read of the order carries it', async () => {
    setShopClock(shop.deps, '2026-11-24 13:59');
    const buyer = await readyShopper();
    const placed = await place(buyer);
    expect(placed.status).toBe(201);
    expect(placed.body.order.deliveryWindow).toEqual({ start: '2026-11-24T16:00:00+02:00', end: '2026-11-24T18:00:00+02:00', label: 'Today 16:00–18:00' });
    const details = await shop.http.get(`/api/order/getOrderDetails/${placed.body.order._id}`).set(buyer.shopper.auth);
    expect(details.body.order.deliveryWindow.label).toBe('Today 16:00–18:00');
    // Named as seen from the day it is read.
    setShopClock(shop.deps, '2026-11-23 20:00');
    const listed = await shop.http.get('/api/order/getUserOrders').set(buyer.shopper.auth);
    expect(listed.body.orders[0].deliveryWindow.label).toBe('Tomorrow 16:00–18:00');
  });

  it('at 14:00 Kigali time the earliest window is tomorrow morning', async () => {
    setShopClock(shop.deps, '2026-11-24 14:00');
    const placed = await place(await readyShopper());
    expect(placed.status).toBe(201);
    expect(placed.body.order.deliveryWindow).toMatchObject({ start: '2026-11-25T08:00:00+02:00', label: 'Tomorrow 08:00–10:00' });
  });

  it('places the order in the window the shopper chose', async () => {
    setShopClock(shop.deps, '2026-11-24 09:00');
    const placed = await place(await readyShopper(), '2026-11-27T18:00');
    expect(placed.status).toBe(201);
    expect(placed.body.order.deliveryWindow).toEqual({ start: '2026-11-27T18:00:00+02:00', end: '2026-11-27T20:00:00+02:00', label: 'Fri 27 Nov 18:00–20:00' });
  });

  it('refuses a window that is today after the cut-off, past, too soon or not offered: 400 naming the next free one, no order, cart kept', async () => {
    setShopClock(shop.deps, '2026-11-24 14:00');
    const buyer = await readyShopper();
    const cases: [string, RegExp][] = [
      ['2026-11-24T16:00', /^That delivery window can no longer be booked\. The next free one is Tomorrow 08:00–10:00\.$/],
      ['2026-11-24T08:00', /can no longer be booked/],
      ['2026-12-09T08:00', /can no longer be booked/], // beyond the 7 days
      ['2026-11-25T09:00', /^That delivery window is not offered\. The next free one is Tomorrow 08:00–10:00\.$/],
      ['soon', /is not offered/],
    ];
    for (const [id, message] of cases) {
      const refused = await place(buyer, id);
      expectErrorShape(refused, 400, message);
      expect(refused.body.error).toBe('delivery_window_unavailable');
      expect(refused.body.errors).toEqual([{ msg: refused.body.message, param: 'deliveryWindowId' }]);
      expect(refused.body.nextWindow).toMatchObject({ id: '2026-11-25T08:00', label: 'Tomorrow 08:00–10:00', available: true });
    }
    expect(await cartOf(buyer.shopper)).toHaveLength(1);
    expect((await shop.http.get('/api/order/getUserOrders').set(buyer.shopper.auth)).body.orders).toEqual([]);
  });

  it('refuses a full window naming the next free one; a cancelled order gives its place back', async () => {
    setShopClock(shop.deps, '2026-11-24 07:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 1 });
    const first = await readyShopper();
    const taken = await place(first, '2026-11-28T10:00');
    expect(taken.status).toBe(201);
    const second = await readyShopper();
    const refused = await place(second, '2026-11-28T10:00');
    expectErrorShape(refused, 400, 'That delivery window is full. The next free one is Today 08:00–10:00.');
    expect(await cartOf(second.shopper)).toHaveLength(1);
    const listed = await windows();
    expect(listed.find((window) => window.id === '2026-11-28T10:00')?.available).toBe(false);

    const cancelled = await shop.http
      .post(`/api/admin/orders/${taken.body.order._id}/status`)
      .set(staff.auth)
      .send({ expectedStatus: 'pending', status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const again = await place(second, '2026-11-28T10:00');
    expect(again.status).toBe(201);
    expect(await cartOf(second.shopper)).toEqual([]);
  });

  it('left out, skips full windows for the earliest with room', async () => {
    setShopClock(shop.deps, '2026-11-24 06:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 1 });
    expect((await place(await readyShopper(), '2026-11-24T08:00')).status).toBe(201);
    const placed = await place(await readyShopper());
    expect(placed.body.order.deliveryWindow.label).toBe('Today 10:00–12:00');
    const next = await place(await readyShopper());
    expect(next.body.order.deliveryWindow.label).toBe('Today 12:00–14:00');
  });

  it("two shoppers racing for a window's last place: one wins, one is told", async () => {
    setShopClock(shop.deps, '2026-11-24 06:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 2 });
    await place(await readyShopper(), '2026-11-29T16:00'); // one of two places taken
    const racers = await Promise.all([readyShopper(), readyShopper(), readyShopper()]);
    const results = await Promise.all(racers.map((racer) => place(racer, '2026-11-29T16:00')));
    expect(results.map((result) => result.status).sort()).toEqual([201, 400, 400]);
    for (const refused of results.filter((result) => result.status === 400)) {
      expect(refused.body.message).toBe('That delivery window is full. The next free one is Today 08:00–10:00.');
    }
    const booked = await shop.http.get('/api/admin/delivery').set(staff.auth);
    const window = booked.body.windows.find((entry: { id: string }) => entry.id === '2026-11-29T16:00');
    expect(window).toMatchObject({ capacity: 2, booked: 2, available: false });
    expect(window.orders).toHaveLength(2);
  });

  it('a shopper who reaches the last place while another is taking it waits for that order, then is told it is full', async () => {
    setShopClock(shop.deps, '2026-11-24 06:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 1 });
    const first = await readyShopper();
    const second = await readyShopper();
    const windowId = '2026-11-29T08:00';
    let secondAnswered = false;
    let secondPlacing: Promise<Awaited<ReturnType<typeof place>>> | undefined;
    // The first shopper's placement holds the window's last place in a transaction not yet committed.
    await shop.deps.db.transaction().execute(async (trx) => {
      const slot = await reserveDeliveryWindow(trx, shop.deps, windowId);
      await trx
        .insertInto('orders')
        .values({
          id: `race-${Date.now()}`,
          user_id: first.shopper.user._id,
          invoice_number: `INV-RACE-${Date.now()}`,
          amount_minor: 160_000,
          status: 'pending',
          payment_type: 'cash',
          payment_status: 'pending',
          channel: 'web',
          address: JSON.stringify({ street: 'KN 5 Rd 12', district: 'Nyarugenge', phoneNumber: '+250788123456' }),
          delivery_window_start: slot.start,
          delivery_window_end: slot.end,
        })
        .execute();
      secondPlacing = place(second, windowId).then((response) => {
        secondAnswered = true;
        return response;
      });
      // On PostgreSQL the second placement is seen waiting for a lock (an unguarded one would answer
      // at once); PGlite runs one transaction at a time, so it cannot even begin before this one ends.
      if (shop.deps.databaseKind === 'postgres') await waitForLockWaiter(shop.deps.db, () => secondAnswered);
      expect(secondAnswered).toBe(false);
    });
    const refused = await secondPlacing!;
    expectErrorShape(refused, 400, /^That delivery window is full\. The next free one is /);
    expect(await cartOf(second.shopper)).toHaveLength(1);
  });
});

describe("a window's booked places", () => {
  const isAvailable = async (id: string) => (await windows()).find((window) => window.id === id)?.available;
  const setStatus = (orderId: string, expectedStatus: string, status: string) =>
    shop.http.post(`/api/admin/orders/${orderId}/status`).set(staff.auth).send({ expectedStatus, status });

  it('a pending order cancelled as a skipped weekly basket gives its place back', async () => {
    setShopClock(shop.deps, '2026-11-24 07:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 1 });
    const taken = await place(await readyShopper(), '2026-11-27T12:00');
    expect(taken.status).toBe(201);
    expect(await isAvailable('2026-11-27T12:00')).toBe(false);
    const cancelled = await shop.deps.db.transaction().execute((trx) => cancelUnpaidOrder({ db: trx }, taken.body.order._id, { id: null, name: 'The shopper' }, 'Weekly basket skipped by the shopper'));
    expect(cancelled).toBe(true);
    expect(await isAvailable('2026-11-27T12:00')).toBe(true);
    expect((await place(await readyShopper(), '2026-11-27T12:00')).status).toBe(201);
    expect(await isAvailable('2026-11-27T12:00')).toBe(false);
  });

  it('an order taken through to delivered keeps its place; one cancelled once gives back one place, not two', async () => {
    setShopClock(shop.deps, '2026-11-24 07:00');
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 2 });
    const windowId = '2026-11-27T14:00';
    const delivered = await place(await readyShopper(), windowId);
    const cancelled = await place(await readyShopper(), windowId);
    for (const [from, to] of [['pending', 'processing'], ['processing', 'shipped'], ['shipped', 'delivered']]) {
      expect((await setStatus(delivered.body.order._id, from, to)).status).toBe(200);
    }
    expect(await isAvailable(windowId)).toBe(false);
    expect((await setStatus(cancelled.body.order._id, 'pending', 'cancelled')).status).toBe(200);
    // Cancelled is final: asking again changes nothing, and frees nothing more.
    expect((await setStatus(cancelled.body.order._id, 'cancelled', 'cancelled')).status).toBe(400);
    expect(await isAvailable(windowId)).toBe(true);
    expect((await place(await readyShopper(), windowId)).status).toBe(201);
    expectErrorShape(await place(await readyShopper(), windowId), 400, /^That delivery window is full\./);
  });

  it("the migration that keeps the counts counts each window's orders already booked, cancelled ones left out", async () => {
    setShopClock(shop.deps, '2026-11-24 07:00');
    const buyer = await readyShopper();
    const { db } = shop.deps;
    // The database as it was before the counts: orders placed by the code of then, counting nothing.
    await sql`ALTER TABLE delivery_window_bookings DROP COLUMN booked`.execute(db);
    await sql`ALTER TABLE delivery_window_bookings ADD COLUMN taken_at timestamptz NOT NULL DEFAULT now()`.execute(db);
    await sql`ALTER TABLE delivery_window_bookings RENAME TO delivery_window_locks`.execute(db);
    await sql`DROP INDEX addresses_one_default`.execute(db);

    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '014-checkout-statements' as never).execute();
    const orderIn = (start: string, status: string, index: number) => ({
      id: `before-counts-${index}`,
      user_id: buyer.shopper.user._id,
      invoice_number: `INV-BEFORE-${index}`,
      amount_minor: 160_000,
      status,
      payment_type: 'cash',
      payment_status: 'pending',
      channel: 'web',
      address: JSON.stringify({ street: 'KN 5 Rd 12', district: 'Nyarugenge', phoneNumber: '+250788123456' }),
      delivery_window_start: new Date(start),
      delivery_window_end: new Date(new Date(start).getTime() + 2 * 3_600_000),
    });
    const full = '2026-11-30T10:00:00+02:00';
    const halfFull = '2026-11-30T12:00:00+02:00';
    await db
      .insertInto('orders')
      .values([orderIn(full, 'pending', 1), orderIn(full, 'delivered', 2), orderIn(halfFull, 'pending', 3), orderIn(halfFull, 'cancelled', 4)])
      .execute();
    await sql`INSERT INTO delivery_window_locks (window_start) VALUES (${new Date(halfFull)})`.execute(db);

    await migrateToLatest(db);
    await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, capacity: 2 });
    expect(await isAvailable('2026-11-30T10:00')).toBe(false);
    expect(await isAvailable('2026-11-30T12:00')).toBe(true);
    expect((await place(buyer, '2026-11-30T12:00')).status).toBe(201);
    expect(await isAvailable('2026-11-30T12:00')).toBe(false);
  });
});

describe('staff: GET and PUT /api/admin/delivery', () => {
  it('is staff only', async () => {
    const shopper = await shop.newShopper();
    expect((await shop.http.get('/api/admin/delivery').set(shopper.auth)).status).toBe(403);
    expect((await shop.http.put('/api/admin/delivery').set(shopper.auth).send(DEFAULT_SCHEDULE)).status).toBe(403);
    expect((await shop.http.get('/api/admin/delivery')).status).toBe(401);
  });

  it('refuses a schedule that makes no sense, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ days: [] }, 'days', 'Choose at least one delivery day'],
      [{ days: [0, 8] }, 'days.0', 'Days are 1 (Monday) to 7 (Sunday)'],
      [{ openFrom: '8am' }, 'openFrom', 'Opening time must be a time like 08:00'],
      [{ openFrom: '19:00', openUntil: '20:00' }, 'openUntil', 'Closing time must leave room for one 2-hour window after opening'],
      [{ windowHours: 0 }, 'windowHours', 'A window is 1 to 12 hours'],
      [{ capacity: 0 }, 'capacity', 'A window takes at least 1 order'],
      [{ sameDayCutoff: '25:00' }, 'sameDayCutoff', 'Same-day cut-off must be a time like 08:00'],
    ];
    for (const [change, param, msg] of cases) {
      const refused = await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...DEFAULT_SCHEDULE, ...change });
      expectErrorShape(refused, 400);
      expect(refused.body.errors, JSON.stringify(change)).toContainEqual({ param, msg });
    }
    const kept = await shop.http.get('/api/admin/delivery').set(staff.auth);
    expect(kept.body.schedule).toEqual(DEFAULT_SCHEDULE);
  });

  it("lists every window of today (started ones too) and the next 6 days with each window's orders", async () => {
    setShopClock(shop.deps, '2026-11-24 06:00');
    const buyer = await readyShopper();
    const placed = await place(buyer, '2026-11-30T18:00');
    setShopClock(shop.deps, '2026-11-24 15:00');
    const response = await shop.http.get('/api/admin/delivery').set(staff.auth);
    expect(response.status).toBe(200);
    const { windows: all } = response.body;
    expect(all).toHaveLength(7 * 6);
    expect(all[0]).toMatchObject({ id: '2026-11-24T08:00', label: 'Today 08:00–10:00', available: false, capacity: 20 });
    const last = all.at(-1);
    expect(last).toMatchObject({ id: '2026-11-30T18:00', booked: 1 });
    expect(last.orders).toEqual([
      {
        _id: placed.body.order._id,
        orderNumber: placed.body.order._id.slice(-8).toUpperCase(),
        status: 'pending',
        paymentStatus: 'pending',
        amount: 1600,
        items: 2,
        customer: { fullName: 'Test Shopper', phoneNumber: '+250788123456' },
        place: 'KN 5 Rd 12, Nyarugenge',
      },
    ]);
  });
});
