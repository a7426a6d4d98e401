// Weekly baskets: made from an order or the cart, placed by the shop as an order the
// evening before each delivery, texted, skipped, paused, changed and stopped; exactly one order per
// basket per week, also with two instances and after a restart. The shop's clock is set: 2026-12-07
// is a Monday, so a Tuesday basket is placed at 18:00 on Monday 7 December.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDueBaskets, sendBasketTexts } from '../../server/modules/baskets/basket-jobs.service';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { setShopClock } from '../support/kigali-clock';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let staff: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());

const frw = (amount: number) => `frw ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(amount)}`;

const setProduct = async (productId: string, change: Record<string, unknown>) => {
  const response = await shop.http.put(`/api/admin/products/${productId}`).set(staff.auth).send(change);
  expect(response.status).toBe(200);
};

/** A verified shopper who ordered these lines once, at `when`. */
async function orderedOnce(lines: [string, number][], when = '2026-12-01 09:00') {
  setShopClock(shop.deps, when);
  const shopper = await shop.newVerifiedShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: shopper.user.phoneNumber }));
  for (const [productId, quantity] of lines) await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  return { shopper, order: placed.body.order as { _id: string; amount: number } };
}

/** A verified shopper who ordered these lines at `when`, for delivery in the window `windowId` (e.g. 2026-12-05T10:00). */
async function orderedFor(lines: [string, number][], when: string, windowId: string) {
  setShopClock(shop.deps, when);
  const shopper = await shop.newVerifiedShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: shopper.user.phoneNumber }));
  for (const [productId, quantity] of lines) await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash', deliveryWindowId: windowId });
  expect(placed.status).toBe(201);
  return { shopper, addressId: created.body.address._id as string, order: placed.body.order as { _id: string; amount: number } };
}

const makeBasket = (shopper: Shopper, body: Record<string, unknown>) => shop.http.post('/api/baskets').set(shopper.auth).send(body);
const basketsOf = async (shopper: Shopper) => (await shop.http.get('/api/baskets').set(shopper.auth)).body.baskets;
const basketOrders = (basketId: string) => shop.deps.db.selectFrom('orders').select(['id', 'status', 'basket_week', 'delivery_window_start', 'amount_minor', 'channel']).where('basket_id', '=', basketId).orderBy('created_at').execute();
const textsTo = async (phone: string) => {
  await sendBasketTexts(shop.deps);
  return (await shop.deps.db.selectFrom('outbox').select(['body', 'kind']).where('recipient', '=', phone).where('kind', '=', 'basket').orderBy('id').execute()).map((row) => row.body);
};

describe('making and reading weekly baskets', () => {
  it('makes one from an order: a weekday and a window start, the next delivery and when it comes', async () => {
    const { shopper, order } = await orderedOnce([['tomatoes', 2], ['carrots', 3]]);
    const made = await makeBasket(shopper, { fromOrderId: order._id, weekday: 2, windowStart: '08:00' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      message: 'Your weekly basket comes Tuesdays 08:00–10:00',
      basket: {
        weekday: 2,
        windowStart: '08:00',
        label: 'Tuesdays 08:00–10:00',
        paused: false,
        // Made on Tuesday 1 December at 09:00: today's 08:00 has passed, so next week's.
        nextDelivery: { date: '2026-12-08', start: '2026-12-08T08:00:00+02:00', end: '2026-12-08T10:00:00+02:00', label: 'Tue 8 Dec 08:00–10:00', skipped: false, orderId: null },
        lines: [
          { productId: 'tomatoes', productName: 'Tomatoes', quantity: 2, unit: 'kg', price: 800, forSale: true },
          { productId: 'carrots', productName: 'Carrots', quantity: 3, unit: 'kg', price: 600, forSale: true },
        ],
        total: order.amount,
        paymentType: 'cash',
        address: { description: 'Home', street: 'KN 5 Rd 12', district: 'Nyarugenge' },
      },
    });
    expect(await basketsOf(shopper)).toEqual([made.body.basket]);
  });

  it('makes one from the cart, and refuses a day the shop does not deliver, a time that is not a window, an empty cart', async () => {
    setShopClock(shop.deps, '2026-12-01 09:00');
    const shopper = await shop.newShopper();
    await shop.http.post('/api/address/create').set(shopper.auth).send(address());
    expectErrorShape(await makeBasket(shopper, { fromCart: true, weekday: 5, windowStart: '10:00' }), 400, 'There is nothing to make a weekly basket of: your cart is empty');
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const wrongTime = await makeBasket(shopper, { fromCart: true, weekday: 5, windowStart: '09:00' });
    expectErrorShape(wrongTime, 400, 'Choose one of the delivery times: 08:00, 10:00, 12:00, 14:00, 16:00, 18:00');
    expect(wrongTime.body.errors).toEqual([{ msg: wrongTime.body.message, param: 'windowStart' }]);
    expect((await makeBasket(shopper, { fromCart: true, weekday: 8, windowStart: '10:00' })).body.errors).toContainEqual({ param: 'weekday', msg: 'Choose a weekday: 1 (Monday) to 7 (Sunday)' });
    expectErrorShape(await makeBasket(shopper, { weekday: 5, windowStart: '10:00' }), 400, 'Make the basket from one of your orders (fromOrderId) or from your cart (fromCart: true)');
    const made = await makeBasket(shopper, { fromCart: true, weekday: 5, windowStart: '10:00' });
    expect(made.status).toBe(201);
    expect(made.body.basket.nextDelivery.date).toBe('2026-12-04');
    // The cart is the shopper's still.
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products).toHaveLength(1);
  });

  it("is each shopper's own: another's order, basket or change is a 404", async () => {
    const { shopper, order } = await orderedOnce([['garlic', 1]]);
    const other = await shop.newShopper();
    expectErrorShape(await makeBasket(other, { fromOrderId: order._id, weekday: 3, windowStart: '12:00' }), 404, 'Order not found');
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 3, windowStart: '12:00' })).body;
    expect(await basketsOf(other)).toEqual([]);
    expectErrorShape(await shop.http.put(`/api/baskets/${basket._id}`).set(other.auth).send({ paused: true }), 404, 'Weekly basket not found');
    expectErrorShape(await shop.http.delete(`/api/baskets/${basket._id}`).set(other.auth), 404, 'Weekly basket not found');
    expect((await basketsOf(shopper))[0].paused).toBe(false);
    expect((await shop.http.get('/api/baskets')).status).toBe(401);
  });
});

describe('the shop places it each week', () => {
  it('places it at 18:00 the evening before, texts the shopper, and again the week after', async () => {
    const { shopper, order } = await orderedOnce([['tomatoes', 2], ['carrots', 3]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 2, windowStart: '08:00' })).body;
    setShopClock(shop.deps, '2026-12-07 17:59');
    await placeDueBaskets(shop.deps);
    expect(await basketOrders(basket._id)).toEqual([]);

    setShopClock(shop.deps, '2026-12-07 18:00');
    await placeDueBaskets(shop.deps);
    const [placed] = await basketOrders(basket._id);
    expect(placed).toMatchObject({ status: 'pending', basket_week: '2026-12-07', amount_minor: order.amount * 100, channel: 'basket' });
    expect(new Date(placed.delivery_window_start!).toISOString()).toBe('2026-12-08T06:00:00.000Z');
    expect(await textsTo(shopper.user.phoneNumber!)).toEqual([`Isoko: Tomorrow 08:00-10:00: your weekly basket, ${frw(order.amount)}. To skip it, dial *384*4766#`]);
    // The shopper sees it coming, as an order of theirs.
    const [seen] = await basketsOf(shopper);
    expect(seen.nextDelivery).toMatchObject({ date: '2026-12-08', label: 'Tomorrow 08:00–10:00', orderId: placed.id });

    setShopClock(shop.deps, '2026-12-14 18:00');
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(basket._id)).map((one) => one.basket_week)).toEqual(['2026-12-07', '2026-12-14']);
  });

  it('leaves out a line that is out of stock that week and names it in the text', async () => {
    const { shopper, order } = await orderedOnce([['avocados', 2], ['lemons', 1]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 3, windowStart: '10:00' })).body;
    await setProduct('avocados', { inStock: false });
    try {
      // Made on Tuesday morning for Wednesdays: tomorrow's, placed this evening.
      setShopClock(shop.deps, '2026-12-01 18:00');
      await placeDueBaskets(shop.deps);
      const [placed] = await basketOrders(basket._id);
      const lines = await shop.deps.db.selectFrom('order_lines').select(['product_id', 'quantity']).where('order_id', '=', placed.id).execute();
      expect(lines).toEqual([{ product_id: 'lemons', quantity: 1 }]);
      expect(await textsTo(shopper.user.phoneNumber!)).toEqual([
        `Isoko: Tomorrow 10:00-12:00: your weekly basket, ${frw(placed.amount_minor / 100)}. Left out: Avocados (out of stock). To skip it, dial *384*4766#`,
      ]);
    } finally {
      await setProduct('avocados', { inStock: true });
    }
  });

  it('a skipped week places nothing and texts nothing; the week after comes as usual', async () => {
    const { shopper, order } = await orderedOnce([['cabbage', 1]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 4, windowStart: '12:00' })).body;
    const skipped = await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ skipNext: true });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ message: 'The next delivery is skipped', basket: { nextDelivery: { date: '2026-12-03', skipped: true } } });
    setShopClock(shop.deps, '2026-12-02 18:00');
    await placeDueBaskets(shop.deps);
    expect(await basketOrders(basket._id)).toEqual([]);
    expect(await textsTo(shopper.user.phoneNumber!)).toEqual([]);
    expect((await basketsOf(shopper))[0].nextDelivery).toMatchObject({ date: '2026-12-10', skipped: false });
    setShopClock(shop.deps, '2026-12-09 18:00');
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(basket._id)).map((one) => one.basket_week)).toEqual(['2026-12-07']);
  });

  it('skipping once it is placed cancels that pending order; it cannot come back, and next week comes', async () => {
    const { shopper, order } = await orderedOnce([['spinach', 2]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 5, windowStart: '14:00' })).body;
    setShopClock(shop.deps, '2026-12-03 18:05');
    await placeDueBaskets(shop.deps);
    const [placed] = await basketOrders(basket._id);
    expect((await basketsOf(shopper))[0].nextDelivery).toMatchObject({ date: '2026-12-04', orderId: placed.id });
    const skipped = await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ skipNext: true });
    expect(skipped.status).toBe(200);
    const [cancelled] = await basketOrders(basket._id);
    expect(cancelled.status).toBe('cancelled');
    expect(skipped.body.basket.nextDelivery).toMatchObject({ date: '2026-12-11', orderId: null, skipped: false });
    expectErrorShape(await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ skipNext: false }), 409, /cannot come back/);
    const history = await shop.deps.db.selectFrom('order_history').select(['to_value', 'note', 'staff_name']).where('order_id', '=', cancelled.id).execute();
    expect(history).toEqual([{ to_value: 'cancelled', note: 'Weekly basket skipped by the shopper', staff_name: 'The shopper' }]);
  });

  it('after a restart on the day, places it while its window is still ahead; too late, skips the week and tells the shopper', async () => {
    const early = await orderedOnce([['tomatoes', 1]]);
    const late = await orderedOnce([['carrots', 1]]);
    const onTime = (await makeBasket(early.shopper, { fromOrderId: early.order._id, weekday: 6, windowStart: '12:00' })).body.basket;
    const tooLate = (await makeBasket(late.shopper, { fromOrderId: late.order._id, weekday: 6, windowStart: '10:00' })).body.basket;
    // Down from Friday afternoon to Saturday 09:30: both were due at 18:00 on Friday.
    setShopClock(shop.deps, '2026-12-05 09:30');
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(onTime._id)).map((one) => one.basket_week)).toEqual(['2026-11-30']);
    expect(await basketOrders(tooLate._id)).toEqual([]);
    expect(await textsTo(early.shopper.user.phoneNumber!)).toEqual([expect.stringMatching(/^Isoko: Today 12:00-14:00: your weekly basket, /)]);
    expect(await textsTo(late.shopper.user.phoneNumber!)).toEqual([
      'Isoko: your weekly basket for Today 10:00-12:00 could not be placed in time, so it is skipped this week. It comes again Sat 12 Dec 10:00-12:00.',
    ]);
    expect((await basketsOf(late.shopper))[0].nextDelivery.date).toBe('2026-12-12');
  });

  it('places one order per basket per week with two instances at once, and the database refuses a second', async () => {
    const { shopper, order } = await orderedOnce([['garlic', 2]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 1, windowStart: '16:00' })).body;
    setShopClock(shop.deps, '2026-12-06 18:00');
    const other = { ...shop.deps };
    const handled = await Promise.all([placeDueBaskets(shop.deps), placeDueBaskets(other), placeDueBaskets(shop.deps)]);
    expect(handled.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    const orders = await basketOrders(basket._id);
    expect(orders).toHaveLength(1);
    const runs = await shop.deps.db.selectFrom('basket_runs').select(['week', 'outcome']).where('basket_id', '=', basket._id).execute();
    expect(runs).toEqual([{ week: '2026-12-07', outcome: 'placed' }]);
    // Whatever the claims: the unique index refuses a second order for that basket and week.
    const copy = await shop.deps.db.selectFrom('orders').selectAll().where('id', '=', orders[0].id).executeTakeFirstOrThrow();
    await expect(
      shop.deps.db
        .insertInto('orders')
        .values({ ...copy, id: `${copy.id.slice(0, -4)}dupe`, invoice_number: `${copy.invoice_number}-2`, idempotency_key: null, address: JSON.stringify(copy.address) })
        .execute(),
    ).rejects.toThrow(/orders_one_per_basket_week|duplicate key/);
  });

  it('a paused basket is not placed; taken up again it counts from now', async () => {
    const { shopper, order } = await orderedOnce([['lemons', 2]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 2, windowStart: '16:00' })).body;
    expect((await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ paused: true })).body).toMatchObject({ message: 'Your weekly basket is paused', basket: { paused: true, nextDelivery: null } });
    setShopClock(shop.deps, '2026-12-21 19:00');
    await placeDueBaskets(shop.deps);
    expect(await basketOrders(basket._id)).toEqual([]);
    const resumed = await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ paused: false });
    // Monday evening: tomorrow's 16:00 window is still ahead, so tomorrow it is.
    expect(resumed.body.basket.nextDelivery).toMatchObject({ date: '2026-12-22', label: 'Tomorrow 16:00–18:00' });
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(basket._id)).map((one) => one.basket_week)).toEqual(['2026-12-21']);
  });

  it('changing the day moves the next delivery; a week already delivered is not delivered twice', async () => {
    const { shopper, order } = await orderedOnce([['pineapples', 1]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 4, windowStart: '10:00' })).body;
    setShopClock(shop.deps, '2026-12-02 18:00');
    await placeDueBaskets(shop.deps);
    setShopClock(shop.deps, '2026-12-03 12:00');
    const moved = await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ weekday: 5, windowStart: '12:00' });
    expect(moved.status).toBe(200);
    // Today's order (placed last evening) is still the coming delivery; Friday would be a second one
    // this week, so the next the shop places is the Friday after.
    expect(moved.body.basket).toMatchObject({ label: 'Fridays 12:00–14:00', nextDelivery: { date: '2026-12-03', label: 'Today 10:00–12:00' } });
    const row = await shop.deps.db.selectFrom('baskets').select('next_delivery').where('id', '=', basket._id).executeTakeFirstOrThrow();
    expect(row.next_delivery).toBe('2026-12-11');
    setShopClock(shop.deps, '2026-12-10 18:00');
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(basket._id)).map((one) => one.basket_week)).toEqual(['2026-11-30', '2026-12-07']);
  });

  it('stopped, it is placed no more', async () => {
    const { shopper, order } = await orderedOnce([['mangoes', 1]]);
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 3, windowStart: '18:00' })).body;
    const stopped = await shop.http.delete(`/api/baskets/${basket._id}`).set(shopper.auth);
    expect(stopped.body).toEqual({ success: true, message: 'Your weekly basket is stopped' });
    setShopClock(shop.deps, '2026-12-08 18:00');
    await placeDueBaskets(shop.deps);
    expect(await basketOrders(basket._id)).toEqual([]);
    expect(await basketsOf(shopper)).toEqual([]);
  });
});

describe('one weekly basket per order and week', () => {
  const number = (orderId: string) => orderId.slice(-8).toUpperCase();

  it("made on the very window of the order it comes from, the order is that week's basket: it starts the week after", async () => {
    // Friday afternoon: the order comes tomorrow, Saturday 10:00-12:00; the basket asks for Saturdays 10:00.
    const { shopper, order } = await orderedFor([['tomatoes', 2]], '2026-12-04 15:00', '2026-12-05T10:00');
    const made = await makeBasket(shopper, { fromOrderId: order._id, weekday: 6, windowStart: '10:00' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(`Your weekly basket comes Saturdays 10:00–12:00, from Sat 12 Dec 10:00–12:00: order #${number(order._id)} already brings it Tomorrow 10:00–12:00`);
    expect(made.body.basket).toMatchObject({
      fromOrderId: order._id,
      nextDelivery: { date: '2026-12-12', label: 'Sat 12 Dec 10:00–12:00', orderId: null, skipped: false },
      coveredBy: { orderId: order._id, orderNumber: number(order._id), label: 'Tomorrow 10:00–12:00' },
    });
    // Friday 18:00 places nothing for tomorrow: the order already brings it. The Saturday after, it comes.
    setShopClock(shop.deps, '2026-12-04 18:00');
    await placeDueBaskets(shop.deps);
    expect(await basketOrders(made.body.basket._id)).toEqual([]);
    setShopClock(shop.deps, '2026-12-11 18:00');
    await placeDueBaskets(shop.deps);
    expect((await basketOrders(made.body.basket._id)).map((one) => one.basket_week)).toEqual(['2026-12-07']);
  });

  it('pressing "Deliver every week" again on the same order is refused, naming the basket it already has', async () => {
    const { shopper, order } = await orderedFor([['carrots', 1]], '2026-12-04 15:00', '2026-12-05T10:00');
    const first = await makeBasket(shopper, { fromOrderId: order._id, weekday: 6, windowStart: '10:00' });
    expect(first.status).toBe(201);
    for (const again of [{ weekday: 6, windowStart: '10:00' }, { weekday: 3, windowStart: '16:00' }]) {
      const second = await makeBasket(shopper, { fromOrderId: order._id, ...again });
      expectErrorShape(second, 409, `Order #${number(order._id)} is delivered every week already: your weekly basket Saturdays 10:00–12:00. Change or stop it from your profile`);
      expect(second.body).toMatchObject({ error: 'basket_exists', basketId: first.body.basket._id });
    }
    expect(await basketsOf(shopper)).toHaveLength(1);
    // Nor from an order that basket placed: the same groceries again.
    setShopClock(shop.deps, '2026-12-11 18:00');
    await placeDueBaskets(shop.deps);
    const [weekly] = await basketOrders(first.body.basket._id);
    expectErrorShape(await makeBasket(shopper, { fromOrderId: weekly.id, weekday: 2, windowStart: '08:00' }), 409, /is delivered every week already: your weekly basket Saturdays 10:00–12:00/);
  });

  it('two double-clicks at once make one basket', async () => {
    const { shopper, order } = await orderedFor([['garlic', 1]], '2026-12-04 15:00', '2026-12-05T12:00');
    const both = await Promise.all([makeBasket(shopper, { fromOrderId: order._id, weekday: 1, windowStart: '08:00' }), makeBasket(shopper, { fromOrderId: order._id, weekday: 1, windowStart: '08:00' })]);
    expect(both.map((one) => one.status).sort()).toEqual([201, 409]);
    expect(await basketsOf(shopper)).toHaveLength(1);
  });

  it('an order with the same products in that window covers the first week; other products do not', async () => {
    const { shopper, addressId, order } = await orderedFor([['lemons', 3]], '2026-12-04 15:00', '2026-12-05T14:00');
    // From the cart, the same lemons for Saturdays 14:00: that Saturday's order already brings them.
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'lemons', quantity: 3 });
    const same = await makeBasket(shopper, { fromCart: true, weekday: 6, windowStart: '14:00' });
    expect(same.body.basket).toMatchObject({ nextDelivery: { date: '2026-12-12' }, coveredBy: { orderId: order._id } });
    // A second basket of the same lemons at the same time would bring them twice each week.
    expectErrorShape(await makeBasket(shopper, { fromCart: true, weekday: 6, windowStart: '14:00' }), 409, 'Your weekly basket Saturdays 14:00–16:00 brings the same products at that time already');
    // Other products at that time are another basket, from tomorrow.
    await shop.http.delete('/api/cart/clear').set(shopper.auth);
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'mangoes', quantity: 1 });
    const other = await makeBasket(shopper, { fromCart: true, weekday: 6, windowStart: '14:00', addressId });
    expect(other.status).toBe(201);
    expect(other.body.basket).toMatchObject({ nextDelivery: { date: '2026-12-05', label: 'Tomorrow 14:00–16:00' }, coveredBy: null });
  });

  it('moved onto the window its order comes in, that week is the order\'s', async () => {
    const { shopper, order } = await orderedFor([['ginger', 1]], '2026-12-04 15:00', '2026-12-05T16:00');
    const made = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 2, windowStart: '08:00' })).body.basket;
    expect(made.coveredBy).toBeNull();
    const moved = await shop.http.put(`/api/baskets/${made._id}`).set(shopper.auth).send({ weekday: 6, windowStart: '16:00' });
    expect(moved.body.basket).toMatchObject({ nextDelivery: { date: '2026-12-12' }, coveredBy: { orderId: order._id, label: 'Tomorrow 16:00–18:00' } });
  });
});

describe("staff see the coming week's baskets", () => {
  it('lists each basket with a delivery in the next 7 days: placed, to place or skipped', async () => {
    const { shopper, order } = await orderedOnce([['ginger', 1]], '2027-02-01 09:00');
    const { basket } = (await makeBasket(shopper, { fromOrderId: order._id, weekday: 4, windowStart: '08:00' })).body;
    setShopClock(shop.deps, '2027-02-02 10:00');
    const listed = await shop.http.get('/api/admin/baskets').set(staff.auth);
    expect(listed.status).toBe(200);
    const mine = listed.body.baskets.find((one: { _id: string }) => one._id === basket._id);
    expect(mine).toMatchObject({ state: 'to place', placesAt: '2027-02-03T16:00:00.000Z', customer: { fullName: 'Test Shopper' }, nextDelivery: { date: '2027-02-04' } });
    expect((await shop.http.get('/api/admin/baskets').set(shopper.auth)).status).toBe(403);
  });
});
