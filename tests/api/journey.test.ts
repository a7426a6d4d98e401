// A shopper's whole journey through the API, as the storefront makes it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, uniqueEmail, uniquePhone, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

it('register, browse, search with a typo, rate, fill the cart, add an address, place a cash order, see it', async () => {
  const { http } = shop;

  // Register, signed in at once.
  const email = uniqueEmail('journey');
  const phone = uniquePhone();
  const registered = await http.post('/api/auth/register').send({ fullName: 'Uwimana Grace', email, phoneNumber: phone, password: 'murakoze-1' });
  expect(registered.status).toBe(201);
  const auth = { Authorization: `Bearer ${registered.body.token}` };
  expect((await http.get('/api/user/is-auth').set(auth)).body.user.fullName).toBe('Uwimana Grace');

  // Browse: the home page's categories and newest products, then a category page.
  const categories = (await http.get('/api/category/getAllCategories')).body.categories as Array<{ _id: string; name: string }>;
  expect(categories).toHaveLength(9);
  const featured = await http.get('/api/product/getAllProducts').query({ page: 1, limit: 10 });
  expect(featured.body.productList).toHaveLength(10);
  const vegetables = categories.find((c) => c._id === 'vegetables')!;
  const aisle = await http.get(`/api/category/${vegetables.name}/products`);
  expect(aisle.body.products).toHaveLength(8);
  const moreAisle = await http.get(`/api/category/${vegetables.name}/products`).query({ page: 2 });
  expect(moreAisle.status).toBe(200);

  // Search with a typo, open the first result.
  const found = await http.get('/api/product/getAllProducts').query({ search: 'tomatos' });
  const tomatoes = found.body.productList[0];
  expect(tomatoes.productname).toBe('Tomatoes');
  const details = await http.get(`/api/product/getProductDetails/${tomatoes._id}`);
  expect(details.body.product).toMatchObject({ _id: tomatoes._id, price: 800, productUnit: 'kg' });

  // Rate it: one more rating, counted into the seeded average.
  const { ratingCount, averageRating } = details.body.product;
  const rated = await http.put(`/api/product/rateProduct/${tomatoes._id}`).set(auth).send({ rating: 4 });
  expect(rated.body.product).toMatchObject({ _id: tomatoes._id, ratingCount: ratingCount + 1 });
  expect(rated.body.product.averageRating).toBeCloseTo((averageRating * ratingCount + 4) / (ratingCount + 1), 1);

  // Fill the cart: tomatoes twice (quantity 1 each time, as the card sends), cabbage (on offer), then adjust.
  await http.post('/api/cart/add').set(auth).send({ productId: tomatoes._id, quantity: 1 });
  await http.post('/api/cart/add').set(auth).send({ productId: tomatoes._id, quantity: 1 });
  await http.post('/api/cart/add').set(auth).send({ productId: 'cabbage', quantity: 1 });
  await http.post('/api/cart/add').set(auth).send({ productId: 'carrots', quantity: 1 });
  await http.put('/api/cart/update/cabbage').set(auth).send({ quantity: 3 });
  await http.delete('/api/cart/remove/carrots').set(auth);
  const cart = await http.get('/api/cart').set(auth);
  const lines = cart.body.cart.products as Array<{ productId: { _id: string; price: number; offerPrice?: number | null }; quantity: number }>;
  expect(lines.map((l) => [l.productId._id, l.quantity])).toEqual([[tomatoes._id, 2], ['cabbage', 3]]);
  const expectedTotal = lines.reduce((sum, l) => {
    const offer = l.productId.offerPrice;
    const price = offer != null && offer < l.productId.price ? offer : l.productId.price;
    return sum + price * l.quantity;
  }, 0);
  expect(expectedTotal).toBe(2 * 800 + 3 * 350);

  // Add an address at checkout: it is the default.
  const created = await http.post('/api/address/create').set(auth).send({
    description: 'Blue gate opposite the school',
    city: 'Kigali',
    street: 'KG 9 Ave 14',
    district: 'Gasabo',
    phoneNumber: `0${phone.slice(4)}`,
  });
  expect(created.status).toBe(201);
  const addresses = (await http.get('/api/address/allAddress').set(auth)).body.addresses;
  expect(addresses).toEqual([created.body.address]);
  expect(addresses[0].isDefault).toBe(true);

  // Place a cash order.
  const placed = await http
    .post('/api/order/placeOrder')
    .set(auth)
    .set('Idempotency-Key', 'journey-checkout-1')
    .send({ addressId: addresses[0]._id, paymentType: 'cash', callbackUrl: 'http://localhost:3000/order-confirmation' });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.order._id as string;
  expect(placed.body.invoiceNumber).toEqual(expect.any(String));
  expect(placed.body.order).toMatchObject({ amount: expectedTotal, status: 'pending', paymentStatus: 'pending', paymentType: 'cash' });
  expect((await http.get('/api/cart').set(auth)).body).toEqual({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });

  // See it in the order list and in its details.
  const list = await http.get('/api/order/getUserOrders').set(auth).query({ page: 1, limit: 10 });
  expect(list.body.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
  expect(list.body.data.pagination).toMatchObject({ currentPage: 1, hasNextPage: false, totalPages: 1 });
  const order = (await http.get(`/api/order/getOrderDetails/${orderId}`).set(auth)).body.order;
  expect(order).toMatchObject({
    _id: orderId,
    invoiceNumber: placed.body.invoiceNumber,
    amount: expectedTotal,
    address: { description: 'Blue gate opposite the school', district: 'Gasabo', email },
  });
  expect(order.products.map((p: { productName: string; productQuantity: number; price: number; subtotal: number }) => [p.productName, p.productQuantity, p.price, p.subtotal])).toEqual([
    ['Tomatoes', 2, 800, 1600],
    ['Cabbage', 3, 350, 1050],
  ]);

  // The pay code the confirmation shows comes from the shop's configuration.
  expect((await http.get('/api/config')).body.payCode).toMatch(/^\d{4,10}$/);

  // Sign out: the session ends.
  expect((await http.get('/api/user/logout').set(auth)).status).toBe(200);
  expect((await http.get('/api/order/getUserOrders').set(auth)).status).toBe(401);
});
