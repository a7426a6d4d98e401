// /api/order/*: cash orders from the cart, the order list and one order (docs/api.md; the line shape of
// docs/product.md section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { ABSOLUTE_IMAGE_URL, address, expectErrorShape, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const CALLBACK = 'https://isoko.example/order-confirmation';

async function withAddress(shopper: Shopper, overrides: Record<string, unknown> = {}) {
  const response = await shop.http.post('/api/address/create').set(shopper.auth).send(address(overrides));
  return response.body.address as { _id: string };
}
const addToCart = (shopper: Shopper, productId: string, quantity = 1) =>
  shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });
const place = (shopper: Shopper, addressId: string, key?: string) => {
  const request = shop.http.post('/api/order/placeOrder').set(shopper.auth);
  if (key) request.set('Idempotency-Key', key);
  return request.send({ addressId, paymentType: 'cash', callbackUrl: CALLBACK });
};
const orders = (shopper: Shopper, query: Record<string, number | string> = {}) =>
  shop.http.get('/api/order/getUserOrders').set(shopper.auth).query(query);

describe('POST /order/placeOrder', () => {
  it('turns the cart into a pending cash order at the effective prices and empties the cart', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper, { description: 'Home by the church' });
    await addToCart(shopper, 'tomatoes', 2); // 800, no offer
    await addToCart(shopper, 'cabbage', 3); // 400, offer 350
    const { cart } = (await shop.http.get('/api/cart').set(shopper.auth)).body;

    const response = await place(shopper, home._id);
    expect(response.status).toBe(201);
    const { order } = response.body;
    // What the cart showed is what checkout charged: its totals and each line's price, offer included.
    expect(cart.totalPrice).toBe(order.amount);
    expect(cart.totalItems).toBe(5);
    expect(cart.products.map((line: any) => [line.productId._id, line.price, line.subtotal])).toEqual(
      order.products.map((line: any) => [line.productId, line.price, line.subtotal]),
    );
    expect(response.body).toMatchObject({ success: true, message: expect.any(String), invoiceNumber: order.invoiceNumber, data: { order } });
    expect(order).toMatchObject({
      _id: expect.any(String),
      invoiceNumber: expect.any(String),
      amount: 2 * 800 + 3 * 350,
      status: 'pending',
      paymentType: 'cash',
      paymentStatus: 'pending',
      address: { _id: home._id, description: 'Home by the church', city: 'Kigali', street: 'KN 5 Rd 12', district: 'Nyarugenge', phoneNumber: '+250788123456', email: shopper.user.email },
      // The shop's first way: the fee is agreed with the rider at the door, so the total is the goods.
      deliveryFee: null,
      total: 2 * 800 + 3 * 350,
      timeline: [{ step: 'placed', at: order.createdAt }],
    });
    expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
    expect(order.products).toEqual([
      {
        productId: 'tomatoes',
        productName: 'Tomatoes',
        // The catalog's Kinyarwanda name, which a Kinyarwanda page shows first.
        localName: 'inyanya',
        productImage: expect.stringMatching(ABSOLUTE_IMAGE_URL),
        productQuantity: 2,
        unit: 'kg',
        price: 800,
        subtotal: 1600,
        productDetails: { productname: 'Tomatoes', productImage: expect.stringMatching(ABSOLUTE_IMAGE_URL) },
        // Beyond the spec's fields: weighed, so an estimate until packed, and the shop's default if it is missing.
        estimated: true,
        substitution: 'similar',
        packedQuantity: null,
        substitutedBy: null,
        finalSubtotal: null,
        refusedQuantity: 0,
      },
      {
        productId: 'cabbage',
        productName: 'Cabbage',
        localName: 'amashu',
        productImage: expect.stringMatching(ABSOLUTE_IMAGE_URL),
        productQuantity: 3,
        unit: 'piece',
        price: 350,
        subtotal: 1050,
        productDetails: { productname: 'Cabbage', productImage: expect.stringMatching(ABSOLUTE_IMAGE_URL) },
        estimated: false,
        substitution: 'similar',
        packedQuantity: null,
        substitutedBy: null,
        finalSubtotal: null,
        refusedQuantity: 0,
      },
    ]);
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body).toEqual({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });
  });

  it('issues a different invoice number for every order', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    const invoices = new Set<string>();
    for (let n = 0; n < 3; n += 1) {
      await addToCart(shopper, 'carrots');
      invoices.add((await place(shopper, home._id)).body.invoiceNumber);
    }
    expect(invoices.size).toBe(3);
  });

  it('keeps the price and address of the moment the order was placed', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await shop.deps.db.updateTable('products').set({ price_minor: 150_050 }).where('id', '=', 'honey').execute();
    await addToCart(shopper, 'honey', 2);
    const placed = (await place(shopper, home._id)).body.order;
    expect(placed.products[0]).toMatchObject({ price: 1500.5, subtotal: 3001 });
    expect(placed.amount).toBe(3001);
    await shop.deps.db.updateTable('products').set({ price_minor: 999_900 }).where('id', '=', 'honey').execute();
    await shop.http.put(`/api/address/update/${home._id}`).set(shopper.auth).send(address({ street: 'Changed later' }));
    const details = await shop.http.get(`/api/order/getOrderDetails/${placed._id}`).set(shopper.auth);
    expect(details.body.order.products[0]).toMatchObject({ price: 1500.5, subtotal: 3001 });
    expect(details.body.order.address.street).toBe('KN 5 Rd 12');
  });

  it('400 with a clear message for an empty cart', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    const response = await place(shopper, home._id);
    expectErrorShape(response, 400, /cart is empty/i);
    expect((await orders(shopper)).body.orders).toEqual([]);
  });

  it("400 for an address that is not the caller's, and the cart is kept", async () => {
    const owner = await shop.newShopper();
    const ownersAddress = await withAddress(owner);
    const shopper = await shop.newShopper();
    await withAddress(shopper);
    await addToCart(shopper, 'tomatoes');
    for (const addressId of [ownersAddress._id, 'no-such-address']) {
      expectErrorShape(await place(shopper, addressId), 400, 'Please select a shipping address');
    }
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products).toHaveLength(1);
    expect((await orders(shopper)).body.orders).toEqual([]);
  });

  it('validates address and payment type', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes');
    const noAddress = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ paymentType: 'cash' });
    expectErrorShape(noAddress, 400, 'Please select a shipping address');
    expect(noAddress.body.errors).toContainEqual({ msg: 'Please select a shipping address', param: 'addressId' });
    const card = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: home._id, paymentType: 'card' });
    expectErrorShape(card, 400, 'Please select a payment method');
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products).toHaveLength(1);
  });

  it('returns the first order for a repeated Idempotency-Key instead of making a second', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes');
    const first = await place(shopper, home._id, 'checkout-1');
    expect(first.status).toBe(201);
    await addToCart(shopper, 'carrots'); // a new cart after the first order
    const again = await place(shopper, home._id, 'checkout-1');
    expect([200, 201]).toContain(again.status);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(again.body.invoiceNumber).toBe(first.body.invoiceNumber);
    expect((await orders(shopper)).body.pagination.total).toBe(1);
    // The retry did not swallow the new cart: a new key orders it.
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products).toHaveLength(1);
    const second = await place(shopper, home._id, 'checkout-2');
    expect(second.status).toBe(201);
    expect(second.body.order._id).not.toBe(first.body.order._id);
    expect(second.body.order.products.map((p: { productId: string }) => p.productId)).toEqual(['carrots']);
  });

  it('makes one order from two requests sent at once with one key', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes', 2);
    const [a, b] = await Promise.all([place(shopper, home._id, 'double-click'), place(shopper, home._id, 'double-click')]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([201]));
    for (const response of [a, b]) expect([200, 201]).toContain(response.status);
    expect(a.body.order._id).toBe(b.body.order._id);
    const list = await orders(shopper);
    expect(list.body.pagination.total).toBe(1);
    expect(list.body.orders[0].amount).toBe(1600);
  });

  it('two requests at once without a key make one order; the other finds the cart empty', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes', 2);
    const responses = await Promise.all([place(shopper, home._id), place(shopper, home._id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    expectErrorShape(responses.find((r) => r.status === 400)!, 400, /cart is empty/i);
    expect((await orders(shopper)).body.pagination.total).toBe(1);
  });

  it('gives every order its own invoice number when shoppers order at the same moment', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => shop.newShopper()));
    const homes = await Promise.all(shoppers.map((s) => withAddress(s)));
    await Promise.all(shoppers.map((s) => addToCart(s, 'carrots')));
    const placed = await Promise.all(shoppers.map((s, i) => place(s, homes[i]._id)));
    for (const response of placed) expect(response.status).toBe(201);
    expect(new Set(placed.map((r) => r.body.invoiceNumber)).size).toBe(4);
    expect(new Set(placed.map((r) => r.body.order._id)).size).toBe(4);
  });

  it('one key does not reach across shoppers', async () => {
    const [a, b] = [await shop.newShopper(), await shop.newShopper()];
    const [homeA, homeB] = [await withAddress(a), await withAddress(b)];
    await addToCart(a, 'tomatoes');
    await addToCart(b, 'carrots');
    const first = await place(a, homeA._id, 'same-key');
    const second = await place(b, homeB._id, 'same-key');
    expect(second.status).toBe(201);
    expect(second.body.order._id).not.toBe(first.body.order._id);
    expect(second.body.order.products[0].productId).toBe('carrots');
  });

  it('a shopper with only a phone number can order', async () => {
    const shopper = await shop.newShopper({ email: undefined });
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes');
    const response = await place(shopper, home._id);
    expect(response.status).toBe(201);
    expect(response.body.order.address.email).toBeUndefined();
  });
});

describe('the same basket twice within ten minutes, on the shop\'s own faces', () => {
  it('is refused with a clear message naming the first order, until the shopper confirms it', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'tomatoes', 2);
    await addToCart(shopper, 'carrots', 1);
    const first = (await place(shopper, home._id)).body.order as { _id: string };
    // The same products and quantities again, in another order: a slip, asked first; the cart is kept.
    await addToCart(shopper, 'carrots', 1);
    await addToCart(shopper, 'tomatoes', 2);
    // A client that does not ask to be warned (the spec's original storefront) is not refused: see below.
    const again = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: home._id, paymentType: 'cash', callbackUrl: CALLBACK, warnIfDuplicate: true });
    const number = first._id.slice(-8).toUpperCase();
    expectErrorShape(again, 409, `You ordered exactly this just now (order #${number}). To receive it twice, confirm placing it again`);
    expect(again.body).toMatchObject({ error: 'duplicate_order', duplicateOf: { _id: first._id, orderNumber: number, minutesAgo: 0 } });
    expect((await orders(shopper)).body.orders).toHaveLength(1);
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products).toHaveLength(2);
    // Confirmed, it is placed (the original storefront's request without the flag is otherwise unchanged).
    const confirmed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: home._id, paymentType: 'cash', callbackUrl: CALLBACK, confirmDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect((await orders(shopper)).body.orders).toHaveLength(2);
  });

  it("is placed for a client that does not ask to be warned, as the spec's original storefront places every order", async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    for (const _ of [1, 2]) {
      await addToCart(shopper, 'carrots', 1);
      expect((await place(shopper, home._id)).status).toBe(201);
    }
    expect((await orders(shopper)).body.orders).toHaveLength(2);
  });

  it('other quantities, a cancelled first order, or another shopper are no duplicate', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'garlic', 1);
    const first = (await place(shopper, home._id)).body.order as { _id: string };
    await addToCart(shopper, 'garlic', 2);
    expect((await place(shopper, home._id)).status).toBe(201);
    await shop.deps.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', first._id).execute();
    await addToCart(shopper, 'garlic', 1);
    expect((await place(shopper, home._id)).status).toBe(201);
    const other = await shop.newShopper();
    await addToCart(other, 'garlic', 2);
    expect((await place(other, await withAddress(other).then((one) => one._id))).status).toBe(201);
  });

  it('a retried request with its Idempotency-Key still finds its own order, not a duplicate', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'lemons', 3);
    const first = await place(shopper, home._id, 'same-key');
    const retried = await place(shopper, home._id, 'same-key');
    expect(retried.status).toBe(201);
    expect(retried.body.order._id).toBe(first.body.order._id);
  });
});

describe('GET /order/getUserOrders', () => {
  let shopper: Shopper;
  const placedIds: string[] = [];
  beforeAll(async () => {
    shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    for (let n = 1; n <= 12; n += 1) {
      await addToCart(shopper, 'tomatoes', n);
      placedIds.push((await place(shopper, home._id)).body.order._id);
    }
  });

  it('gives pages of 10, newest first, as `orders` and `data.orders`', async () => {
    const response = await orders(shopper);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.orders.map((o: { _id: string }) => o._id)).toEqual([...placedIds].reverse().slice(0, 10));
    expect(response.body.pagination).toEqual({ totalPages: 2, currentPage: 1, hasNextPage: true, total: 12 });
    expect(response.body.data).toEqual({ orders: response.body.orders, pagination: response.body.pagination });
    const [newest] = response.body.orders;
    expect(newest.products[0]).toMatchObject({ productName: 'Tomatoes', productQuantity: 12, price: 800, subtotal: 9600 });
    expect(newest.amount).toBe(9600);
  });

  it('pages on, and takes a limit (5 on the profile)', async () => {
    const second = await orders(shopper, { page: 2 });
    expect(second.body.orders.map((o: { _id: string }) => o._id)).toEqual([placedIds[1], placedIds[0]]);
    expect(second.body.pagination).toMatchObject({ totalPages: 2, currentPage: 2, hasNextPage: false });
    const five = await orders(shopper, { limit: 5 });
    expect(five.body.orders).toHaveLength(5);
    expect(five.body.pagination).toMatchObject({ totalPages: 3, hasNextPage: true });
  });

  it('is empty, not an error, for a shopper with no orders', async () => {
    const newcomer = await shop.newShopper();
    const response = await orders(newcomer);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, orders: [], pagination: { currentPage: 1, hasNextPage: false, total: 0 } });
  });
});

describe('GET /order/getOrderDetails/{id}', () => {
  it('gives the order as `order` and `data.order`', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'cabbage', 2);
    const placed = (await place(shopper, home._id)).body.order;
    const response = await shop.http.get(`/api/order/getOrderDetails/${placed._id}`).set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, order: placed, data: { order: placed } });
  });

  it('finds the caller\'s own order by the 8-character number shoppers see, in any case, with or without #', async () => {
    const shopper = await shop.newShopper();
    const home = await withAddress(shopper);
    await addToCart(shopper, 'cabbage', 1);
    const placed = (await place(shopper, home._id)).body.order;
    const number = placed._id.slice(-8).toUpperCase();
    for (const asTyped of [number, number.toLowerCase(), `#${number}`]) {
      const response = await shop.http.get(`/api/order/getOrderDetails/${encodeURIComponent(asTyped)}`).set(shopper.auth);
      expect(response.status, asTyped).toBe(200);
      expect(response.body.order._id).toBe(placed._id);
    }
    // Another shopper's number is not theirs to see.
    const stranger = await shop.newShopper();
    expectErrorShape(await shop.http.get(`/api/order/getOrderDetails/${number}`).set(stranger.auth), 404, 'Order not found');
  });

  it('404 "Order not found" for an unknown id', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await shop.http.get('/api/order/getOrderDetails/nope').set(shopper.auth), 404, 'Order not found');
  });

  it('needs a token for every order call', async () => {
    expectTokenRejected(await shop.http.post('/api/order/placeOrder').send({ addressId: 'x', paymentType: 'cash' }));
    expectTokenRejected(await shop.http.get('/api/order/getUserOrders'));
    expectTokenRejected(await shop.http.get('/api/order/getOrderDetails/x').set('Authorization', 'Bearer garbage'));
  });
});
