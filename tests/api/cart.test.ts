// /api/cart/*: the signed-in shopper's cart (docs/api.md; docs/product.md section 3 cart lines are populated products).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { expectErrorShape, expectFieldErrors, expectProductShape, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const getCart = (shopper: Shopper) => shop.http.get('/api/cart').set(shopper.auth);
const add = (shopper: Shopper, body: Record<string, unknown>) => shop.http.post('/api/cart/add').set(shopper.auth).send(body);
const update = (shopper: Shopper, productId: string, body: Record<string, unknown>) =>
  shop.http.put(`/api/cart/update/${productId}`).set(shopper.auth).send(body);
const remove = (shopper: Shopper, productId: string) => shop.http.delete(`/api/cart/remove/${productId}`).set(shopper.auth);
const lines = (body: { cart: { products: Array<{ productId: { _id: string }; quantity: number }> } }) =>
  body.cart.products.map((line) => [line.productId._id, line.quantity]);

describe('cart', () => {
  it('starts empty as {success:true, cart:{products:[], totalItems:0, totalPrice:0}}, never a 404', async () => {
    const shopper = await shop.newShopper();
    const response = await getCart(shopper);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });
  });

  it('adds 1 by default, and adding again grows the same line', async () => {
    const shopper = await shop.newShopper();
    const first = await add(shopper, { productId: 'tomatoes' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(lines(first.body)).toEqual([['tomatoes', 1]]);
    const again = await add(shopper, { productId: 'tomatoes', quantity: 2 });
    expect(lines(again.body)).toEqual([['tomatoes', 3]]);
    const other = await add(shopper, { productId: 'cabbage', quantity: 1 });
    expect(lines(other.body)).toEqual([['tomatoes', 3], ['cabbage', 1]]);
    expect(lines((await getCart(shopper)).body)).toEqual([['tomatoes', 3], ['cabbage', 1]]);
  });

  it('carries the whole product on every line, offer price included', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'cabbage' });
    const response = await getCart(shopper);
    const [line] = response.body.cart.products;
    expectProductShape(line.productId);
    expect(line.productId).toMatchObject({ _id: 'cabbage', productname: 'Cabbage', price: 400, offerPrice: 350, productCategory: { _id: 'vegetables' } });
    expect(line.quantity).toBe(1);
  });

  it('prices every line at the offer when there is one, and totals the cart as checkout will', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'tomatoes', quantity: 2 }); // 800, no offer
    const { body } = await add(shopper, { productId: 'cabbage', quantity: 3 }); // 400, offer 350
    expect(body.cart.products.map((line: any) => [line.productId._id, line.quantity, line.price, line.subtotal])).toEqual([
      ['tomatoes', 2, 800, 1600],
      ['cabbage', 3, 350, 1050],
    ]);
    expect(body.cart).toMatchObject({ totalItems: 5, totalPrice: 2650 });
    const updated = await update(shopper, 'cabbage', { quantity: 1 });
    expect(updated.body.cart).toMatchObject({ totalItems: 3, totalPrice: 1950 });
  });

  it('404 "Product not found" when adding an unknown product, and the cart is unchanged', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await add(shopper, { productId: 'no-such-thing' }), 404, 'Product not found');
    expect((await getCart(shopper)).body.cart.products).toEqual([]);
  });

  it('validates what is added', async () => {
    const shopper = await shop.newShopper();
    expectFieldErrors(await add(shopper, {}), { productId: 'Invalid product data' });
    expectFieldErrors(await add(shopper, { productId: '' }), { productId: 'Invalid product data' });
    // Tomatoes are sold by 0.5 kg from 0.5 kg: 0.3 kg and 1.25 kg are not quantities of them.
    for (const quantity of [0, -2, 0.3, 1.25, 'many', 100000, true, [2], null, '1e2', '0x10', '1.0005', '']) {
      const response = await add(shopper, { productId: 'tomatoes', quantity });
      expectErrorShape(response, 400);
      expect(response.body.errors[0].param).toBe('quantity');
    }
    // A counted product stays whole.
    expectFieldErrors(await add(shopper, { productId: 'cabbage', quantity: 1.5 }), { quantity: 'Cabbage is sold in whole pieces' });
    expect((await getCart(shopper)).body.cart.products).toEqual([]);
  });

  it('takes part of a kilo of a weighed product, priced about until packed', async () => {
    const shopper = await shop.newShopper();
    const added = await add(shopper, { productId: 'tomatoes', quantity: '1.5' });
    expect(added.status).toBe(200);
    expect(added.body.cart).toMatchObject({ totalItems: 1.5, totalPrice: 1200, estimated: true });
    expect(added.body.cart.products[0]).toMatchObject({ quantity: 1.5, subtotal: 1200, estimated: true, substitution: 'similar' });
    expect(added.body.cart.products[0].productId).toMatchObject({ quantityStep: 0.5, minQuantity: 0.5 });
    expectFieldErrors(await update(shopper, 'tomatoes', { quantity: 0.25 }), { quantity: 'Tomatoes is sold by 0.5 kg, from 0.5 kg' });
    // The original storefront's whole quantity still works.
    expect(lines((await update(shopper, 'tomatoes', { quantity: 2 })).body)).toEqual([['tomatoes', 2]]);
    await add(shopper, { productId: 'cabbage', quantity: 1 });
    const cabbage = (await getCart(shopper)).body.cart.products.find((line: { productId: { _id: string } }) => line.productId._id === 'cabbage');
    expect(cabbage).toMatchObject({ estimated: false });
  });

  it('keeps what the shopper wants done if an item is missing', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'tomatoes', quantity: 1 });
    const none = await update(shopper, 'tomatoes', { substitution: 'none' });
    expect(none.body.cart.products[0]).toMatchObject({ quantity: 1, substitution: 'none' });
    const named = await update(shopper, 'tomatoes', { substitution: { productId: 'cabbage' } });
    expect(named.body.cart.products[0].substitution).toEqual({ productId: 'cabbage' });
    expectFieldErrors(await update(shopper, 'tomatoes', { substitution: { productId: 'tomatoes' } }), { substitution: 'Choose another product the shop sells as the substitute' });
    expectFieldErrors(await update(shopper, 'tomatoes', { substitution: { productId: 'no-such-thing' } }), { substitution: 'Choose another product the shop sells as the substitute' });
    expectErrorShape(await update(shopper, 'tomatoes', { substitution: 'maybe' }), 400);
  });

  it('sets a quantity of 1 or more; 0 is a 400', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'tomatoes' });
    const response = await update(shopper, 'tomatoes', { quantity: 5 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(lines(response.body)).toEqual([['tomatoes', 5]]);
    expect(lines((await update(shopper, 'tomatoes', { quantity: 1 })).body)).toEqual([['tomatoes', 1]]);

    for (const quantity of [0, -1]) {
      expectFieldErrors(await update(shopper, 'tomatoes', { quantity }), { quantity: 'Quantity cannot be less than 1' });
    }
    expectErrorShape(await update(shopper, 'tomatoes', {}), 400);
    expectErrorShape(await update(shopper, 'tomatoes', { quantity: true }), 400);
    // Digits only: '1e2' is not a shopper's way of writing 100.
    expectFieldErrors(await update(shopper, 'tomatoes', { quantity: '1e2' }), { quantity: 'Quantity must be a number, like 2 or 1.5' });
    expect(lines((await update(shopper, 'tomatoes', { quantity: '2' })).body)).toEqual([['tomatoes', 2]]);
    await update(shopper, 'tomatoes', { quantity: 1 });
    expect(lines((await getCart(shopper)).body)).toEqual([['tomatoes', 1]]);
  });

  it('404 when updating a product that is not in the cart', async () => {
    const shopper = await shop.newShopper();
    expectErrorShape(await update(shopper, 'tomatoes', { quantity: 2 }), 404);
    expect((await getCart(shopper)).body.cart.products).toEqual([]);
  });

  it('removes a line; removing it again is a 404', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'tomatoes' });
    await add(shopper, { productId: 'carrots' });
    const response = await remove(shopper, 'tomatoes');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(lines(response.body)).toEqual([['carrots', 1]]);
    expectErrorShape(await remove(shopper, 'tomatoes'), 404);
    expectErrorShape(await remove(shopper, 'no-such-thing'), 404);
    expect(lines((await getCart(shopper)).body)).toEqual([['carrots', 1]]);
  });

  it('clears the whole cart', async () => {
    const shopper = await shop.newShopper();
    await add(shopper, { productId: 'tomatoes', quantity: 3 });
    await add(shopper, { productId: 'carrots' });
    const response = await shop.http.delete('/api/cart/clear').set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String), cart: { products: [] } });
    expect((await getCart(shopper)).body).toEqual({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });
    // Clearing an empty cart is fine too.
    expect((await shop.http.delete('/api/cart/clear').set(shopper.auth)).status).toBe(200);
  });

  it('drops a line whose product no longer exists', async () => {
    const shopper = await shop.newShopper();
    const productId = 'cart-test-vanishing';
    await shop.deps.db
      .insertInto('products')
      .values({ id: productId, name: 'Vanishing thing', price_minor: 10000, image: '/images/default-image.svg', unit: 'piece', description: 'Gone soon', category_id: 'vegetables' })
      .execute();
    await add(shopper, { productId });
    await add(shopper, { productId: 'carrots' });
    await shop.deps.db.deleteFrom('products').where('id', '=', productId).execute();
    const response = await getCart(shopper);
    expect(response.status).toBe(200);
    expect(lines(response.body)).toEqual([['carrots', 1]]);
  });

  it('needs a token for every call', async () => {
    expectTokenRejected(await shop.http.get('/api/cart'));
    expectTokenRejected(await shop.http.post('/api/cart/add').send({ productId: 'tomatoes' }));
    expectTokenRejected(await shop.http.put('/api/cart/update/tomatoes').send({ quantity: 2 }));
    expectTokenRejected(await shop.http.delete('/api/cart/remove/tomatoes'));
    expectTokenRejected(await shop.http.delete('/api/cart/clear').set('Authorization', 'Bearer garbage'));
  });
});
