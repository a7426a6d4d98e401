// A delivery day simulated end to end, as the shop lives it, over HTTP: 200 orders placed by 40
// shoppers across six windows with a fee table (one district left negotiable), packed by staff, shared
// out among five riders who sign in with the SMS code, picked up and delivered with the shopper's
// code read off the shopper's own order page. Paid in cash at the door, by MoMo request-to-pay from
// the rider's app (the fake MTN settles it), or to the pay code (staff confirm it); two shoppers refuse
// a line at the door, one is not home (the order comes back in a new window), one rider reaches their
// cash limit (an assignment is refused with its message, a handover lets it through). In the evening
// every rider hands over their cash. Then: every order is delivered or re-planned, every frw expected
// is collected (or the re-planned order explains it), every ledger balances to 0 unexplained, the
// day's CSV agrees with the ledgers, and "Sales today" counts only what was paid.
// On embedded PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (npm run test:reliability).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../../server/lib/background';
import { formatFrwAmount } from '../../../server/lib/money';
import { addFromShell, grantStaff } from '../../../server/modules/users/staff-members.service';
import { startFakeMomoCollections, type FakeMomo } from '../../support/fake-momo-collections';
import { createTestShop, lastMessageTo, uniqueEmail, type Shopper, type TestShop } from '../../support/test-app';

const SHOPPERS = 40;
const ORDERS_EACH = 5; // 200 orders
const WINDOWS = 6;
const RIDERS = 5;
const PARALLEL = 10; // requests in flight at once, as a busy evening's phones send them
const CASH_LIMIT = 3000; // frw: the limited rider reaches it with their first window's cash
const NEGOTIATED_FEE = 1000; // frw agreed at the door where the table has no rate
const CABBAGE = 350; // frw, the seed's price: the line refused at the door

type Plan = 'cash' | 'momo' | 'pay_code';

interface Place {
  district: string;
  sector: string;
}
const PLACES: Place[] = [
  { district: 'Gasabo', sector: 'Kimironko' },
  { district: 'Gasabo', sector: 'Remera' },
  { district: 'Kicukiro', sector: 'Niboye' },
  { district: 'Kicukiro', sector: 'Kagarama' },
  { district: 'Nyarugenge', sector: 'Nyamirambo' }, // not in the fee table: negotiable at the door
];
const FEES = {
  mode: 'table',
  rates: [
    { district: 'Gasabo', fee: 1000 },
    { district: 'Gasabo', from: 5000, fee: 700 },
    { district: 'Gasabo', sector: 'Kimironko', fee: 800 },
    { district: 'Kicukiro', fee: 1500 },
  ],
  freeFrom: 8000,
};

interface Customer {
  shopper: Shopper;
  phone: string;
  addressId: string;
  place: Place;
}

interface PlacedOrder {
  id: string;
  customer: Customer;
  windowId: string;
  plan: Plan;
  withCabbage: boolean;
  /** What happens at the door besides the payment. */
  door: 'deliver' | 'refuse_cabbage' | 'nobody_home';
}

interface Rider {
  id: string;
  name: string;
  phone: string;
  auth: { Authorization: string };
}

let shop: TestShop;
let fake: FakeMomo;
let owner: Shopper;
let staff: Shopper;

beforeAll(async () => {
  fake = await startFakeMomoCollections({
    callbackHost: 'isoko.test',
    // MTN calls the shop's public address; here that is the app itself.
    deliverCallback: (url, init) => shop.app.request(new URL(url).pathname, init),
  });
  shop = await createTestShop({ ...fake.environment(), MOMO_PAY_CODE: '654321' });
  owner = await shop.newVerifiedShopper({ fullName: 'Olive Owner' });
  expect((await addFromShell(shop.deps, owner.user.email!, 'staff')).madeOwner).toBe(true);
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/** Runs `work` over `items`, `size` at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}

let keys = 0;
const key = () => `day-${process.pid}-${Date.now()}-${++keys}`;
let phones = 0;
/** An MTN number (+25078…) no one else in this run has. */
const mtnPhone = () => `+25078${String(process.pid % 100).padStart(2, '0')}${String(Date.now() % 1000).padStart(3, '0')}${String(++phones).padStart(2, '0')}`.slice(0, 13);

const toMinor = (frw: number) => Math.round(frw * 100);

async function newCustomer(index: number): Promise<Customer> {
  const phone = mtnPhone();
  const place = PLACES[index % PLACES.length];
  const shopper = await shop.newShopper({ fullName: `Day Shopper ${index}`, email: uniqueEmail('day'), phoneNumber: phone });
  const address = await shop.http
    .post('/api/address/create')
    .set(shopper.auth)
    .send({ description: `House ${index}`, city: 'Kigali', street: `KG ${100 + index} St`, district: place.district, sector: place.sector, phoneNumber: phone });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  return { shopper, phone, addressId: address.body.address._id, place };
}

/** The owner adds a rider; the rider signs in with the code sent by SMS, as the rider app does. */
async function newRider(name: string, cashLimit?: number): Promise<Rider> {
  const phone = mtnPhone();
  const added = await shop.http.post('/api/admin/riders').set(owner.auth).send({ phoneNumber: phone, fullName: name, ...(cashLimit ? { cashLimit } : {}) });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect((await shop.http.post('/api/auth/sign-in-code').send({ phoneNumber: phone })).status).toBe(200);
  const code = /\b(\d{6})\b/.exec((await lastMessageTo(shop.deps, phone))?.body ?? '')?.[1];
  const signedIn = await shop.http.post('/api/auth/sign-in-with-code').send({ phoneNumber: phone, code });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { id: added.body.rider._id, name, phone, auth: { Authorization: `Bearer ${signedIn.body.token}` } };
}

/** One order as the shopper places it: the lines in the cart, then Confirm with a window. */
async function place(order: Omit<PlacedOrder, 'id'>, sequence: number): Promise<PlacedOrder> {
  const { shopper, addressId } = order.customer;
  // Never two identical orders in a row: the tomatoes vary with the order's place in the day.
  expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 + (sequence % 4) })).status).toBe(200);
  if (order.withCabbage) expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 2 })).status).toBe(200);
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId, paymentType: 'cash', deliveryWindowId: order.windowId });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { ...order, id: placed.body.order._id };
}

const asStaff = (method: 'get' | 'post' | 'put', path: string) => shop.http[method](path).set(staff.auth);

interface Ledger {
  cash: { cashInHand: number; variance: number; unexplained: number };
  entries: { kind: string; amount: number; variance: number; note: string | null }[];
}
const ledgerOf = async (rider: Rider): Promise<Ledger> => (await asStaff('get', `/api/admin/riders/${rider.id}/ledger`)).body;

/** Staff count the rider's cash and enter it; the rider gives the code sent to their phone. */
async function handover(rider: Rider, short = 0, note?: string) {
  const held = (await ledgerOf(rider)).cash.cashInHand;
  const counted = await asStaff('post', `/api/admin/riders/${rider.id}/handover`).send({ amount: held - short, ...(note ? { note } : {}) });
  expect(counted.status, JSON.stringify(counted.body)).toBe(201);
  const code = /code (\d{6})\b/.exec((await lastMessageTo(shop.deps, rider.phone))?.body ?? '')?.[1];
  const confirmed = await asStaff('post', `/api/admin/riders/${rider.id}/handover/${counted.body.handover._id}/confirm`).send({ code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { held, counted: held - short };
}

interface Stop {
  orderId: string;
  amountDue: number;
  feeNegotiable: boolean;
  lines: { productId: string }[];
}

/** A rider's round in one window: picked up at the shop, then each stop in the order given. */
async function ride(rider: Rider, windowLabel: string, plans: Map<string, PlacedOrder>) {
  const stops = await shop.http.get('/api/rider/stops').set(rider.auth);
  expect(stops.status).toBe(200);
  const mine = (stops.body.stops as (Stop & { window: { label: string } | null })[]).filter((stop) => stop.window?.label === windowLabel);
  for (const stop of mine) expect((await shop.http.post(`/api/rider/orders/${stop.orderId}/picked-up`).set(rider.auth).set('Idempotency-Key', key()).send({})).status).toBe(200);
  for (const stop of mine) await atTheDoor(rider, stop, plans.get(stop.orderId)!);
  return mine.length;
}

async function atTheDoor(rider: Rider, stop: Stop, order: PlacedOrder) {
  if (order.door === 'nobody_home') {
    const failed = await shop.http.post(`/api/rider/orders/${stop.orderId}/not-delivered`).set(rider.auth).set('Idempotency-Key', key()).send({ reason: 'nobody_home' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    return;
  }
  // The shopper reads the code off their own order page and says it at the door.
  const page = await shop.http.get(`/api/order/getOrderDetails/${stop.orderId}`).set(order.customer.shopper.auth);
  const code = page.body.order.deliveryCode as string;
  expect(code).toMatch(/^\d{4}$/);
  const fee = stop.feeNegotiable ? NEGOTIATED_FEE : 0;
  const refused = order.door === 'refuse_cabbage' ? [{ productId: 'cabbage', quantity: 1 }] : [];
  const due = stop.amountDue + fee - (refused.length ? CABBAGE : 0);
  const collected = order.plan === 'cash' ? { method: 'cash', amount: due } : order.plan === 'momo' ? { method: 'momo' } : { method: 'paid' };
  const done = await shop.http
    .post(`/api/rider/orders/${stop.orderId}/delivered`)
    .set(rider.auth)
    .set('Idempotency-Key', key())
    .send({ code, collected, refusedLines: refused, ...(stop.feeNegotiable ? { fee } : {}) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.status).toBe('delivered');
  if (order.plan === 'momo') {
    // The shopper approves MTN's prompt on their phone; MTN's callback follows.
    const request = fake.requests.find((held) => held.body.externalId === stop.orderId && held.status === 'PENDING');
    expect(request, `a MoMo request for ${stop.orderId}`).toBeDefined();
    expect(request!.body.amount).toBe(String(due));
    await fake.settle(request!.referenceId, { status: 'SUCCESSFUL' });
  }
  if (order.plan === 'pay_code') {
    // The shopper paid the MoMo Pay code; staff see it on the shop's MoMo statement and confirm it.
    const confirmed = await asStaff('post', `/api/admin/orders/${stop.orderId}/payment`).send({
      expectedPaymentStatus: 'pending',
      paymentStatus: 'completed',
      method: 'pay_code',
      momoTransactionId: `MP${stop.orderId.slice(-10)}`,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }
}

describe(`a delivery day: ${SHOPPERS * ORDERS_EACH} orders, ${WINDOWS} windows, ${RIDERS} riders`, () => {
  it('ends with every order delivered or re-planned, every frw collected or explained, and every ledger balanced', async () => {
    const started = Date.now();
    // Morning: the shop's windows take the day's orders, and the fee is quoted from a table.
    const schedule = await asStaff('put', '/api/admin/delivery').send({ days: [1, 2, 3, 4, 5, 6, 7], openFrom: '08:00', openUntil: '20:00', windowHours: 2, capacity: 100, sameDayCutoff: '14:00' });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    expect((await asStaff('put', '/api/admin/delivery/fees').send(FEES)).status).toBe(200);
    const windows = ((await shop.http.get('/api/delivery/windows')).body.windows as { id: string; label: string; available: boolean }[]).filter((window) => window.available).slice(0, WINDOWS);
    expect(windows).toHaveLength(WINDOWS);

    const riders = await inBatches(['Rider Amani', 'Rider Bosco', 'Rider Claude', 'Rider Diane', 'Rider Eric'], 1, (name, index) => newRider(name, index === 0 ? CASH_LIMIT : undefined));
    const limited = riders[0];
    const customers = await inBatches(Array.from({ length: SHOPPERS }, (_, index) => index), PARALLEL, newCustomer);

    // The orders: 60% cash at the door, 20% MoMo from the rider's app, 20% the pay code; two carry a
    // cabbage refused at the door, one finds nobody home.
    const planned: Omit<PlacedOrder, 'id'>[] = Array.from({ length: SHOPPERS * ORDERS_EACH }, (_, index) => {
      const customer = customers[index % SHOPPERS];
      const plan: Plan = index % 10 < 6 ? 'cash' : index % 10 < 8 ? 'momo' : 'pay_code';
      // Cash orders in Kicukiro in the later windows: the refusals (Gasabo, window 3; Kicukiro, window 5).
      const door = index === 40 || index === 122 ? 'refuse_cabbage' : index === 163 ? 'nobody_home' : 'deliver';
      return { customer, windowId: windows[Math.floor(index / ((SHOPPERS * ORDERS_EACH) / WINDOWS)) % WINDOWS].id, plan, withCabbage: index % 7 === 0 || door === 'refuse_cabbage', door };
    });
    expect(planned.filter((order) => order.door === 'refuse_cabbage').every((order) => order.plan === 'cash')).toBe(true);
    // One shopper's orders one after another (one cart), shoppers side by side.
    const byShopper = customers.map((customer) => planned.map((order, index) => ({ order, index })).filter(({ order }) => order.customer === customer));
    const placedLists = await inBatches(byShopper, PARALLEL, async (list) => {
      const out: { index: number; placed: PlacedOrder }[] = [];
      for (const { order, index } of list) out.push({ index, placed: await place(order, index) });
      return out;
    });
    const orders = placedLists.flat().sort((a, b) => a.index - b.index).map(({ placed }) => placed);
    const plans = new Map(orders.map((order) => [order.id, order]));
    const placedAt = Date.now();

    // Nothing is paid yet: "Sales today" is 0 though 200 orders wait.
    const morning = (await asStaff('get', '/api/admin/dashboard')).body.today;
    expect(morning).toMatchObject({ orders: 200, sales: 0, awaitingDelivery: 200 });

    // Staff pack every order.
    await inBatches(orders, PARALLEL, async (order) => {
      const packed = await asStaff('post', `/api/admin/orders/${order.id}/status`).send({ expectedStatus: 'pending', status: 'processing' });
      expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    });

    let riddenStops = 0;
    let limitRefused = false;
    for (const [windowIndex, window] of windows.entries()) {
      if (windowIndex === 1) {
        // The limited rider came back from the first window over their limit: a cash order is refused them.
        const board = (await asStaff('get', '/api/admin/riders')).body.riders as { _id: string; cashInHand: number; atCashLimit: boolean }[];
        const held = board.find((rider) => rider._id === limited.id)!;
        expect(held.atCashLimit).toBe(true);
        const cashOrder = orders.find((order) => order.windowId === window.id && order.plan === 'cash' && order.door === 'deliver')!;
        const refused = await asStaff('put', `/api/admin/orders/${cashOrder.id}/rider`).send({ riderId: limited.id });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toBe('cash_limit');
        expect(refused.body.message).toBe(
          `${limited.name} holds ${formatFrwAmount(held.cashInHand)} in cash, at their limit of ${formatFrwAmount(CASH_LIMIT)}: hand cash over first, or give this order to another rider`,
        );
        limitRefused = true;
        // They hand their cash over at the shop: the same order is theirs now.
        await handover(limited);
        expect((await asStaff('put', `/api/admin/orders/${cashOrder.id}/rider`).send({ riderId: limited.id })).status).toBe(200);
      } else if (windowIndex > 1) {
        // From then on they hand their cash over between windows, as staff now ask of them.
        const board = (await asStaff('get', '/api/admin/riders')).body.riders as { _id: string; atCashLimit: boolean }[];
        if (board.find((rider) => rider._id === limited.id)!.atCashLimit) await handover(limited);
      }
      const shared = await asStaff('post', '/api/admin/dispatch/share-out').send({ windowId: window.id });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      expect(shared.body.left).toEqual([]);
      // Balanced by count: the window's stops (the one given by hand included) differ by one at most.
      const board = (await asStaff('get', '/api/admin/riders')).body.riders as { _id: string; stops: { orderId: string }[] }[];
      const loads = riders.map((rider) => board.find((listed) => listed._id === rider.id)!.stops.filter((stop) => plans.get(stop.orderId)?.windowId === window.id).length);
      expect(Math.max(...loads) - Math.min(...loads), `stops per rider in ${window.label}: ${loads.join(', ')}`).toBeLessThanOrEqual(1);
      const counts = await Promise.all(riders.map((rider) => ride(rider, window.label, plans)));
      riddenStops += counts.reduce((sum, count) => sum + count, 0);
    }
    expect(limitRefused).toBe(true);
    expect(riddenStops).toBe(200);
    await backgroundSettled(shop.deps);

    // Evening: every rider hands over what they hold; one is 500 short and says why.
    const evening = await inBatches(riders, 1, (rider, index) => (index === 2 ? handover(rider, 500, 'Gave 500 change from own pocket, shopper to pay back tomorrow') : handover(rider)));
    expect(evening.every((count) => count.held >= 0)).toBe(true);

    // Every order is delivered, or re-planned in a new window with the shopper told why.
    const seen = await inBatches(orders, PARALLEL, async (order) => (await asStaff('get', `/api/admin/orders/${order.id}`)).body.order);
    for (const [index, order] of orders.entries()) {
      const now = seen[index];
      if (order.door === 'nobody_home') {
        expect(now.status).toBe('processing');
        expect(now.paymentStatus).toBe('pending');
        const page = (await shop.http.get(`/api/order/getOrderDetails/${order.id}`).set(order.customer.shopper.auth)).body.order;
        expect(page.timeline.at(-1)).toMatchObject({ step: 'not_delivered', reason: 'nobody_home' });
        const originally = windows.find((window) => window.id === order.windowId)!.label;
        expect(page.deliveryWindow.label).not.toBe(originally);
      } else {
        expect(now.status, `order ${order.id}`).toBe('delivered');
        expect(now.paymentStatus, `order ${order.id} (${order.plan})`).toBe('completed');
      }
    }

    // The day's cash: every frw expected of a delivered order is collected by one of the three ways.
    const day = (await asStaff('get', '/api/admin/cash/day')).body;
    const totals = day.totals;
    expect(totals).toMatchObject({ delivered: 199, notDelivered: 1, outstanding: 0, refunds: 0, shopCash: 0, unexplained: 0, variance: 500, cashInHand: 0 });
    expect(toMinor(totals.cash) + toMinor(totals.momo) + toMinor(totals.payCode)).toBe(toMinor(totals.expected));
    const deliveredTotal = seen.filter((order) => order.status === 'delivered').reduce((sum, order) => sum + toMinor(order.total), 0);
    expect(toMinor(totals.expected)).toBe(deliveredTotal);
    expect(totals.refused).toBe(2 * CABBAGE);
    expect(totals.cash).toBeGreaterThan(0);
    expect(totals.momo).toBeGreaterThan(0);
    expect(totals.payCode).toBeGreaterThan(0);
    expect(totals.fees).toBeGreaterThan(0);
    // The re-planned order explains the rest: placed, never collected, waiting for its new window.
    const replanned = seen.filter((order) => order.status !== 'delivered');
    expect(replanned.map((order) => [order.status, order.paymentStatus])).toEqual([['processing', 'pending']]);

    // Each rider's ledger balances to 0 unexplained and agrees with the day's row and its CSV line.
    const csv = (await asStaff('get', '/api/admin/cash/day.csv')).text.trim().split('\r\n');
    const header = csv[0].split(',');
    const csvRow = (name: string) => Object.fromEntries(csv.find((line) => line.startsWith(`${name},`))!.split(',').map((value, index) => [header[index], value]));
    for (const rider of riders) {
      const ledger = await ledgerOf(rider);
      expect(ledger.cash.cashInHand).toBe(0);
      expect(ledger.cash.unexplained).toBe(0);
      const collected = ledger.entries.filter((entry) => entry.kind === 'collected').reduce((sum, entry) => sum + toMinor(entry.amount), 0);
      const handed = ledger.entries.filter((entry) => entry.kind === 'handover').reduce((sum, entry) => sum + toMinor(entry.amount), 0);
      const variance = ledger.entries.reduce((sum, entry) => sum + toMinor(entry.variance), 0);
      expect(collected - handed - variance, `${rider.name}'s cash in hand by the ledger`).toBe(0);
      const row = day.riders.find((listed: { riderId: string }) => listed.riderId === rider.id);
      expect(toMinor(row.cash)).toBe(collected);
      expect(toMinor(row.handedOver)).toBe(handed);
      expect(toMinor(row.variance)).toBe(variance);
      // Shared out balanced by count: each rider carried about a fifth of the day.
      expect(row.delivered).toBeGreaterThan(30);
      const line = csvRow(rider.name);
      expect(toMinor(Number(line['Cash (frw)']))).toBe(collected);
      expect(toMinor(Number(line['Handed over (frw)']))).toBe(handed);
      expect(Number(line['Orders delivered'])).toBe(row.delivered);
      expect(Number(line['Unexplained (frw)'])).toBe(0);
    }
    const all = csvRow('All riders');
    for (const [field, title] of [
      ['expected', 'Expected (frw)'],
      ['cash', 'Cash (frw)'],
      ['momo', 'MoMo (frw)'],
      ['payCode', 'Pay code (frw)'],
      ['fees', 'Fees (frw)'],
      ['refused', 'Refused lines (frw)'],
      ['handedOver', 'Handed over (frw)'],
      ['variance', 'Variance (frw)'],
    ] as const) {
      expect(Number(all[title]), title).toBe(totals[field]);
    }
    expect(toMinor(totals.handedOver) + toMinor(totals.variance)).toBe(toMinor(totals.cash));

    // "Sales today" is what was paid: the 199 delivered orders' money, not the re-planned one's.
    const dashboard = (await asStaff('get', '/api/admin/dashboard')).body.today;
    expect(toMinor(dashboard.sales)).toBe(toMinor(totals.cash) + toMinor(totals.momo) + toMinor(totals.payCode));
    expect(dashboard.awaitingDelivery).toBe(1);

    console.log(
      `rider day: 200 orders placed in ${((placedAt - started) / 1000).toFixed(1)} s, the day done in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `expected ${totals.expected} frw = cash ${totals.cash} + MoMo ${totals.momo} + pay code ${totals.payCode}; fees ${totals.fees}, refused ${totals.refused}, handed over ${totals.handedOver}, variance ${totals.variance} (explained)`,
    );
  });
});
