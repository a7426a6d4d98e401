// Weekly baskets and stock: when the baskets due for one delivery day want more of a product than is
// left, the job shares it among them in proportion (whole units), places what it can, and each
// shopper's text names what was cut and by how much. Runs and instances do not change the shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDueBaskets, sendBasketTexts } from '../../server/modules/baskets/basket-jobs.service';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { setShopClock } from '../support/kigali-clock';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address } from './expectations';

let shop: TestShop;
let staff: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());

let made = 0;
async function countedProduct(onHand: number): Promise<{ _id: string; productname: string }> {
  const created = await shop.http
    .post('/api/admin/products')
    .set(staff.auth)
    .send({ productname: `Basket eggs ${++made}`, productUnit: 'tray', price: 1000, categoryId: 'dairy-eggs', image: '/images/products/eggs-tray.svg' });
  await shop.http.post(`/api/admin/products/${created.body.product._id}/stock`).set(staff.auth).send({ change: onHand, reason: 'received' });
  return created.body.product;
}

const setStock = (productId: string, change: number) => shop.http.post(`/api/admin/products/${productId}/stock`).set(staff.auth).send({ change, reason: 'adjusted' });

/** A verified shopper with a basket for Tuesdays 10:00 made of these lines (ordered once on Wednesday 2 December). */
async function basketOf(lines: [string, number][]) {
  setShopClock(shop.deps, '2026-12-02 09:00');
  const shopper = await shop.newVerifiedShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: shopper.user.phoneNumber }));
  for (const [productId, quantity] of lines) expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity })).status).toBe(200);
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  const basket = await shop.http.post('/api/baskets').set(shopper.auth).send({ fromOrderId: placed.body.order._id, weekday: 2, windowStart: '10:00' });
  expect(basket.status).toBe(201);
  return { shopper, basketId: basket.body.basket._id as string };
}

async function orderedOf(basketId: string) {
  const order = await shop.deps.db.selectFrom('orders').select('id').where('basket_id', '=', basketId).executeTakeFirst();
  if (!order) return undefined;
  const lines = await shop.deps.db.selectFrom('order_lines').select(['product_id', 'quantity']).where('order_id', '=', order.id).orderBy('position').execute();
  return Object.fromEntries(lines.map((line) => [line.product_id, line.quantity]));
}

async function textTo(phone: string) {
  await sendBasketTexts(shop.deps);
  const row = await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', phone).where('kind', '=', 'basket').orderBy('id', 'desc').executeTakeFirst();
  return row?.body ?? '';
}

describe('a product short on the day', () => {
  it('is shared in proportion among that day’s baskets, and each text names what was cut', async () => {
    const eggs = await countedProduct(100);
    const [big, also, small] = [await basketOf([[eggs._id, 4], ['tomatoes', 1]]), await basketOf([[eggs._id, 4]]), await basketOf([[eggs._id, 2]])];
    // The orders the baskets were made from hold 10 trays; 5 are left free for the day.
    const level = await shop.deps.db.selectFrom('stock_levels').select(['on_hand', 'reserved']).where('product_id', '=', eggs._id).executeTakeFirstOrThrow();
    await setStock(eggs._id, 5 - (Number(level.on_hand) - Number(level.reserved)));
    setShopClock(shop.deps, '2026-12-07 18:00');
    // One basket a run, as a busy job would: the shares do not depend on who runs first.
    while ((await placeDueBaskets(shop.deps, { limit: 1 })) > 0);
    expect(await orderedOf(big.basketId)).toEqual({ [eggs._id]: 2, tomatoes: 1 });
    expect(await orderedOf(also.basketId)).toEqual({ [eggs._id]: 2 });
    expect(await orderedOf(small.basketId)).toEqual({ [eggs._id]: 1 });
    expect(await textTo(big.shopper.user.phoneNumber!)).toMatch(
      new RegExp(`^Isoko: Tomorrow 10:00-12:00: your weekly basket, frw 2,800\\.00\\. Less this week, as stock was short and shared among baskets: ${eggs.productname} 2 of 4 trays\\. To skip it, dial`),
    );
    expect(await textTo(small.shopper.user.phoneNumber!)).toContain(`${eggs.productname} 1 of 2 trays.`);
    const after = await shop.deps.db.selectFrom('stock_levels').select(['on_hand', 'reserved']).where('product_id', '=', eggs._id).executeTakeFirstOrThrow();
    expect(Number(after.on_hand) - Number(after.reserved)).toBe(0);
  });

  it('leaves a basket whose share is nothing without the product, named as out of stock, and places the rest', async () => {
    const eggs = await countedProduct(100);
    const first = await basketOf([[eggs._id, 3], ['carrots', 1]]);
    const second = await basketOf([[eggs._id, 3], ['carrots', 1]]);
    const level = await shop.deps.db.selectFrom('stock_levels').select(['on_hand', 'reserved']).where('product_id', '=', eggs._id).executeTakeFirstOrThrow();
    await setStock(eggs._id, 1 - (Number(level.on_hand) - Number(level.reserved)));
    setShopClock(shop.deps, '2026-12-07 18:00');
    while ((await placeDueBaskets(shop.deps, { limit: 5 })) > 0);
    const got = [await orderedOf(first.basketId), await orderedOf(second.basketId)];
    // One tray for two equal baskets: one gets it (the same one whichever ran first), the other is placed without.
    expect(got.map((lines) => lines?.[eggs._id] ?? 0).sort()).toEqual([0, 1]);
    expect(got.every((lines) => lines?.carrots === 1)).toBe(true);
    const without = got[0]?.[eggs._id] ? second : first;
    expect(await textTo(without.shopper.user.phoneNumber!)).toContain(`Left out: ${eggs.productname} (out of stock).`);
  });

  it('when there is enough, every basket gets all it wants and no text speaks of sharing', async () => {
    const eggs = await countedProduct(100);
    const one = await basketOf([[eggs._id, 2]]);
    setShopClock(shop.deps, '2026-12-07 18:00');
    while ((await placeDueBaskets(shop.deps, { limit: 5 })) > 0);
    expect(await orderedOf(one.basketId)).toEqual({ [eggs._id]: 2 });
    expect(await textTo(one.shopper.user.phoneNumber!)).not.toContain('shared');
  });
});
