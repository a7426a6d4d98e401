// A delivered order's receipt as the shopper keeps it: the invoice number, the lines as ordered, sent
// and refused at the door, the fee agreed, what was paid and how; none before delivery, none of
// another shopper's orders; the same receipt for staff; and the delivery e-mail carrying it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFromShell, grantStaff } from '../../server/modules/users/staff-members.service';
import { notDeliveredYet } from '../../server/modules/orders/receipt.service';
import { orderNumber } from '../../server/modules/orders/orders.schema';
import { backgroundSettled } from '../../server/lib/background';
import { createTestShop, lastMessageTo, uniquePhone, type Shopper, type TestShop } from '../support/test-app';

let shop: TestShop;
let owner: Shopper;
let staff: Shopper;
let shopper: Shopper;
let rider: { id: string; auth: { Authorization: string } };

beforeAll(async () => {
  shop = await createTestShop();
  owner = await shop.newVerifiedShopper({ fullName: 'Olive Owner' });
  await addFromShell(shop.deps, owner.user.email!, 'staff');
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
  shopper = await shop.newVerifiedShopper({ fullName: 'Aline Umutoni' });
  const phone = uniquePhone();
  const added = await shop.http.post('/api/admin/riders').set(owner.auth).send({ phoneNumber: phone, fullName: 'Eric Rider' });
  await shop.http.post('/api/auth/sign-in-code').send({ phoneNumber: phone });
  const code = /\b(\d{6})\b/.exec((await lastMessageTo(shop.deps, phone))?.body ?? '')?.[1];
  const signedIn = await shop.http.post('/api/auth/sign-in-with-code').send({ phoneNumber: phone, code });
  rider = { id: added.body.rider._id, auth: { Authorization: `Bearer ${signedIn.body.token}` } };
});
afterAll(async () => shop.close());

let keys = 0;
const key = () => `receipt-${Date.now()}-${++keys}`;

/** A cash order (2 kg of tomatoes and 1 cabbage unless told), packed and given to the rider, on its way: its code is in the shopper's SMS. */
async function orderOnItsWay(lines: [string, number][] = [['tomatoes', 2], ['cabbage', 1]], packing?: object, afterPacking?: (orderId: string) => Promise<void>) {
  const address = await shop.http
    .post('/api/address/create')
    .set(shopper.auth)
    .send({ description: 'Green door', city: 'Kigali', street: 'KN 5 Rd', district: 'Nyarugenge', phoneNumber: shopper.user.phoneNumber });
  for (const [productId, quantity] of lines) expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId, quantity })).status).toBe(200);
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash', confirmDuplicate: true });
  expect(placed.status).toBe(201);
  const order = placed.body.order as { _id: string; invoiceNumber: string; amount: number; products: { productId: string; price: number }[] };
  if (packing) expect((await shop.http.put(`/api/admin/orders/${order._id}/packing`).set(staff.auth).send(packing)).status).toBe(200);
  else expect((await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' })).status).toBe(200);
  await afterPacking?.(order._id);
  expect((await shop.http.put(`/api/admin/orders/${order._id}/rider`).set(staff.auth).send({ riderId: rider.id })).status).toBe(200);
  expect((await shop.http.post(`/api/rider/orders/${order._id}/picked-up`).set(rider.auth).set('Idempotency-Key', key()).send({})).status).toBe(200);
  const code = /code (\d{4})\b/.exec((await lastMessageTo(shop.deps, shopper.user.phoneNumber!))?.body ?? '')?.[1];
  expect(code).toBeDefined();
  const price = (productId: string) => order.products.find((line) => line.productId === productId)!.price;
  return { order, code: code!, price };
}

const receiptOf = (orderId: string, auth = shopper.auth) => shop.http.get(`/api/order/${orderId}/receipt`).set(auth);

describe('a delivered order has a receipt', () => {
  it('names the invoice, each line ordered, sent and refused, the fee agreed at the door, and the cash paid', async () => {
    const { order, code, price } = await orderOnItsWay();
    const owed = order.amount - price('cabbage') + 500;
    const delivered = await shop.http
      .post(`/api/rider/orders/${order._id}/delivered`)
      .set(rider.auth)
      .set('Idempotency-Key', key())
      .send({ code, fee: 500, collected: { method: 'cash', amount: owed }, refusedLines: [{ productId: 'cabbage', quantity: 1 }] });
    expect(delivered.status).toBe(200);

    const reply = await receiptOf(order._id);
    expect(reply.status).toBe(200);
    const receipt = reply.body.receipt;
    expect(receipt).toMatchObject({
      orderId: order._id,
      orderNumber: orderNumber(order._id),
      invoiceNumber: order.invoiceNumber,
      customer: { fullName: 'Aline Umutoni' },
      address: 'Green door, KN 5 Rd, Nyarugenge, Kigali',
      goods: order.amount - price('cabbage'),
      deliveryFee: 500,
      total: owed,
      paid: owed,
      balance: 0,
    });
    expect(receipt.lines).toEqual([
      expect.objectContaining({ productId: 'tomatoes', ordered: 2, sent: 2, refused: 0, amount: 2 * price('tomatoes') }),
      expect.objectContaining({ productId: 'cabbage', ordered: 1, sent: 1, refused: 1, amount: 0 }),
    ]);
    expect(receipt.payments).toEqual([expect.objectContaining({ method: 'cash', amount: owed, reference: null })]);
    // The receipt adds up: its lines are its goods, and goods and fee its total.
    expect(receipt.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(receipt.goods);
    expect(receipt.goods + receipt.deliveryFee).toBe(receipt.total);
    // The shopper's order details say the same total.
    expect((await shop.http.get(`/api/order/getOrderDetails/${order._id}`).set(shopper.auth)).body.order.total).toBe(receipt.total);
    // Found by the order number the shopper sees too; staff print the same receipt.
    expect((await receiptOf(orderNumber(order._id))).body.receipt).toEqual(receipt);
    const forStaff = await shop.http.get(`/api/admin/orders/${order._id}/receipt`).set(staff.auth);
    expect(forStaff.status).toBe(200);
    expect(forStaff.body.receipt).toEqual(receipt);
  });

  it('shows what was packed: a weighed line at its real weight, and a substitute the shopper accepted at its price', async () => {
    let owed = 0;
    const packing = { lines: [{ productId: 'tomatoes', packed: 1.6 }, { productId: 'cabbage', packed: 2, substitutedBy: 'cherry-tomatoes' }], done: true };
    const { order, code } = await orderOnItsWay([['tomatoes', 1.5], ['cabbage', 2]], packing, async (orderId) => {
      const accepted = await shop.http.post(`/api/order/${orderId}/substitute`).set(shopper.auth).send({ productId: 'cabbage', accept: true });
      expect(accepted.status).toBe(200);
      owed = accepted.body.order.finalAmount;
    });
    const delivered = await shop.http
      .post(`/api/rider/orders/${order._id}/delivered`)
      .set(rider.auth)
      .set('Idempotency-Key', key())
      .send({ code, fee: 0, collected: { method: 'cash', amount: owed } });
    expect(delivered.status).toBe(200);
    const { receipt } = (await receiptOf(order._id)).body;
    expect(receipt.lines).toEqual([
      expect.objectContaining({ productId: 'tomatoes', ordered: 1.5, sent: 1.6, sentUnit: 'kg', substitutedBy: null, amount: 1280 }),
      expect.objectContaining({ productId: 'cabbage', ordered: 2, sent: 2, substitutedBy: 'Cherry tomatoes', amount: 2400 }),
    ]);
    expect(receipt).toMatchObject({ goods: 3680, total: owed, paid: owed, balance: 0 });
    expect(owed).toBe(3680);
  });

  it('is sent with the delivery e-mail: invoice number, lines, fee, paid and how, and a link to print it', async () => {
    const { order, code } = await orderOnItsWay();
    const owed = order.amount + 800;
    const delivered = await shop.http
      .post(`/api/rider/orders/${order._id}/delivered`)
      .set(rider.auth)
      .set('Idempotency-Key', key())
      .send({ code, fee: 800, collected: { method: 'cash', amount: owed } });
    expect(delivered.status).toBe(200);
    await backgroundSettled(shop.deps);
    const mail = await lastMessageTo(shop.deps, shopper.user.email!);
    expect(mail?.subject).toContain(`order ${orderNumber(order._id)} was delivered`);
    expect(mail?.body).toContain(`Receipt ${order.invoiceNumber}`);
    expect(mail?.body).toContain('Delivery: frw 800.00');
    expect(mail?.body).toMatch(/Paid in cash: frw [\d,]+\.00/);
    expect(mail?.body).toContain(`http://isoko.test/receipt/${order._id}`);
  });
});

describe('no receipt', () => {
  it('before the order is delivered (409, saying when it comes), nor for anyone else (404), nor signed out (401)', async () => {
    const { order } = await orderOnItsWay();
    const early = await receiptOf(order._id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(notDeliveredYet(orderNumber(order._id)));
    const stranger = await shop.newShopper();
    expect((await receiptOf(order._id, stranger.auth)).status).toBe(404);
    expect((await shop.http.get(`/api/order/${order._id}/receipt`)).status).toBe(401);
    expect((await shop.http.get(`/api/admin/orders/${order._id}/receipt`).set(shopper.auth)).status).toBe(403);
  });
});
