// A weekly basket made from an order paid by MoMo request-to-pay: each week's
// order is a MoMo order too, and MTN is asked for it once, after the order is placed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { placeDueBaskets } from '../../server/modules/baskets/basket-jobs.service';
import { startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';
import { setShopClock } from '../support/kigali-clock';
import { createTestShop, type TestShop } from '../support/test-app';
import { address } from './expectations';

let shop: TestShop;
let fake: FakeMomo;

beforeAll(async () => {
  fake = await startFakeMomoCollections({ callbackHost: 'isoko.test', deliverCallback: (url, init) => shop.app.request(new URL(url).pathname, init) });
  shop = await createTestShop({ ...fake.environment() });
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
