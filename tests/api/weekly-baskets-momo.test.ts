// A weekly basket made from an order paid by MoMo request-to-pay: each week's
// order is a MoMo order too, and MTN is asked for it once, after the order is placed. The number MTN
// asks is the basket's own, checked when it is made or changed; a week that cannot be placed anyway
// is recorded with why, texted and shown to staff at once, and not tried again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { placeDueBaskets } from '../../server/modules/baskets/basket-jobs.service';
import { MOMO_NUMBER_MESSAGE as PAYER_PHONE_MESSAGE } from '../../server/modules/orders/orders.schema';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';
import { setShopClock } from '../support/kigali-clock';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let fake: FakeMomo;
let staff: Shopper;

beforeAll(async () => {
  fake = await startFakeMomoCollections({ callbackHost: 'isoko.test', deliverCallback: (url, init) => shop.app.request(new URL(url).pathname, init) });
  shop = await createTestShop({ ...fake.environment() });
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

it("places a MoMo order for a basket made from a MoMo order, and asks MTN for that week's payment once", async () => {
  setShopClock(shop.deps, '2026-12-01 09:00');
  const shopper = await shop.newShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: '0788555111' }));
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 2 });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'momo' });
  expect(placed.status).toBe(201);
  const made = await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: placed.body.order._id, weekday: 3, windowStart: '10:00' });
  expect(made.body.basket.paymentType).toBe('momo');

  setShopClock(shop.deps, '2026-12-01 18:00');
  await placeDueBaskets(shop.deps);
  await placeDueBaskets(shop.deps);
  await backgroundSettled(shop.deps);
  const [weekly] = await shop.deps.db.selectFrom('orders').select(['id', 'payment_type', 'amount_minor']).where('basket_id', '=', made.body.basket._id).execute();
  expect(weekly).toMatchObject({ payment_type: 'momo', amount_minor: 160_000 });
  const asked = fake.requests.filter((request) => request.body.externalId === weekly.id);
  expect(asked).toHaveLength(1);
  expect(asked[0].body).toMatchObject({ amount: '1600', payer: { partyId: '250788555111' } });
  // While MTN may still charge it, the week cannot be skipped (its order is not cancelled).
  const skip = await shop.http.put(`/api/baskets/${made.body.basket._id}`).set(shopper.auth).send({ skipNext: true });
  expect(skip.status).toBe(409);
  expect(skip.body.message).toBe("This week's basket is already being prepared or paid: it can no longer be skipped. Call us to change it");
  const after = await shop.deps.db.selectFrom('orders').select('status').where('id', '=', weekly.id).executeTakeFirstOrThrow();
  expect(after.status).toBe('pending');
});

/** A Kigali landline: a delivery phone MTN MoMo cannot ask to pay. */
const LANDLINE = '0252123456';

/** A verified shopper's MoMo order delivered to a landline, paid from `payer`, at 09:00 on Tuesday 1 December. */
async function momoOrderToLandline(payer: string) {
  setShopClock(shop.deps, '2026-12-01 09:00');
  const shopper = await shop.newVerifiedShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: LANDLINE }));
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'momo', payerPhone: payer });
  expect(placed.status).toBe(201);
  return { shopper, order: placed.body.order as { _id: string }, addressId: created.body.address._id as string };
}

const basketTexts = async (phone: string) => (await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', phone).where('kind', '=', 'basket').execute()).map((row) => row.body);

describe("a MoMo basket's number", () => {
  it("is the order's MoMo number, not its delivery phone: the week's order asks that number", async () => {
    const { shopper, order } = await momoOrderToLandline('0788555222');
    const made = await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: order._id, weekday: 3, windowStart: '12:00' });
    expect(made.status).toBe(201);
    expect(made.body.basket).toMatchObject({ paymentType: 'momo', payerPhone: '+250788555222' });
    setShopClock(shop.deps, '2026-12-01 18:00');
    await placeDueBaskets(shop.deps);
    await backgroundSettled(shop.deps);
    const [weekly] = await shop.deps.db.selectFrom('orders').select(['id', 'momo_payer_phone']).where('basket_id', '=', made.body.basket._id).execute();
    expect(weekly.momo_payer_phone).toBe('+250788555222');
    expect(fake.requests.filter((request) => request.body.externalId === weekly.id).map((request) => request.body.payer.partyId)).toEqual(['250788555222']);
  });

  it('is checked when the basket is made and changed, by the orders\' rule and message', async () => {
    const { shopper, order, addressId } = await momoOrderToLandline('0788555333');
    const refused = await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: order._id, weekday: 3, windowStart: '12:00', payerPhone: '0252999888' });
    expectErrorShape(refused, 400, PAYER_PHONE_MESSAGE);
    expect(refused.body.errors).toEqual([{ msg: PAYER_PHONE_MESSAGE, param: 'payerPhone' }]);
    const { basket } = (await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: order._id, weekday: 3, windowStart: '12:00' })).body;
    expectErrorShape(await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ payerPhone: '+256772123456' }), 400, PAYER_PHONE_MESSAGE);
    const changed = await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ payerPhone: '0788 555 444' });
    expect(changed.status).toBe(200);
    expect(changed.body.basket.payerPhone).toBe('+250788555444');
    // Moving it to another address keeps the number it has.
    expect((await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ addressId })).body.basket.payerPhone).toBe('+250788555444');
    // A cash basket has no MoMo number to change.
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'carrots', quantity: 1 });
    const cash = (await shop.http.post('/api/baskets').set(shopper.auth).send({ fromCart: true, weekday: 4, windowStart: '12:00' })).body.basket;
    expect(cash).toMatchObject({ paymentType: 'cash', payerPhone: null });
    expectErrorShape(await shop.http.put(`/api/baskets/${cash._id}`).set(shopper.auth).send({ payerPhone: '0788555444' }), 400, 'This weekly basket is paid in cash on delivery: it has no MoMo number to change');
  });
});

describe('a week that cannot be placed', () => {
  it('is recorded once with why: the shopper is texted and staff see it at once, and it is not tried again', async () => {
    const { shopper, order } = await momoOrderToLandline('0788555666');
    const { basket } = (await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: order._id, weekday: 3, windowStart: '12:00' })).body;
    // Made before baskets kept their number: the week asks the address's phone, a landline.
    await shop.deps.db.updateTable('baskets').set({ payer_phone: null }).where('id', '=', basket._id).execute();
    const clock = setShopClock(shop.deps, '2026-12-01 18:00');
    await placeDueBaskets(shop.deps);
    const runs = () => shop.deps.db.selectFrom('basket_runs').select(['week', 'outcome', 'reason', 'order_id']).where('basket_id', '=', basket._id).execute();
    expect(await runs()).toEqual([{ week: '2026-11-30', outcome: 'no_payer', reason: PAYER_PHONE_MESSAGE, order_id: null }]);
    // Texted in the same run, not at the texts job's next turn.
    expect(await basketTexts(shopper.user.phoneNumber!)).toEqual([
      'Isoko: your weekly basket for Tomorrow 12:00-14:00 is skipped: MTN MoMo cannot ask 0252123456 to pay. Set its MoMo number on the website before Wed 9 Dec 12:00-14:00.',
    ]);
    const listed = (await shop.http.get('/api/admin/baskets').set(staff.auth)).body.baskets.find((one: { _id: string }) => one._id === basket._id);
    expect(listed).toMatchObject({ state: 'not placed', problem: PAYER_PHONE_MESSAGE, nextDelivery: { date: '2026-12-02', label: 'Tomorrow 12:00–14:00' }, orderNumber: null, placesAt: null });
    // Runs after the claim would have run out place nothing and text nothing more.
    for (const later of ['2026-12-01 18:03', '2026-12-01 18:06', '2026-12-01 20:00']) {
      clock(later);
      await placeDueBaskets(shop.deps);
    }
    expect(await runs()).toHaveLength(1);
    expect(await basketTexts(shopper.user.phoneNumber!)).toHaveLength(1);
    expect(await shop.deps.db.selectFrom('orders').select('id').where('basket_id', '=', basket._id).execute()).toEqual([]);
    // Given a number MTN can ask, next week's comes.
    await shop.http.put(`/api/baskets/${basket._id}`).set(shopper.auth).send({ payerPhone: '0788555666' });
    clock('2026-12-08 18:00');
    await placeDueBaskets(shop.deps);
    expect((await runs()).map((run) => run.outcome).sort()).toEqual(['no_payer', 'placed']);
  });
});
