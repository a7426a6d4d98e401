// The order notices a shopper gets by e-mail beside the SMS texts: a receipt when the order is
// placed, and one for every payment and status change, each with the order's lines and total.
// (Who gets which SMS is proven in staff-orders.test.ts; the mail leaving through SMTP in
// email-notifier.test.ts.) Without SMTP configured, as here, each e-mail is a row in the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { createTestShop, uniquePhone, type Shopper, type TestShop } from '../support/test-app';

let shop: TestShop;
let staff: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());

async function placeOrder(who: Shopper, headers: Record<string, string> = {}) {
  const address = await shop.http
    .post('/api/address/create')
    .set(who.auth)
    .send({ description: 'Green door', city: 'Kigali', street: 'KN 5 Rd', district: 'Nyarugenge', phoneNumber: '0788111333' });
  await shop.http.post('/api/cart/add').set(who.auth).send({ productId: 'tomatoes', quantity: 2 });
  const placed = await shop.http.post('/api/order/placeOrder').set(who.auth).set(headers).send({ addressId: address.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  return placed.body.order as { _id: string; amount: number; products: { productName: string; subtotal: number }[]; deliveryWindow: { label: string } };
}

async function emailsTo(address: string) {
  await backgroundSettled(shop.deps);
  return shop.deps.db.selectFrom('outbox').selectAll().where('recipient', '=', address).where('channel', '=', 'email').orderBy('id').execute();
}

/** The order's window as a text message names it: the API's label with a GSM-7 dash. */
const windowOf = (order: { deliveryWindow: { label: string } }) => order.deliveryWindow.label.replace('–', '-');

const frw = (amount: number) => `frw ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

describe('order notices by e-mail', () => {
  it('sends the shopper a receipt when the order is placed: the lines, the total, where it goes', async () => {
    const shopper = await shop.newShopper({ fullName: 'Aline Umutoni' });
    const order = await placeOrder(shopper);
    const number = order._id.slice(-8).toUpperCase();
    const [receipt] = await emailsTo(shopper.user.email!);
    expect(receipt).toMatchObject({ kind: 'order_placed', subject: `Isoko: we received order ${number} (${frw(order.amount)}), to be delivered ${windowOf(order)}` });
    expect(receipt.body).toBe(
      [
        'Hello Aline Umutoni,',
        '',
        `Isoko: we received order ${number} (${frw(order.amount)}), to be delivered ${windowOf(order)}. Thank you! Pay ${frw(order.amount)} on delivery or by MoMo Pay 123456. We call you within 10 minutes.`,
        '',
        `Order ${number}`,
        `  2 kg ${order.products[0].productName}: ${frw(order.products[0].subtotal)}`,
        `Total: ${frw(order.amount)}`,
        `Delivery window: ${windowOf(order)}`,
        'Delivery to: Green door, KN 5 Rd, Nyarugenge, Kigali (0788111333)',
        '',
        'Questions? Call +250 788 000 000 or write to support@isoko.rw.',
        'Isoko',
      ].join('\n'),
    );
  });

  it('sends no second receipt when a retried request finds the order it placed', async () => {
    const shopper = await shop.newShopper();
    const first = await placeOrder(shopper, { 'Idempotency-Key': 'retry-me' });
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const again = await shop.http.post('/api/order/placeOrder').set(shopper.auth).set({ 'Idempotency-Key': 'retry-me' }).send({ addressId: 'whatever', paymentType: 'cash' });
    expect(again.body.order._id).toBe(first._id);
    const receipts = (await emailsTo(shopper.user.email!)).filter((row) => row.kind === 'order_placed');
    expect(receipts).toHaveLength(1);
    expect(receipts[0].body).toContain(first._id.slice(-8).toUpperCase());
  });

  it('e-mails every payment and status change beside the SMS, with the MoMo transaction once paid', async () => {
    const shopper = await shop.newVerifiedShopper({ fullName: 'Eric Mugisha' });
    const order = await placeOrder(shopper);
    const number = order._id.slice(-8).toUpperCase();
    await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'MP241123.1200.A12345' });
    await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
    await shop.http.post(`/api/admin/orders/${order._id}/status`).set(staff.auth).send({ expectedStatus: 'processing', status: 'cancelled' });
    const mails = await emailsTo(shopper.user.email!);
    expect(mails.map((row) => [row.kind, row.subject])).toEqual([
      ['order_placed', `Isoko: we received order ${number} (${frw(order.amount)}), to be delivered ${windowOf(order)}`],
      ['payment', `Isoko: payment for order ${number} (${frw(order.amount)}) is confirmed`],
      ['order_status', `Isoko: order ${number} is being prepared for delivery ${windowOf(order)}`],
      ['order_status', `Isoko: order ${number} was cancelled`],
    ]);
    expect(mails[1].body).toContain('MoMo transaction: MP241123.1200.A12345');
    expect(mails[3].body).toContain(`Isoko: order ${number} was cancelled. Questions? Call +250 788 000 000.`);
  });

  it('writes to a shopper in the language their phone chose', async () => {
    const shopper = await shop.newVerifiedShopper({ fullName: 'Claudine Uwase' });
    await shop.deps.db.insertInto('conversation_phones').values({ phone_number: shopper.user.phoneNumber!, language: 'fr' }).execute();
    const order = await placeOrder(shopper);
    const [receipt] = await emailsTo(shopper.user.email!);
    expect(receipt.body!.split('\n').slice(0, 3)).toEqual(['Bonjour Claudine Uwase,', '', expect.stringContaining(`Isoko : nous avons reçu la commande ${order._id.slice(-8).toUpperCase()}`)]);
    expect(receipt.body).toContain('Une question ? Appelez le +250 788 000 000');
  });

  it('sends no e-mail to a shopper who has no address, and no text when the order is placed', async () => {
    const phoneOnly = await shop.newVerifiedShopper({ email: undefined, phoneNumber: uniquePhone() });
    const before = await shop.deps.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await placeOrder(phoneOnly);
    await backgroundSettled(shop.deps);
    expect(await shop.deps.db.selectFrom('outbox').selectAll().where('id', '>', before.id).execute()).toEqual([]);
  });
});
