import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';

const ADMIN_KEY = 'operator-key-0123456789abcdef';
let shop: TestShop;
let shopper: Shopper;
let orderId: string;
const admin = { 'X-Admin-Key': ADMIN_KEY };

beforeAll(async () => {
  shop = await createTestShop({ ADMIN_API_KEY: ADMIN_KEY });
  shopper = await shop.newShopper();
  const address = await shop.http
    .post('/api/address/create')
    .set(shopper.auth)
    .send({ description: 'Green door', city: 'Kigali', street: 'KN 5 Rd', district: 'Nyarugenge', phoneNumber: '0788111222' });
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 2 });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash' });
  orderId = placed.body.order._id;
});
afterAll(async () => shop.close());

describe('operator approving a payment', () => {
  it('is refused without the admin key, and a shopper token is not one', async () => {
    expect((await shop.http.get('/api/admin/orders')).status).toBe(403);
    expect((await shop.http.get('/api/admin/orders').set(shopper.auth)).status).toBe(403);
  });

  it('lists pending payments and marks one completed, which the shopper then sees', async () => {
    const pending = await shop.http.get('/api/admin/orders?paymentStatus=pending').set(admin);
    expect(pending.status).toBe(200);
    expect(pending.body.orders.map((order: { _id: string }) => order._id)).toContain(orderId);

    const approved = await shop.http.put(`/api/admin/orders/${orderId}/status`).set(admin).send({ paymentStatus: 'completed', status: 'processing' });
    expect(approved.status).toBe(200);
    const seen = await shop.http.get(`/api/order/getOrderDetails/${orderId}`).set(shopper.auth);
    expect(seen.body.order.paymentStatus).toBe('completed');
    expect(seen.body.order.status).toBe('processing');
  });

  it('refuses a transition that skips or reverses the flow', async () => {
    const backwards = await shop.http.put(`/api/admin/orders/${orderId}/status`).set(admin).send({ status: 'pending' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('An order that is processing cannot become pending');
    const unknown = await shop.http.put(`/api/admin/orders/${orderId}/status`).set(admin).send({ status: 'lost' });
    expect(unknown.status).toBe(400);
  });
});

describe('without an admin key configured', () => {
  it('the operator calls do not exist', async () => {
    const plain = await createTestShop();
    try {
      expect((await plain.http.get('/api/admin/orders').set(admin)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
