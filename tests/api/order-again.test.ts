// "Order again": POST /api/order/{id}/reorder puts an earlier order's lines in the cart at
// today's prices, naming what cannot be sold today; the USSD home screen offers the last basket and
// places it in three inputs (dial, 7, Confirm) without touching the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newSession } from '../../server/conversation/engine';
import type { Session } from '../../server/conversation/types';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { setShopClock } from '../support/kigali-clock';
import { playUssd } from '../support/play-ussd';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let staff: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
  setShopClock(shop.deps, '2026-12-01 09:00');
});
afterAll(async () => shop.close());

const setProduct = async (productId: string, change: Record<string, unknown>) => {
  const response = await shop.http.put(`/api/admin/products/${productId}`).set(staff.auth).send(change);
  expect(response.status).toBe(200);
  return response.body.product as { price: number; offerPrice: number | null };
};

/** A shopper who ordered these lines an hour ago (not minutes: no warning of a repeat), their cart empty again. */
async function shopperWithOrder(lines: [string, number][], verified = false) {
  const shopper = verified ? await shop.newVerifiedShopper() : await shop.newShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
  for (const [productId, quantity] of lines) await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  await shop.deps.db.updateTable('orders').set({ created_at: sql`created_at - interval '1 hour'` }).where('id', '=', placed.body.order._id).execute();
  return { shopper, order: placed.body.order as { _id: string; amount: number } };
}

const frw = (amount: number) => `frw ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(amount)}`;
const cartOf = async (shopper: Shopper) => (await shop.http.get('/api/cart').set(shopper.auth)).body.cart;

describe('POST /api/order/{id}/reorder', () => {
  it("adds the order's lines to what the cart holds, at today's prices", async () => {
    const { shopper, order } = await shopperWithOrder([['carrots', 3], ['cabbage', 2]]);
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'carrots', quantity: 1 });
    const before = await setProduct('cabbage', { offerPrice: 300 });
    try {
      const response = await shop.http.post(`/api/order/${order._id}/reorder`).set(shopper.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, message: 'Added to your cart', skipped: [] });
      const lines = response.body.cart.products.map((line: { productId: { _id: string }; quantity: number; price: number }) => [line.productId._id, line.quantity, line.price]);
      expect(lines).toEqual([
        ['carrots', 4, 600],
        ['cabbage', 2, 300],
      ]);
      expect((await cartOf(shopper)).totalPrice).toBe(4 * 600 + 2 * 300);
    } finally {
      await setProduct('cabbage', { offerPrice: before.offerPrice });
    }
  });

  it('finds the order by the 8-character number too; another shopper\'s order is a 404 and their cart is untouched', async () => {
    const { shopper, order } = await shopperWithOrder([['tomatoes', 1]]);
    const byNumber = await shop.http.post(`/api/order/${order._id.slice(-8).toLowerCase()}/reorder`).set(shopper.auth);
    expect(byNumber.status).toBe(200);
    const other = await shop.newShopper();
    expectErrorShape(await shop.http.post(`/api/order/${order._id}/reorder`).set(other.auth), 404, 'Order not found');
    expect((await cartOf(other)).products).toEqual([]);
    expect((await shop.http.post(`/api/order/${order._id}/reorder`)).status).toBe(401);
  });

  it('leaves out and names a product out of stock or no longer sold', async () => {
    const { shopper, order } = await shopperWithOrder([['avocados', 2], ['spinach', 1], ['garlic', 1]]);
    await setProduct('avocados', { inStock: false });
    await setProduct('spinach', { hidden: true });
    try {
      const response = await shop.http.post(`/api/order/${order._id}/reorder`).set(shopper.auth);
      expect(response.status).toBe(200);
      expect(response.body.skipped).toEqual([
        { productName: 'Avocados', reason: 'out_of_stock' },
        { productName: 'Spinach', reason: 'not_sold' },
      ]);
      expect(response.body.message).toBe('Added to your cart. Left out: Avocados (out of stock), Spinach (no longer sold).');
      expect(response.body.cart.products.map((line: { productId: { _id: string } }) => line.productId._id)).toEqual(['garlic']);
    } finally {
      await setProduct('avocados', { inStock: true });
      await setProduct('spinach', { hidden: false });
    }
  });

  it('says so, and leaves the cart as it is, when nothing of the order sells today', async () => {
    const { shopper, order } = await shopperWithOrder([['ginger', 1]]);
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    await setProduct('ginger', { inStock: false });
    try {
      const refused = await shop.http.post(`/api/order/${order._id}/reorder`).set(shopper.auth);
      expectErrorShape(refused, 400, 'Nothing of this order is for sale today: Ginger (out of stock).');
      expect(refused.body).toMatchObject({ error: 'nothing_to_reorder', skipped: [{ productName: 'Ginger', reason: 'out_of_stock' }] });
      expect((await cartOf(shopper)).products.map((line: { productId: { _id: string } }) => line.productId._id)).toEqual(['tomatoes']);
    } finally {
      await setProduct('ginger', { inStock: true });
    }
  });
});

const play = (session: Session, inputs: (string | null)[]) => playUssd(shop.deps, session, inputs);
const caller = (shopper: Shopper) => newSession({ id: `ussd:${Math.random()}`, channel: 'ussd', phone: shopper.user.phoneNumber, language: 'en' });

describe('Order again on USSD', () => {
  it('offers the last basket first on the home screen and places it in three inputs, the cart untouched', async () => {
    const { shopper, order } = await shopperWithOrder([['tomatoes', 2], ['carrots', 3], ['garlic', 1]], true);
    const total = frw(order.amount);
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 1 });
    const home = await play(caller(shopper), [null]);
    expect(home.text.split('\n')[1]).toBe(`7. Order again: Tomatoes, Carrots +1 ${total}`);
    const confirm = await play(home.session, ['7']);
    expect(confirm.text).toContain(`Order again: ${total}`);
    expect(confirm.text).toContain('Delivery: Today 10:00-12:00');
    expect(confirm.text).toContain('To: KN 5 Rd 12, Nyarugenge');
    const placed = await play(confirm.session, ['1']);
    expect(placed.text).toContain(`placed. Delivery Today 10:00-12:00, fee negotiable. Pay ${total} on delivery`);
    // Ordered again at once, the same lines: the confirmation says so on its title before Confirm.
    const twice = await play(caller(shopper), [null, '7']);
    expect(twice.text).toContain(`Ordered 0 min ago! Again: ${total}`);
    expect(twice.text).toContain('1. Confirm');
    const { orders } = (await shop.http.get('/api/order/getUserOrders').set(shopper.auth)).body;
    expect(orders).toHaveLength(2);
    expect(orders[0].products.map((line: { productId: string; productQuantity: number }) => [line.productId, line.productQuantity])).toEqual([
      ['tomatoes', 2],
      ['carrots', 3],
      ['garlic', 1],
    ]);
    expect((await cartOf(shopper)).products.map((line: { productId: { _id: string } }) => line.productId._id)).toEqual(['cabbage']);
  });

  it("names what is left out, and is not offered when nothing of the last basket sells today", async () => {
    const { shopper } = await shopperWithOrder([['passion-fruit', 1], ['lemons', 2]], true);
    await setProduct('passion-fruit', { inStock: false });
    try {
      const confirm = await play(caller(shopper), [null, '7']);
      expect(confirm.text).toContain('Lemons 2 kg; left out: Passion fruit');
      // Without MoMo request-to-pay, its choices are numbered without a gap.
      expect(confirm.text).toContain('1. Confirm\n2. Change address\n3. Change time');
      expect(confirm.text).not.toMatch(/\b[34]\. Change address/);
      await setProduct('lemons', { inStock: false });
      const home = await play(caller(shopper), [null]);
      expect(home.text).not.toContain('Order again');
      expect((await play(home.session, ['7'])).text).toContain('Invalid choice');
    } finally {
      await setProduct('passion-fruit', { inStock: true });
      await setProduct('lemons', { inStock: true });
    }
  });

  it('refuses, naming it, a line that stopped selling between the confirmation and Confirm; nothing is ordered', async () => {
    const { shopper } = await shopperWithOrder([['pineapples', 1], ['mangoes', 2]], true);
    const confirm = await play(caller(shopper), [null, '7']);
    await setProduct('mangoes', { inStock: false });
    try {
      const refused = await play(confirm.session, ['1']);
      expect(refused.text).toContain('No longer for sale: Mangoes.');
      // The line that says so is what a full screen shortens; the notice on top names it whole.
      expect(refused.text).toContain('Pineapples 1 piece');
      expect((await shop.http.get('/api/order/getUserOrders').set(shopper.auth)).body.orders).toHaveLength(1);
      // Back in stock meanwhile: the shopper was told it is left out, so it stays out.
      await setProduct('mangoes', { inStock: true });
      const placed = await play(refused.session, ['1']);
      expect(placed.text).toMatch(/^END Order [A-Z0-9]{8} placed/);
      const [latest] = (await shop.http.get('/api/order/getUserOrders').set(shopper.auth)).body.orders;
      expect(latest.products.map((line: { productId: string }) => line.productId)).toEqual(['pineapples']);
    } finally {
      await setProduct('mangoes', { inStock: true });
    }
  });
});
