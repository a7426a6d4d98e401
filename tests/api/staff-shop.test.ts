// The staff console's other calls: catalog (with out of stock and hidden reaching every face at
// once), image uploads, contact messages, the day's figures, and shopper SMS through a fake provider.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { dashboard } from '../../server/modules/orders/order-reports.service';
import { startFakeAfricasTalkingSms, type FakeSms } from '../support/fake-africas-talking-sms';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';

let shop: TestShop;
let staff: Shopper;
let shopper: Shopper;
let fake: FakeSms;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeAfricasTalkingSms();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'isoko-staff-'));
  shop = await createTestShop({ DATA_DIR: dataDir, AT_USERNAME: fake.username, AT_API_KEY: fake.apiKey, AT_SMS_URL: fake.url });
  staff = await newShopperVerifiedThroughProvider({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
  shopper = await newShopperVerifiedThroughProvider({ fullName: 'Aline Umutoni' });
});
afterAll(async () => {
  await shop.close();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** With a provider configured the outbox keeps no text, so the shopper reads the code where it went: the fake's log. */
async function newShopperVerifiedThroughProvider(overrides: { fullName: string }): Promise<Shopper> {
  const member = await shop.newShopper(overrides);
  await backgroundSettled(shop.deps);
  const sms = fake.accepted.filter((message) => message.to === member.user.phoneNumber).at(-1);
  const code = /\b(\d{6})\b/.exec(sms?.message ?? '')?.[1];
  const response = await shop.http.post('/api/user/verifyPhone').set(member.auth).send({ code });
  if (response.status !== 200) throw new Error(`verifyPhone failed: ${response.status} ${JSON.stringify(response.body)}`);
  return member;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  productname: 'Passion fruit',
  localName: 'Marakuja',
  productUnit: 'kg',
  price: 2500,
  offerPrice: 2200,
  description: 'Sweet, from Rwamagana',
  categoryId: 'fruits',
  image: '/images/products/tomatoes.svg',
  ...overrides,
});

async function chatSearch(text: string) {
  const opened = await shop.http.post('/api/chat').send({ text: '' });
  return shop.http.post('/api/chat').send({ sessionId: opened.body.sessionId, text });
}

describe('products', () => {
  it('adds a product that the storefront and the conversation search find at once', async () => {
    const created = await shop.http.post('/api/admin/products').set(staff.auth).send(newProduct());
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ productname: 'Passion fruit', localName: 'Marakuja', price: 2500, offerPrice: 2200, inStock: true, hidden: false, productCategory: { _id: 'fruits' } });
    const id = created.body.product._id;
    expect((await shop.http.get(`/api/product/getProductDetails/${id}`)).body.product.productname).toBe('Passion fruit');
    const found = await shop.http.get('/api/product/getAllProducts?search=passion');
    expect(found.body.productList.map((product: { _id: string }) => product._id)).toContain(id);
    const chat = await chatSearch('passion fruit');
    expect(chat.body.messages.map((message: { text: string }) => message.text).join('\n')).toContain('Passion fruit frw 2,200.00/kg');
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productname: '' }, 'Name is required', 'productname'],
      [{ price: -5 }, 'Price must be more than 0', 'price'],
      [{ offerPrice: 3000 }, 'Offer price must be less than the price', 'offerPrice'],
      [{ image: 'https://elsewhere.example/x.png' }, 'Upload an image first (the image must be one the shop stores)', 'image'],
      [{ image: '/uploads/../../etc/passwd' }, 'Upload an image first (the image must be one the shop stores)', 'image'],
    ];
    for (const [overrides, msg, param] of cases) {
      const response = await shop.http.post('/api/admin/products').set(staff.auth).send(newProduct(overrides));
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toEqual({ msg, param });
    }
    const unknownCategory = await shop.http.post('/api/admin/products').set(staff.auth).send(newProduct({ categoryId: 'nope' }));
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.message).toBe('Choose a category');
  });

  it('out of stock: shown as such, refused in the cart, flagged at checkout, said in chat; back in stock sells again', async () => {
    const address = await shop.http.post('/api/address/create').set(shopper.auth).send({ description: 'Home', city: 'Kigali', street: 'KG 7 Ave', district: 'Gasabo', phoneNumber: '0788222333' });
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });

    const marked = await shop.http.put('/api/admin/products/tomatoes').set(staff.auth).send({ inStock: false });
    expect(marked.status).toBe(200);
    expect(marked.body.product.inStock).toBe(false);
    expect((await shop.http.get('/api/product/getProductDetails/tomatoes')).body.product.inStock).toBe(false);

    const add = await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ success: false, message: 'Sorry, Tomatoes is out of stock', error: 'out_of_stock' });

    // The line already in the cart is flagged, and the order is refused until it goes.
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    expect(cart.body.cart.products[0]).toMatchObject({ quantity: 1, productId: { _id: 'tomatoes', inStock: false } });
    const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash' });
    expect(placed.status).toBe(400);
    expect(placed.body).toMatchObject({ message: 'Out of stock: Tomatoes. Remove it from your cart to place the order.', error: 'out_of_stock', errors: [{ msg: 'Sorry, Tomatoes is out of stock', param: 'products.tomatoes' }] });

    const results = await chatSearch('tomatoes');
    const text = results.body.messages.map((message: { text: string }) => message.text).join('\n');
    expect(text).toContain('Tomatoes frw 800.00/kg Out of stock');
    const product = await shop.http.post('/api/chat').send({ sessionId: results.body.sessionId, text: '1' });
    expect(product.body.messages.map((message: { text: string }) => message.text).join('\n')).toContain('Out of stock');
    expect(product.body.options).not.toEqual(expect.arrayContaining([{ key: '1', label: 'Add to cart' }]));

    await shop.http.put('/api/admin/products/tomatoes').set(staff.auth).send({ inStock: true });
    expect((await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash' })).status).toBe(201);
  });

  it('hiding takes a product off the storefront and search, but staff still list it', async () => {
    const created = await shop.http.post('/api/admin/products').set(staff.auth).send(newProduct({ productname: 'Cape gooseberry', localName: null, offerPrice: null }));
    const id = created.body.product._id;
    expect((await shop.http.get('/api/product/getAllProducts?search=gooseberry')).body.productList.map((p: { _id: string }) => p._id)).toContain(id);
    await shop.http.put(`/api/admin/products/${id}`).set(staff.auth).send({ hidden: true });
    expect((await shop.http.get(`/api/product/getProductDetails/${id}`)).status).toBe(404);
    expect((await shop.http.get('/api/product/getAllProducts?search=gooseberry')).body.productList.map((p: { _id: string }) => p._id)).not.toContain(id);
    expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: id })).status).toBe(404);
    const listed = await shop.http.get('/api/admin/products?search=gooseberry').set(staff.auth);
    expect(listed.body.products).toEqual([expect.objectContaining({ _id: id, hidden: true })]);
    expect((await shop.http.put('/api/admin/products/nope').set(staff.auth).send({ hidden: true })).status).toBe(404);
  });

  it('gives staff one product by id, hidden too, with what the edit screen needs; nobody else', async () => {
    const created = await shop.http
      .post('/api/admin/products')
      .set(staff.auth)
      .send(newProduct({ productname: 'Tree tomato', localName: 'Ibinyomoro', price: 1800, offerPrice: null, hidden: true, inStock: false }));
    expect(created.status).toBe(201);
    const id = created.body.product._id;

    const one = await shop.http.get(`/api/admin/products/${id}`).set(staff.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, product: created.body.product });
    expect(one.body.product).toMatchObject({
      _id: id,
      productname: 'Tree tomato',
      localName: 'Ibinyomoro',
      productUnit: 'kg',
      price: 1800,
      offerPrice: null,
      description: 'Sweet, from Rwamagana',
      hidden: true,
      inStock: false,
      imagePath: '/images/products/tomatoes.svg',
      productCategory: expect.objectContaining({ _id: 'fruits' }),
    });

    const missing = await shop.http.get('/api/admin/products/no-such-product').set(staff.auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Product not found' });
    expect((await shop.http.get(`/api/admin/products/${id}`).set(shopper.auth)).status).toBe(403);
    expect((await shop.http.get(`/api/admin/products/${id}`)).status).toBe(401);
  });
});

describe('categories', () => {
  it('adds, renames, refuses a taken name, and hides a category with its products', async () => {
    const created = await shop.http.post('/api/admin/categories').set(staff.auth).send({ name: 'Spices', description: 'Pili pili and more', image: '/images/categories/vegetables.svg' });
    expect(created.status).toBe(201);
    expect(created.body.category).toMatchObject({ name: 'Spices', hidden: false, productCount: 0 });
    const id = created.body.category._id;
    const taken = await shop.http.post('/api/admin/categories').set(staff.auth).send({ name: 'spices', image: '/images/categories/vegetables.svg' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A category with that name already exists');

    const product = await shop.http.post('/api/admin/products').set(staff.auth).send(newProduct({ productname: 'Pili pili', categoryId: id, offerPrice: null }));
    expect((await shop.http.get('/api/category/getAllCategories')).body.categories.map((c: { name: string }) => c.name)).toContain('Spices');
    await shop.http.put(`/api/admin/categories/${id}`).set(staff.auth).send({ hidden: true });
    expect((await shop.http.get('/api/category/getAllCategories')).body.categories.map((c: { name: string }) => c.name)).not.toContain('Spices');
    expect((await shop.http.get(`/api/product/getProductDetails/${product.body.product._id}`)).status).toBe(404);
    const staffList = await shop.http.get('/api/admin/categories').set(staff.auth);
    expect(staffList.body.categories.find((c: { _id: string }) => c._id === id)).toMatchObject({ hidden: true, productCount: 1 });
  });
});

describe('image uploads', () => {
  it('stores a real PNG under DATA_DIR and serves it', async () => {
    const response = await shop.http.post('/api/admin/uploads').set(staff.auth).attach('image', PNG, { filename: 'fruit.png', contentType: 'image/png' });
    expect(response.status).toBe(201);
    // Like every image field of /api, an absolute URL; sent back as a product's image, the shop keeps its path.
    expect(response.body).toMatchObject({ success: true, image: expect.stringMatching(/^http:\/\/isoko\.test\/uploads\/[0-9a-f]{24}\.png$/), type: 'image/png', size: PNG.length });
    const storedPath = new URL(response.body.image).pathname;
    const served = await shop.http.get(storedPath);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    const used = await shop.http.put('/api/admin/products/carrots').set(staff.auth).send({ image: response.body.image });
    expect(used.body.product.imagePath).toBe(storedPath);
  });

  it('keeps the image where every instance finds it: in PostgreSQL when there is one, else under DATA_DIR', async () => {
    const response = await shop.http.post('/api/admin/uploads').set(staff.auth).attach('image', PNG, { filename: 'shared.png', contentType: 'image/png' });
    const name = path.basename(new URL(response.body.image).pathname);
    const row = await shop.deps.db.selectFrom('uploaded_images').select(['type', 'bytes']).where('name', '=', name).executeTakeFirst();
    const onDisk = await readFile(path.join(dataDir, 'uploads', name)).catch(() => undefined);
    if (shop.deps.databaseKind === 'postgres') {
      expect(row?.type).toBe('image/png');
      expect(Buffer.compare(Buffer.from(row!.bytes), PNG)).toBe(0);
      expect(onDisk).toBeUndefined();
      // One uploaded while the shop still ran on the embedded database, before it moved, is still served.
      const earlier = '0123456789abcdef01234567.png';
      await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
      await writeFile(path.join(dataDir, 'uploads', earlier), PNG);
      expect((await shop.http.get(`/uploads/${earlier}`)).status).toBe(200);
    } else {
      expect(row).toBeUndefined();
      expect(Buffer.compare(onDisk!, PNG)).toBe(0);
    }
  });

  it('refuses a file whose bytes are not an image, whatever its name says', async () => {
    const response = await shop.http.post('/api/admin/uploads').set(staff.auth).attach('image', Buffer.from('<script>alert(1)</script> not a png'), { filename: 'x.png', contentType: 'image/png' });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Upload a JPEG, PNG or WebP image');
  });

  it('refuses an image over 2 MB, and a form with no file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await shop.http.post('/api/admin/uploads').set(staff.auth).attach('image', big, { filename: 'big.png', contentType: 'image/png' });
    expect(response.status).toBe(413);
    const none = await shop.http.post('/api/admin/uploads').set(staff.auth).field('other', 'x');
    expect(none.status).toBe(400);
    const escape = await shop.http.get('/uploads/..%2Fpackage.json');
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('"name": "isoko"');
    expect((await shop.http.get('/uploads/000000000000000000000000.png')).status).toBe(404);
  });
});

describe('contact messages', () => {
  it('lists newest first and marks one handled, by whom', async () => {
    for (const subject of ['First', 'Second']) {
      await shop.http.post('/api/contact').send({ name: 'Visitor', email: 'visitor@example.rw', subject, message: 'Do you deliver to Musanze?' });
    }
    const listed = await shop.http.get('/api/admin/messages?handled=false').set(staff.auth);
    expect(listed.body.messages.slice(0, 2).map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(listed.body.unhandled).toBeGreaterThanOrEqual(2);
    const id = listed.body.messages[0]._id;
    const handled = await shop.http.post(`/api/admin/messages/${id}/handled`).set(staff.auth).send({});
    expect(handled.body.contactMessage).toMatchObject({ _id: id, handledAt: expect.any(String), handledBy: { _id: staff.user._id, fullName: 'Grace Staff' } });
    const after = await shop.http.get('/api/admin/messages?handled=true').set(staff.auth);
    expect(after.body.messages.map((m: { _id: string }) => m._id)).toContain(id);
    expect(after.body.unhandled).toBe(listed.body.unhandled - 1);
    expect((await shop.http.post('/api/admin/messages/999999/handled').set(staff.auth).send({})).status).toBe(404);
  });
});

describe('the day', () => {
  it('counts today\'s orders and sales by Kigali day, with 30 days for the chart', async () => {
    const before = (await shop.http.get('/api/admin/dashboard').set(staff.auth)).body;
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toEqual({ date: before.today.date, orders: before.today.orders, sales: before.today.sales });

    // An order placed and paid at 23:30 UTC is the next day in Kigali. Sales are what was paid that day
    // (order_payments), so the order's placing and its payment are both moved there.
    const late = await shop.deps.db.selectFrom('orders').select(['id', 'amount_minor']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await sql`update orders set created_at = '2026-03-09T23:30:00Z' where id = ${late.id}`.execute(shop.deps.db);
    await sql`delete from order_payments where order_id = ${late.id}`.execute(shop.deps.db);
    await sql`insert into order_payments (order_id, method, amount_minor, recorded_at) values (${late.id}, 'cash', ${late.amount_minor}, '2026-03-09T23:30:00Z')`.execute(shop.deps.db);
    const march = await dashboard(shop.deps, new Date('2026-03-10T09:00:00Z'));
    expect(march.today).toMatchObject({ date: '2026-03-10', orders: 1, sales: late.amount_minor / 100 });
    expect(march.days.find((day) => day.date === '2026-03-09')).toEqual({ date: '2026-03-09', orders: 0, sales: 0 });
    expect(march.days[0].date).toBe('2026-02-09');
  });
});

describe('shopper SMS through the provider', () => {
  it('sends each change to the provider and keeps only the trace in the outbox', async () => {
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'carrots', quantity: 1 });
    const address = await shop.http.get('/api/address/allAddress').set(shopper.auth);
    const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.addresses[0]._id, paymentType: 'cash' });
    const order = placed.body.order;
    const before = fake.accepted.length;
    await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'MP1' });
    await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
    const sent = fake.accepted.slice(before);
    const number = order._id.slice(-8).toUpperCase();
    const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(order.amount);
    expect(sent.map((message) => [message.to, message.message])).toEqual([
      [shopper.user.phoneNumber, `Isoko: payment for order ${number} (frw ${amount}) is confirmed. Thank you!`],
      [shopper.user.phoneNumber, `Isoko: order ${number} is being prepared for delivery ${order.deliveryWindow.label.replace('–', '-')}.`],
    ]);
    expect(fake.refused).toEqual([]);
    const rows = await shop.deps.db.selectFrom('outbox').selectAll().where('recipient', '=', shopper.user.phoneNumber!).orderBy('id').execute();
    expect(rows.slice(-2).map((row) => [row.kind, row.status, row.body, row.provider_message_id])).toEqual([
      ['payment', 'sent', null, sent[0].messageId],
      ['order_status', 'sent', null, sent[1].messageId],
    ]);
  });
});
