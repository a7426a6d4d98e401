// One shopper never sees or changes another's cart, address, order or profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let alice: Shopper;
let bob: Shopper;
let aliceAddress: { _id: string };
let aliceOrder: { _id: string; invoiceNumber: string };

beforeAll(async () => {
  shop = await createTestShop();
  alice = await shop.newShopper({ fullName: 'Alice Mukamana', password: 'alice-pass' });
  bob = await shop.newShopper({ fullName: 'Bob Habimana', password: 'bob-pass' });
  aliceAddress = (await shop.http.post('/api/address/create').set(alice.auth).send(address({ description: "Alice's home" }))).body.address;
  await shop.http.post('/api/cart/add').set(alice.auth).send({ productId: 'tomatoes', quantity: 2 });
  aliceOrder = (await shop.http.post('/api/order/placeOrder').set(alice.auth).send({ addressId: aliceAddress._id, paymentType: 'cash' })).body.order;
  // Alice fills a new cart after ordering.
  await shop.http.post('/api/cart/add').set(alice.auth).send({ productId: 'carrots', quantity: 4 });
});
afterAll(async () => shop.close());

async function aliceUntouched() {
  const cart = await shop.http.get('/api/cart').set(alice.auth);
  expect(cart.body.cart.products.map((l: { productId: { _id: string }; quantity: number }) => [l.productId._id, l.quantity])).toEqual([['carrots', 4]]);
  const addresses = await shop.http.get('/api/address/allAddress').set(alice.auth);
  expect(addresses.body.addresses).toEqual([aliceAddress]);
  const orders = await shop.http.get('/api/order/getUserOrders').set(alice.auth);
  expect(orders.body.orders.map((o: { _id: string }) => o._id)).toEqual([aliceOrder._id]);
  const me = await shop.http.get('/api/user/account').set(alice.auth);
  expect(me.body).toMatchObject({ _id: alice.user._id, fullName: 'Alice Mukamana', email: alice.user.email, phoneNumber: alice.user.phoneNumber });
  expect((await shop.http.post('/api/auth/login').send({ identifier: alice.user.email, password: 'alice-pass' })).status).toBe(200);
}

describe('isolation between shoppers', () => {
  it("Bob's cart is his own: he cannot see, change or remove Alice's lines", async () => {
    expect((await shop.http.get('/api/cart').set(bob.auth)).body).toEqual({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });
    expectErrorShape(await shop.http.put('/api/cart/update/carrots').set(bob.auth).send({ quantity: 9 }), 404);
    expectErrorShape(await shop.http.delete('/api/cart/remove/carrots').set(bob.auth), 404);
    expect((await shop.http.delete('/api/cart/clear').set(bob.auth)).status).toBe(200);
    await shop.http.post('/api/cart/add').set(bob.auth).send({ productId: 'carrots' });
    expect((await shop.http.get('/api/cart').set(bob.auth)).body.cart.products).toHaveLength(1);
    await shop.http.delete('/api/cart/clear').set(bob.auth);
    await aliceUntouched();
  });

  it("Bob cannot list, update or delete Alice's address (404), nor order to it (400)", async () => {
    expect((await shop.http.get('/api/address/allAddress').set(bob.auth)).body.addresses).toEqual([]);
    const update = await shop.http.put(`/api/address/update/${aliceAddress._id}`).set(bob.auth).send(address({ street: 'Hijacked', isDefault: true }));
    expectErrorShape(update, 404, 'Address not found');
    expect(update.text).not.toContain("Alice's home");
    expectErrorShape(await shop.http.delete(`/api/address/delete/${aliceAddress._id}`).set(bob.auth), 404, 'Address not found');
    await shop.http.post('/api/cart/add').set(bob.auth).send({ productId: 'tomatoes' });
    expectErrorShape(
      await shop.http.post('/api/order/placeOrder').set(bob.auth).send({ addressId: aliceAddress._id, paymentType: 'cash' }),
      400,
    );
    // A default address of Bob's own does not move Alice's default mark.
    await shop.http.post('/api/address/create').set(bob.auth).send(address({ description: "Bob's flat", isDefault: true }));
    await shop.http.delete('/api/cart/clear').set(bob.auth);
    await aliceUntouched();
  });

  it("Bob cannot see Alice's orders, in the list or by id", async () => {
    expect((await shop.http.get('/api/order/getUserOrders').set(bob.auth)).body).toMatchObject({ orders: [], pagination: { total: 0 } });
    const details = await shop.http.get(`/api/order/getOrderDetails/${aliceOrder._id}`).set(bob.auth);
    expectErrorShape(details, 404, 'Order not found');
    expect(details.text).not.toContain(aliceOrder.invoiceNumber);
    await aliceUntouched();
  });

  it("Bob cannot read or take over Alice's profile or password", async () => {
    const me = await shop.http.get('/api/user/account').set(bob.auth);
    expect(me.body._id).toBe(bob.user._id);
    expect(me.text).not.toContain(alice.user.email);
    const isAuth = await shop.http.get('/api/user/is-auth').set(bob.auth);
    expect(isAuth.body.user.id).toBe(bob.user._id);

    const takeEmail = await shop.http.put('/api/user/updateProfile').set(bob.auth).send({ fullName: 'Bob', email: alice.user.email, phoneNumber: bob.user.phoneNumber });
    expect(takeEmail.status).toBe(409);
    const takePassword = await shop.http.put('/api/user/updatePassword').set(bob.auth).send({ email: alice.user.email, password: 'owned-by-bob' });
    expect(takePassword.status).toBe(400);
    // Bob's own logout ends only his session.
    expect((await shop.http.get('/api/user/logout').set(bob.auth)).status).toBe(200);
    await aliceUntouched();
  });

  it("a rating counts once per shopper and Bob's does not replace Alice's", async () => {
    await shop.http.put('/api/product/rateProduct/spinach').set(alice.auth).send({ rating: 5 });
    const bobLogin = await shop.http.post('/api/auth/login').send({ identifier: bob.user.email, password: 'bob-pass' });
    const response = await shop.http.put('/api/product/rateProduct/spinach').set('Authorization', `Bearer ${bobLogin.body.token}`).send({ rating: 2 });
    expect(response.body.product).toMatchObject({ averageRating: 3.5, ratingCount: 2 });
  });
});
