// Stock: counts staff keep (received, adjusted, spoiled, the low-stock threshold), reservations an
// order takes when placed (released when cancelled, sold when delivered), what every face shows
// ("Only 3 left" only when low), the cart's totals without what cannot be sold, and the ledger that
// every count is the sum of.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { reserveStock } from '../../server/modules/stock/stock.service';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape, expectFieldErrors } from './expectations';

let shop: TestShop;
let staff: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());

let made = 0;
/** A product of the test's own (so no other test meets its stock), priced 1,000 a unit. */
async function newProduct(unit = 'tray', name = `Test eggs ${++made}`): Promise<{ _id: string; productname: string }> {
  const response = await shop.http
    .post('/api/admin/products')
    .set(staff.auth)
    .send({ productname: name, productUnit: unit, price: 1000, categoryId: 'dairy-eggs', image: '/images/products/eggs-tray.svg' });
  expect(response.status).toBe(201);
  return response.body.product;
}

const changeStock = (productId: string, body: Record<string, unknown>) => shop.http.post(`/api/admin/products/${productId}/stock`).set(staff.auth).send(body);
const ledgerOf = (productId: string, query: Record<string, number> = {}) => shop.http.get(`/api/admin/products/${productId}/stock`).set(staff.auth).query(query);
const productOf = async (productId: string) => (await shop.http.get(`/api/product/getProductDetails/${productId}`)).body.product;
const cartOf = async (shopper: Shopper) => (await shop.http.get('/api/cart').set(shopper.auth)).body.cart;
const addToCart = (shopper: Shopper, productId: string, quantity = 1) => shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity });

async function counted(unit: string, onHand: number) {
  const product = await newProduct(unit);
  const received = await changeStock(product._id, { change: onHand, reason: 'received', note: 'Opening count' });
  expect(received.status).toBe(200);
  return product;
}

async function shopperWithAddress(): Promise<Shopper & { addressId: string }> {
  const shopper = await shop.newShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
  return { ...shopper, addressId: created.body.address._id };
}

const place = (shopper: Shopper & { addressId: string }) =>
  shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: shopper.addressId, paymentType: 'cash' });

async function orderOf(shopper: Shopper & { addressId: string }, productId: string, quantity: number) {
  expect((await addToCart(shopper, productId, quantity)).status).toBe(200);
  const placed = await place(shopper);
  expect(placed.status).toBe(201);
  return placed.body.order as { _id: string };
}

async function moveOrder(orderId: string, from: string, to: string) {
  const response = await shop.http.post(`/api/admin/orders/${orderId}/status`).set(staff.auth).send({ expectedStatus: from, status: to });
  expect(response.status).toBe(200);
}

/** The ledger's sums of a product, straight from the database. */
async function ledgerSums(productId: string) {
  const row = await shop.deps.db
    .selectFrom('stock_movements')
    .select([sql<string>`coalesce(sum(on_hand_change), 0)`.as('onHand'), sql<string>`coalesce(sum(reserved_change), 0)`.as('reserved')])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { onHand: Number(row.onHand), reserved: Number(row.reserved) };
}

describe('counts staff keep', () => {
  it('starts counting a product from the first change, with who, why and when in its ledger', async () => {
    const product = await newProduct();
    expect((await productOf(product._id)).stock).toBeUndefined();
    const response = await changeStock(product._id, { change: 12, reason: 'received', note: 'From Rwamagana farm' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Stock received',
      stock: { onHand: 12, reserved: 0, available: 12, lowThreshold: 5, low: false, measured: false },
    });
    const ledger = (await ledgerOf(product._id)).body;
    expect(ledger.stock).toMatchObject({ onHand: 12, available: 12 });
    expect(ledger.movements).toEqual([
      { _id: expect.any(String), kind: 'received', onHandChange: 12, reservedChange: 0, order: null, note: 'From Rwamagana farm', by: 'Grace Staff', at: expect.any(String) },
    ]);
    // A well-stocked product says it is counted, never how many there are.
    expect((await productOf(product._id)).stock).toEqual({ low: false });
  });

  it('takes decimals only where the unit is measured, and refuses a change that makes no sense', async () => {
    const eggs = await newProduct('tray');
    const tomatoes = await newProduct('kg', `Test tomatoes ${++made}`);
    expectErrorShape(await changeStock(eggs._id, { change: 2.5, reason: 'received' }), 400, `${eggs.productname} is counted in whole trays: give a whole number`);
    const measured = await changeStock(tomatoes._id, { change: 2.5, reason: 'received' });
    expect(measured.body.stock).toMatchObject({ onHand: 2.5, available: 2.5, measured: true, low: true });
    expect((await changeStock(tomatoes._id, { change: 0.125, reason: 'received' })).body.stock.onHand).toBe(2.625);
    expectFieldErrors(await changeStock(tomatoes._id, { change: 0.0001, reason: 'received' }), { change: 'Change may have at most 3 decimals' });
    expectFieldErrors(await changeStock(tomatoes._id, { change: 0, reason: 'adjusted' }), { change: 'Change cannot be 0' });
    expectFieldErrors(await changeStock(tomatoes._id, { change: -1, reason: 'received' }), { change: 'A delivery received adds stock: give a positive number' });
    expectFieldErrors(await changeStock(tomatoes._id, { change: 1, reason: 'spoiled' }), { change: 'Spoiled stock is taken off: give a negative number' });
    expectFieldErrors(await changeStock(tomatoes._id, { change: 1, reason: 'stolen' }), { reason: "Reason must be 'received', 'adjusted' or 'spoiled'" });
    expectFieldErrors(await changeStock(tomatoes._id, { change: 'lots', reason: 'received' }), { change: 'Change must be a number' });
    expectErrorShape(await changeStock(eggs._id, { change: -1, reason: 'adjusted' }), 400, `${eggs.productname} keeps no stock count yet: receive stock to start counting it`);
    expectErrorShape(await changeStock(tomatoes._id, { change: -3, reason: 'spoiled' }), 400, `Only 2.625 kg of ${tomatoes.productname} are on hand`);
    expectErrorShape(await changeStock('no-such-product', { change: 1, reason: 'received' }), 404, 'Product not found');
    // Refusals wrote nothing.
    expect((await ledgerOf(tomatoes._id)).body.movements).toHaveLength(2);
    expect((await ledgerOf(eggs._id)).body.stock).toBeNull();
  });

  it('lets staff change the low-stock threshold (5 unless changed), whole for pieces', async () => {
    const product = await counted('tray', 8);
    expect((await productOf(product._id)).stock).toEqual({ low: false });
    const saved = await shop.http.put(`/api/admin/products/${product._id}/stock`).set(staff.auth).send({ lowThreshold: 10 });
    expect(saved.body).toMatchObject({ success: true, message: 'Low-stock threshold saved', stock: { lowThreshold: 10, low: true, available: 8 } });
    expect((await productOf(product._id)).stock).toEqual({ low: true, available: 8 });
    expectErrorShape(await shop.http.put(`/api/admin/products/${product._id}/stock`).set(staff.auth).send({ lowThreshold: 1.5 }), 400, /whole number/);
    expectFieldErrors(await shop.http.put(`/api/admin/products/${product._id}/stock`).set(staff.auth).send({ lowThreshold: -1 }), { lowThreshold: 'Low-stock threshold cannot be below 0' });
    const uncounted = await newProduct();
    expectErrorShape(await shop.http.put(`/api/admin/products/${uncounted._id}/stock`).set(staff.auth).send({ lowThreshold: 3 }), 400, /keeps no stock count/);
  });

  it('receives a delivery of many products at once, all or none', async () => {
    const one = await counted('tray', 1);
    const two = await newProduct('kg', `Test carrots ${++made}`);
    const refused = await shop.http.post('/api/admin/stock/receive').set(staff.auth).send({ lines: [{ productId: one._id, quantity: 5 }, { productId: 'no-such-product', quantity: 1 }] });
    expectErrorShape(refused, 400, 'Product not found');
    expect((await ledgerOf(one._id)).body.stock.onHand).toBe(1);
    const received = await shop.http
      .post('/api/admin/stock/receive')
      .set(staff.auth)
      .send({ lines: [{ productId: one._id, quantity: 5 }, { productId: two._id, quantity: '12.5' }], note: 'Tuesday truck' });
    expect(received.body).toMatchObject({
      success: true,
      message: 'Delivery received: 2 products',
      products: [
        { productId: one._id, stock: { onHand: 6, available: 6 } },
        { productId: two._id, stock: { onHand: 12.5, measured: true } },
      ],
    });
    expect((await ledgerOf(two._id)).body.movements[0]).toMatchObject({ kind: 'received', onHandChange: 12.5, note: 'Tuesday truck', by: 'Grace Staff' });
    expectFieldErrors(await shop.http.post('/api/admin/stock/receive').set(staff.auth).send({ lines: [] }), { lines: 'Add at least one product' });
  });

  it('lists every product with its stock, running low first and emptiest first', async () => {
    const empty = await counted('tray', 1);
    await changeStock(empty._id, { change: -1, reason: 'spoiled', note: 'Cracked' });
    const low = await counted('tray', 3);
    const plenty = await counted('tray', 50);
    const listed = (await shop.http.get('/api/admin/stock').set(staff.auth).query({ search: 'Test eggs', limit: 200 })).body;
    const ids = listed.products.map((row: { productId: string }) => row.productId);
    expect(ids.indexOf(empty._id)).toBeLessThan(ids.indexOf(low._id));
    expect(ids.indexOf(low._id)).toBeLessThan(ids.indexOf(plenty._id));
    // Those without a count come last.
    const firstUncounted = listed.products.findIndex((row: { stock: unknown }) => row.stock === null);
    expect(firstUncounted === -1 || firstUncounted > ids.indexOf(plenty._id)).toBe(true);
    const onlyLow = (await shop.http.get('/api/admin/stock').set(staff.auth).query({ only: 'low', limit: 200 })).body.products;
    expect(onlyLow.every((row: { stock: { low: boolean } }) => row.stock.low)).toBe(true);
    expect(onlyLow.map((row: { productId: string }) => row.productId)).toEqual(expect.arrayContaining([empty._id, low._id]));
  });

  it('is staff only', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await shop.http.get('/api/admin/stock').set(shopper.auth), 403, 'Staff only');
    expectErrorShape(await shop.http.post('/api/admin/products/tomatoes/stock').set(shopper.auth).send({ change: 5, reason: 'received' }), 403, 'Staff only');
  });
});

describe('orders and stock', () => {
  it('reserves when placed, releases when cancelled, sells when delivered, and the ledger adds up', async () => {
    const product = await counted('tray', 10);
    const alice = await shopperWithAddress();
    const bob = await shopperWithAddress();
    const first = await orderOf(alice, product._id, 3);
    const second = await orderOf(bob, product._id, 4);
    expect((await ledgerOf(product._id)).body.stock).toMatchObject({ onHand: 10, reserved: 7, available: 3, low: true });
    await moveOrder(first._id, 'pending', 'cancelled');
    expect((await ledgerOf(product._id)).body.stock).toMatchObject({ onHand: 10, reserved: 4, available: 6 });
    await moveOrder(second._id, 'pending', 'processing');
    await moveOrder(second._id, 'processing', 'shipped');
    await moveOrder(second._id, 'shipped', 'delivered');
    const { stock, movements } = (await ledgerOf(product._id)).body;
    expect(stock).toMatchObject({ onHand: 6, reserved: 0, available: 6 });
    expect(movements.map((move: { kind: string; onHandChange: number; reservedChange: number }) => [move.kind, move.onHandChange, move.reservedChange])).toEqual([
      ['sold', -4, -4],
      ['released', 0, -3],
      ['reserved', 0, 4],
      ['reserved', 0, 3],
      ['received', 10, 0],
    ]);
    expect(movements[0]).toMatchObject({ order: { _id: second._id, orderNumber: second._id.slice(-8).toUpperCase() }, by: 'Grace Staff' });
    expect(await ledgerSums(product._id)).toEqual({ onHand: stock.onHand, reserved: stock.reserved });
  });

  it('refuses an order wanting more than is left, naming each short line and what is left; no order, the cart kept', async () => {
    const tomatoes = await counted('kg', 5);
    const eggs = await counted('tray', 1);
    const rival = await shopperWithAddress();
    await orderOf(rival, tomatoes._id, 3);
    await orderOf(rival, eggs._id, 1);
    const shopper = await shopperWithAddress();
    // Into the cart before the rival's orders emptied the shelf.
    const lines = [[tomatoes._id, 3], [eggs._id, 1], ['carrots', 1]] as const;
    await shop.deps.db
      .insertInto('cart_lines')
      .values(lines.map(([productId, quantity], index) => ({ user_id: shopper.user._id, product_id: productId, quantity, added_at: new Date(Date.now() + index * 1000) })))
      .execute();
    const refused = await place(shopper);
    expectErrorShape(refused, 400, `Only 2 kg of ${tomatoes.productname} left. Out of stock: ${eggs.productname}. Change your cart to place the order.`);
    expect(refused.body).toMatchObject({
      error: 'not_enough_stock',
      errors: [
        { msg: `Only 2 kg of ${tomatoes.productname} left`, param: `products.${tomatoes._id}` },
        { msg: `Sorry, ${eggs.productname} is out of stock`, param: `products.${eggs._id}` },
      ],
    });
    expect((await shop.http.get('/api/order/getUserOrders').set(shopper.auth)).body.orders).toEqual([]);
    expect((await cartOf(shopper)).products).toHaveLength(3);
    expect((await ledgerOf(tomatoes._id)).body.stock).toMatchObject({ onHand: 5, reserved: 3 });
  });

  it('an order of what is exactly left takes it all, and the product is then out of stock everywhere', async () => {
    const product = await counted('tray', 2);
    const shopper = await shopperWithAddress();
    await orderOf(shopper, product._id, 2);
    expect(await productOf(product._id)).toMatchObject({ inStock: false, stock: { low: true, available: 0 } });
    const late = await shopperWithAddress();
    expectErrorShape(await addToCart(late, product._id), 400, `Sorry, ${product.productname} is out of stock`);
  });
});

describe('what faces show', () => {
  it('shows what is left only when low, and keeps in step with every order', async () => {
    const product = await counted('tray', 7);
    expect(await productOf(product._id)).toMatchObject({ inStock: true, stock: { low: false } });
    const shopper = await shopperWithAddress();
    await orderOf(shopper, product._id, 3);
    // The writer's own copy is brought up to date as the order commits: no wait.
    expect(await productOf(product._id)).toMatchObject({ inStock: true, stock: { low: true, available: 4 } });
    const list = (await shop.http.get('/api/category/dairy-eggs/products').query({ limit: 50 })).body.products;
    expect(list.find((one: { _id: string }) => one._id === product._id)).toMatchObject({ stock: { low: true, available: 4 } });
  });

  it('a catalog reply kept in memory is retired when what it shows of a product changes, and no other', async () => {
    const product = await counted('tray', 6);
    const untouched = await counted('tray', 100);
    const path = `/api/product/getProductDetails/${product._id}`;
    const otherPath = `/api/product/getProductDetails/${untouched._id}`;
    const before = await shop.http.get(path);
    const otherBefore = await shop.http.get(otherPath);
    const shopper = await shopperWithAddress();
    await orderOf(shopper, product._id, 1);
    await orderOf(shopper, untouched._id, 1);
    const after = await shop.http.get(path);
    expect(after.body.product.stock).toEqual({ low: true, available: 5 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // 99 left is still "not low": its kept reply stands, same bytes.
    const otherAfter = await shop.http.get(otherPath);
    expect(otherAfter.headers.etag).toBe(otherBefore.headers.etag);
  });

  it('a change made in a transaction that cannot say when it commits still shows: the counts are read again', async () => {
    const product = await counted('tray', 9);
    expect((await productOf(product._id)).stock).toEqual({ low: false });
    const line = { productId: product._id, name: product.productname, unit: 'tray', quantity: 5 };
    await shop.deps.db.transaction().execute((trx) => reserveStock(trx, { orderId: 'held-by-a-test', lines: [line] }));
    expect((await productOf(product._id)).stock).toEqual({ low: true, available: 4 });
  });

  it('refuses adding more than is left to the cart, saying what is left and what the cart holds', async () => {
    const product = await counted('tray', 3);
    const shopper = await shop.newShopper();
    expect((await addToCart(shopper, product._id, 2)).status).toBe(200);
    const refused = await addToCart(shopper, product._id, 2);
    expectErrorShape(refused, 400, `Only 3 trays of ${product.productname} left, and your cart already has 2 trays`);
    expect(refused.body.error).toBe('not_enough_stock');
    const raised = await shop.http.put(`/api/cart/update/${product._id}`).set(shopper.auth).send({ quantity: 4 });
    expectErrorShape(raised, 400, `Only 3 trays of ${product.productname} left`);
    expect((await cartOf(shopper)).products[0].quantity).toBe(2);
  });

  it('shows a line that cannot be sold apart, and leaves it out of the totals', async () => {
    const product = await counted('kg', 5);
    const shopper = await shopperWithAddress();
    await addToCart(shopper, 'tomatoes', 2); // 800 a kg, no offer
    await addToCart(shopper, product._id, 4);
    expect(await cartOf(shopper)).toMatchObject({ totalItems: 6, totalPrice: 1600 + 4000 });
    const rival = await shopperWithAddress();
    await orderOf(rival, product._id, 3);
    const cart = await cartOf(shopper);
    expect(cart.products).toEqual([
      expect.objectContaining({ quantity: 2, sellable: true }),
      expect.objectContaining({ quantity: 4, subtotal: 4000, sellable: false, reason: 'not_enough', message: 'Only 2 kg left', available: 2 }),
    ]);
    expect(cart).toMatchObject({ totalItems: 6, totalPrice: 1600 });
    // Lowering to what is left makes it sellable again, and the order goes through.
    const lowered = await shop.http.put(`/api/cart/update/${product._id}`).set(shopper.auth).send({ quantity: 2 });
    expect(lowered.body.cart).toMatchObject({ totalPrice: 1600 + 2000 });
    expect((await place(shopper)).status).toBe(201);
  });
});

describe('the ledger is the count', () => {
  it('for every counted product, on hand and reserved are the sums of the ledger', async () => {
    const levels = await shop.deps.db.selectFrom('stock_levels').select(['product_id', 'on_hand', 'reserved']).execute();
    expect(levels.length).toBeGreaterThan(5);
    for (const level of levels) expect(await ledgerSums(level.product_id)).toEqual({ onHand: Number(level.on_hand), reserved: Number(level.reserved) });
  });

  it('stops counting only when no order holds any, and the ledger still adds up', async () => {
    const product = await counted('tray', 4);
    const shopper = await shopperWithAddress();
    const order = await orderOf(shopper, product._id, 1);
    expectErrorShape(await shop.http.delete(`/api/admin/products/${product._id}/stock`).set(staff.auth), 409, /1 tray of .* is held for orders not yet delivered/);
    await moveOrder(order._id, 'pending', 'cancelled');
    expect((await shop.http.delete(`/api/admin/products/${product._id}/stock`).set(staff.auth)).body).toEqual({ success: true, message: 'Stock is no longer counted' });
    expect((await productOf(product._id)).stock).toBeUndefined();
    expect(await ledgerSums(product._id)).toEqual({ onHand: 0, reserved: 0 });
    await changeStock(product._id, { change: 2, reason: 'received' });
    expect((await productOf(product._id)).stock).toEqual({ low: true, available: 2 });
    expect(await ledgerSums(product._id)).toEqual({ onHand: 2, reserved: 0 });
  });
});
