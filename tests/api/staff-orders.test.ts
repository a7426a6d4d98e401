// The staff console's order calls: who may call them, finding orders, payments, transitions,
// the stale-state guard, history, and the shopper's SMS for every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder as placeOrderAs } from '../../server/modules/orders/orders.service';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { setShopClock } from '../support/kigali-clock';
import { createTestShop, uniquePhone, type Shopper, type TestShop } from '../support/test-app';

let shop: TestShop;
let staff: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
  shopper = await shop.newVerifiedShopper({ fullName: 'Aline Umutoni' });
});
afterAll(async () => shop.close());

async function placeOrder(who: Shopper, phoneNumber = '0788111222') {
  const address = await shop.http
    .post('/api/address/create')
    .set(who.auth)
    .send({ description: 'Green door', city: 'Kigali', street: 'KN 5 Rd', district: 'Nyarugenge', phoneNumber });
  await shop.http.post('/api/cart/add').set(who.auth).send({ productId: 'tomatoes', quantity: 2 });
  // The same 2 kg of tomatoes again and again, on purpose: confirmed, as a shopper told of the first would.
  const placed = await shop.http.post('/api/order/placeOrder').set(who.auth).send({ addressId: address.body.address._id, paymentType: 'cash', confirmDuplicate: true });
  expect(placed.status).toBe(201);
  return placed.body.order as { _id: string; amount: number; deliveryWindow: { label: string } };
}

const smsTo = (phone: string) =>
  shop.deps.db.selectFrom('outbox').selectAll().where('recipient', '=', phone).where('channel', '=', 'sms').orderBy('id').execute();

describe('who may call the staff API', () => {
  // The owner's Staff calls (/api/admin/staff) refuse staff too: tests/api/staff-roles.test.ts.
  const calls: [string, string][] = [
    ['get', '/api/admin/orders'],
    ['get', '/api/admin/orders/whatever'],
    ['post', '/api/admin/orders/whatever/status'],
    ['post', '/api/admin/orders/whatever/payment'],
    ['get', '/api/admin/products'],
    ['post', '/api/admin/products'],
    ['put', '/api/admin/products/tomatoes'],
    ['get', '/api/admin/categories'],
    ['post', '/api/admin/categories'],
    ['put', '/api/admin/categories/vegetables'],
    ['post', '/api/admin/uploads'],
    ['get', '/api/admin/messages'],
    ['post', '/api/admin/messages/1/handled'],
    ['get', '/api/admin/dashboard'],
  ];

  it.each(calls)('%s %s: 401 for a guest, 401 for a bad token, 403 for a shopper', async (method, path) => {
    const request = (extra: Record<string, string>) => (shop.http as any)[method](path).set(extra).send({ status: 'delivered', expectedStatus: 'pending', identifier: shopper.user.email });
    const guest = await request({});
    expect(guest.status).toBe(401);
    expect(guest.body.message).toMatch(/token/i);
    expect((await request({ Authorization: 'Bearer not-a-real-token' })).status).toBe(401);
    const asShopper = await request(shopper.auth);
    expect(asShopper.status).toBe(403);
    expect(asShopper.body).toMatchObject({ success: false, message: 'Staff only', error: 'forbidden' });
  });

  it('a shopper cannot grant themselves the role, and nothing changed', async () => {
    const attempt = await shop.http.post('/api/admin/staff').set(shopper.auth).send({ identifier: shopper.user.email });
    expect(attempt.status).toBe(403);
    const me = await shop.http.get('/api/user/is-auth').set(shopper.auth);
    expect(me.body.user.roles).toEqual(['shopper']);
  });

  it('login, is-auth and account say which roles the user holds', async () => {
    const login = await shop.http.post('/api/auth/login').send({ identifier: staff.user.email, password: staff.password });
    expect(login.body.user.roles).toEqual(['shopper', 'staff']);
    expect((await shop.http.get('/api/user/is-auth').set(staff.auth)).body.user.roles).toEqual(['shopper', 'staff']);
    expect((await shop.http.get('/api/user/account').set(staff.auth)).body.roles).toEqual(['shopper', 'staff']);
    expect((await shop.http.get('/api/user/account').set(shopper.auth)).body.roles).toEqual(['shopper']);
  });
});

describe('finding orders', () => {
  let first: { _id: string };
  let second: { _id: string };
  let other: Shopper;

  beforeAll(async () => {
    first = await placeOrder(shopper);
    other = await shop.newVerifiedShopper({ fullName: 'Jean Bosco Habimana', phoneNumber: '+250722333444' });
    second = await placeOrder(other, '0722333444');
  });

  it('lists every shopper\'s orders newest first with customer, channel and order number', async () => {
    const response = await shop.http.get('/api/admin/orders').set(staff.auth);
    expect(response.status).toBe(200);
    const ids = response.body.orders.map((order: { _id: string }) => order._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const seen = response.body.orders.find((order: { _id: string }) => order._id === second._id);
    expect(seen).toMatchObject({
      orderNumber: second._id.slice(-8).toUpperCase(),
      channel: 'web',
      status: 'pending',
      paymentStatus: 'pending',
      customer: { fullName: 'Jean Bosco Habimana', phoneNumber: '+250722333444', phoneVerified: true },
      momoTransactionId: null,
    });
    expect(seen.products[0]).toMatchObject({ productId: 'tomatoes', productQuantity: 2 });
  });

  it('shows the phone a shopper gave at sign-up before its SMS code is entered, said so; found by it too', async () => {
    const phone = uniquePhone();
    const unconfirmed = await shop.newShopper({ fullName: 'Divine Ingabire', phoneNumber: phone });
    const order = await placeOrder(unconfirmed, '0788999000');
    const seen = await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth);
    expect(seen.body.order.customer).toMatchObject({ fullName: 'Divine Ingabire', phoneNumber: phone, phoneVerified: false });
    const listed = await shop.http.get('/api/admin/orders').query({ search: `0${phone.slice(4)}` }).set(staff.auth);
    expect(listed.body.orders.map((found: { _id: string }) => found._id)).toEqual([order._id]);
  });

  it('names the channel each order came from, WhatsApp and chat and USSD included', async () => {
    const address = await shop.http
      .post('/api/address/create')
      .set(shopper.auth)
      .send({ description: 'Green door', city: 'Kigali', street: 'KN 5 Rd', district: 'Nyarugenge', phoneNumber: '0788111222' });
    for (const channel of ['whatsapp', 'chat', 'ussd'] as const) {
      await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
      const order = await placeOrderAs(shop.deps, shopper.user._id, { addressId: address.body.address._id, paymentType: 'cash', channel, confirmDuplicate: true });
      const seen = await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth);
      expect(seen.body.order.channel).toBe(channel);
      const listed = await shop.http.get('/api/admin/orders').query({ search: order._id.slice(-8) }).set(staff.auth);
      expect(listed.body.orders.map((found: { channel: string }) => found.channel)).toEqual([channel]);
    }
  });

  it('searches by the 8-character order number, in any case', async () => {
    const number = first._id.slice(-8).toLowerCase();
    const response = await shop.http.get(`/api/admin/orders?search=${number}`).set(staff.auth);
    expect(response.body.orders.map((order: { _id: string }) => order._id)).toEqual([first._id]);
  });

  it('searches by phone written the local way, and by part of a name', async () => {
    const byPhone = await shop.http.get('/api/admin/orders?search=0722%20333%20444').set(staff.auth);
    expect(byPhone.body.orders.map((order: { _id: string }) => order._id)).toEqual([second._id]);
    const byName = await shop.http.get('/api/admin/orders?search=bosco').set(staff.auth);
    expect(byName.body.orders.map((order: { _id: string }) => order._id)).toEqual([second._id]);
    const none = await shop.http.get('/api/admin/orders?search=100%25').set(staff.auth);
    expect(none.body.orders).toEqual([]);
    expect(none.body.pagination.total).toBe(0);
    // Digits inside other text are not a phone number: the first order's address phone has 111 in it.
    const notAPhone = await shop.http.get('/api/admin/orders?search=111%25').set(staff.auth);
    expect(notAPhone.body.orders).toEqual([]);
  });

  it('filters by status and payment status, and refuses an unknown one', async () => {
    const pending = await shop.http.get('/api/admin/orders?status=pending&paymentStatus=pending&limit=100').set(staff.auth);
    expect(pending.body.orders.length).toBeGreaterThanOrEqual(2);
    expect(pending.body.orders.every((order: { status: string }) => order.status === 'pending')).toBe(true);
    const delivered = await shop.http.get('/api/admin/orders?status=delivered').set(staff.auth);
    expect(delivered.body.orders).toEqual([]);
    const bad = await shop.http.get('/api/admin/orders?status=lost').set(staff.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of pending, processing, shipped, delivered, cancelled');
  });

  it('shows one order with its address, lines, history and next moves; 404 for an unknown id', async () => {
    const response = await shop.http.get(`/api/admin/orders/${first._id}`).set(staff.auth);
    expect(response.status).toBe(200);
    expect(response.body.order).toMatchObject({
      _id: first._id,
      address: { street: 'KN 5 Rd', phoneNumber: '+250788111222' },
      customer: { fullName: 'Aline Umutoni' },
      history: [],
      nextStatuses: ['processing', 'cancelled'],
      nextPaymentStatuses: ['completed', 'failed'],
    });
    const missing = await shop.http.get('/api/admin/orders/nope').set(staff.auth);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Order not found');
  });
});

describe('moving an order along', () => {
  it('confirms a MoMo payment, then walks pending → processing → shipped → delivered, recording each step and texting the shopper', async () => {
    const order = await placeOrder(shopper);
    const number = order._id.slice(-8).toUpperCase();
    const before = (await smsTo('+250788111222')).length;

    const noId = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('Enter the MoMo transaction id to confirm a payment');

    const paid = await shop.http
      .post(`/api/admin/orders/${order._id}/payment`)
      .set(staff.auth)
      .send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'MP241123.1200.A12345', note: 'Checked on the MoMo app' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, message: 'Payment confirmed', order: { paymentStatus: 'completed', momoTransactionId: 'MP241123.1200.A12345', nextPaymentStatuses: [] } });

    for (const [from, to] of [['pending', 'processing'], ['processing', 'shipped'], ['shipped', 'delivered']]) {
      const moved = await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: from, status: to });
      expect(moved.status).toBe(200);
      expect(moved.body.order.status).toBe(to);
      // The shopper sees it on their own order at once.
      const seen = await shop.http.get(`/api/order/getOrderDetails/${order._id}`).set(shopper.auth);
      expect(seen.body.order.status).toBe(to);
    }

    const detail = await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth);
    expect(detail.body.order.nextStatuses).toEqual([]);
    expect(detail.body.order.history.map((entry: { kind: string; from: string; to: string }) => `${entry.kind}:${entry.from}>${entry.to}`)).toEqual([
      'payment:pending>completed',
      'status:pending>processing',
      'status:processing>shipped',
      'status:shipped>delivered',
    ]);
    expect(detail.body.order.history[0]).toMatchObject({ note: 'Checked on the MoMo app', momoTransactionId: 'MP241123.1200.A12345', by: { _id: staff.user._id, fullName: 'Grace Staff', role: 'staff' } });

    // The shopper has a proven phone, so that is where the SMS go: one per change.
    const texts = (await smsTo(shopper.user.phoneNumber!)).slice(-4).map((row) => row.body);
    const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(order.amount);
    expect(texts).toEqual([
      `Isoko: payment for order ${number} (frw ${amount}) is confirmed. Thank you!`,
      `Isoko: order ${number} is being prepared for delivery ${order.deliveryWindow.label.replace('–', '-')}.`,
      `Isoko: order ${number} is on its way to you.`,
      `Isoko: order ${number} was delivered. Thank you for shopping with us!`,
    ]);
    // The delivery phone is another number: whoever answers the door hears that the order is coming
    // and that it arrived, and nothing else.
    expect((await smsTo('+250788111222')).slice(before).map((row) => row.body)).toEqual([
      `Isoko: order ${number} is on its way to you.`,
      `Isoko: order ${number} was delivered. Thank you for shopping with us!`,
    ]);
  });

  it('texts a shopper without a proven phone at the delivery phone, once per change', async () => {
    // Signed up with a phone number whose code was never entered: that number proves nothing.
    const unproven = await shop.newShopper({ fullName: 'Unproven Phone' });
    const deliveryPhone = uniquePhone();
    const order = await placeOrder(unproven, deliveryPhone.replace('+250', '0'));
    const number = order._id.slice(-8).toUpperCase();
    await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'MP1' });
    for (const [from, to] of [['pending', 'processing'], ['processing', 'shipped'], ['shipped', 'delivered']]) {
      await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: from, status: to });
    }
    expect((await smsTo(deliveryPhone)).map((row) => row.body)).toEqual([
      expect.stringContaining(`payment for order ${number}`),
      `Isoko: order ${number} is being prepared for delivery ${order.deliveryWindow.label.replace('–', '-')}.`,
      `Isoko: order ${number} is on its way to you.`,
      `Isoko: order ${number} was delivered. Thank you for shopping with us!`,
    ]);
    const toTypedNumber = await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', unproven.user.phoneNumber!).where('kind', '!=', 'general').execute();
    expect(toTypedNumber).toEqual([]);
  });

  it.each([
    ['pending', 'shipped', 'An order that is pending cannot become shipped'],
    ['pending', 'delivered', 'An order that is pending cannot become delivered'],
    ['pending', 'pending', 'The order is already pending'],
  ])('refuses %s → %s with a clear message', async (from, to, message) => {
    const order = await placeOrder(shopper);
    const refused = await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: from, status: to });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message, errors: [{ msg: message, param: 'status' }] });
    const detail = await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth);
    expect(detail.body.order.status).toBe('pending');
    expect(detail.body.order.history).toEqual([]);
  });

  it('cancels only from pending or processing', async () => {
    const fromPending = await placeOrder(shopper);
    expect((await shop.http.post(`/api/admin/orders/${fromPending._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'cancelled' })).status).toBe(200);
    const again = await shop.http.post(`/api/admin/orders/${fromPending._id}/status`).set(staff.auth).send({ expectedStatus: 'cancelled', status: 'processing' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('An order that is cancelled cannot become processing');
    const payment = await shop.http.post(`/api/admin/orders/${fromPending._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'failed' });
    expect(payment.status).toBe(400);
    expect(payment.body.message).toBe('The order is cancelled: its payment cannot change');

    const fromProcessing = await placeOrder(shopper);
    await shop.http.post(`/api/admin/orders/${fromProcessing._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
    const cancelled = await shop.http.post(`/api/admin/orders/${fromProcessing._id}/status`).set(staff.auth).send({ expectedStatus: 'processing', status: 'cancelled', note: 'Shopper called' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Order cancelled');

    const shipped = await placeOrder(shopper);
    await shop.http.post(`/api/admin/orders/${shipped._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
    await shop.http.post(`/api/admin/orders/${shipped._id}/status`).set(staff.auth).send({ expectedStatus: 'processing', status: 'shipped' });
    const late = await shop.http.post(`/api/admin/orders/${shipped._id}/status`).set(staff.auth).send({ expectedStatus: 'shipped', status: 'cancelled' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('An order that is shipped cannot become cancelled');
  });

  it('marks a payment failed (texting the pay code), and a failed payment can still be confirmed', async () => {
    const order = await placeOrder(shopper);
    const failed = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.body.message).toBe('Payment marked failed');
    const [last] = (await smsTo(shopper.user.phoneNumber!)).slice(-1);
    expect(last.body).toBe(`Isoko: we could not confirm the payment for order ${order._id.slice(-8).toUpperCase()}. Pay with MoMo Pay 123456 or call +250 788 000 000.`);
    expect(last.kind).toBe('payment');
    const confirmed = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'failed', paymentStatus: 'completed', momoTransactionId: 'TX-2' });
    expect(confirmed.status).toBe(200);
    const twice = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'completed', paymentStatus: 'failed' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('A payment that is completed cannot become failed');
  });

  it('two staff acting at once: exactly one wins, the other gets 409 with the order as it is now', async () => {
    const order = await placeOrder(shopper);
    const other = await shop.newVerifiedShopper({ fullName: 'Eric Staff' });
    await grantStaff(shop.deps, other.user.email!);
    const [a, b] = await Promise.all([
      shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' }),
      shop.http.post(`/api/admin/orders/${order._id}/status`).set(other.auth).send({ expectedStatus: 'pending', status: 'cancelled' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body).toMatchObject({ success: false, error: 'conflict', order: { _id: order._id, status: winner.body.order.status } });
    expect(loser.body.message).toBe(`This order changed while you were looking: it is now ${winner.body.order.status}`);
    const detail = await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth);
    expect(detail.body.order.history).toHaveLength(1);
  });

  it('a stale payment status is 409 too', async () => {
    const order = await placeOrder(shopper);
    await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'failed' });
    const stale = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'X' });
    expect(stale.status).toBe(409);
    expect(stale.body.order.paymentStatus).toBe('failed');
  });

  it('texts a shopper in Kinyarwanda when their phone chose it', async () => {
    const rw = await shop.newVerifiedShopper({ fullName: 'Kinyarwanda Speaker' });
    await shop.deps.db.insertInto('conversation_phones').values({ phone_number: rw.user.phoneNumber!, language: 'rw' }).execute();
    // After the same-day cut-off: the order comes tomorrow morning, "Ejo" in Kinyarwanda.
    setShopClock(shop.deps, '2026-11-24 15:00');
    try {
      const order = await placeOrder(rw);
      await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
      const [last] = (await smsTo(rw.user.phoneNumber!)).slice(-1);
      expect(last.body).toBe(`Isoko: komande ${order._id.slice(-8).toUpperCase()} irimo gutegurwa, izabagezwaho Ejo 08:00-10:00.`);
    } finally {
      shop.deps.now = undefined;
    }
  });
});
