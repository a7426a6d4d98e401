// MoMo request-to-pay against the local fake of MTN's Collections API: placing a MoMo
// order asks MTN once; the callback is never believed without the status endpoint, names its request,
// and makes a bounded number of checks; polling backs off and is claimed by one instance; SUCCESSFUL
// pays the order (history, receipt quoting MTN's id); FAILED says why and "Pay again" makes a new
// request; never two charges for one order; MTN down or slow leaves the order placed and, while MTN
// may still charge, tells the shopper to approve if asked and wait (the pay code only once MTN says
// the request ended); staff see MTN's ids.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { backgroundSettled } from '../../server/lib/background';
import type { ShopDeps } from '../../server/lib/deps';
import { cancelUnpaidOrder } from '../../server/modules/orders/order-changes.service';
import { checkDueMomoRequests } from '../../server/modules/payments/payments.service';
import { momoAmount } from '../../server/modules/payments/momo-amount';
import { reasonIn } from '../../server/modules/orders/momo-reasons';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { startFakeMomoCollections, type FakeMomo } from '../support/fake-momo-collections';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let fake: FakeMomo;
let staff: Shopper;

beforeAll(async () => {
  fake = await startFakeMomoCollections({
    callbackHost: 'isoko.test',
    // MTN calls the shop's public address; here that is the app itself.
    deliverCallback: (url, init) => shop.app.request(new URL(url).pathname, init),
  });
  shop = await createTestShop({ ...fake.environment(), MOMO_PAY_CODE: '654321' });
  // MTN slow: a test waits 1 s for "no answer" instead of the 10 s the shop waits (less, and a busy
  // machine's first request, token included, could be taken for MTN being slow).
  shop.deps.config.momo!.timeoutMs = 1000;
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

let phoneCounter = 0;
/** A number MoMo can ask (+25078…), unique in this file's run. */
const momoPhone = () => `+25078${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;

async function cartAndAddress(shopper: Shopper, deliveryPhone: string) {
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ phoneNumber: deliveryPhone }));
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 2 }); // 2 x 800
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 3 }); // 3 x 350
  return created.body.address._id as string;
}

async function momoOrder(options: { payerPhone?: string; key?: string; shopper?: Shopper } = {}) {
  const shopper = options.shopper ?? (await shop.newShopper());
  const deliveryPhone = momoPhone();
  const addressId = await cartAndAddress(shopper, deliveryPhone);
  const request = shop.http.post('/api/order/placeOrder').set(shopper.auth);
  if (options.key) request.set('Idempotency-Key', options.key);
  // A shopper given here orders the same cart a second time on purpose: confirmed, as one warned would.
  const again = options.shopper ? { confirmDuplicate: true } : {};
  const response = await request.send({ addressId, paymentType: 'momo', ...(options.payerPhone ? { payerPhone: options.payerPhone } : {}), ...again, callbackUrl: 'https://isoko.example/order-confirmation' });
  expect(response.status, response.text).toBe(201);
  return { shopper, deliveryPhone, response, order: response.body.order, addressId };
}

const requestsFor = (orderId: string) => fake.requests.filter((request) => request.body.externalId === orderId);
const orderOf = async (shopper: Shopper, orderId: string) => (await shop.http.get(`/api/order/getOrderDetails/${orderId}`).set(shopper.auth)).body.order;
const staffOrder = async (orderId: string) => (await shop.http.get(`/api/admin/orders/${orderId}`).set(staff.auth)).body.order;
const payAgain = (shopper: Shopper, orderId: string, body: object = {}) => shop.http.post(`/api/order/${orderId}/pay`).set(shopper.auth).send(body);
const smsTo = async (phone: string) => {
  await backgroundSettled(shop.deps);
  return (await shop.deps.db.selectFrom('outbox').select(['body', 'kind']).where('recipient', '=', phone).where('channel', '=', 'sms').orderBy('id').execute()).map((row) => row.body ?? '');
};
/** Time passes: the order's requests are due a status check now (and, with `age`, were sent that long ago). */
async function timePasses(orderId: string, ageSeconds = 0) {
  await shop.deps.db
    .updateTable('momo_requests')
    .set({ next_check_at: sql<Date>`now() - interval '1 second'` })
    .where('order_id', '=', orderId)
    .execute();
  if (ageSeconds) await sql`update momo_requests set created_at = now() - make_interval(secs => ${ageSeconds}) where order_id = ${orderId}`.execute(shop.deps.db);
}
const secondsUntilNextCheck = async (orderId: string) =>
  (await sql<{ s: number }>`select extract(epoch from next_check_at - now())::float as s from momo_requests where order_id = ${orderId} and status = 'pending'`.execute(shop.deps.db)).rows[0]?.s;

describe('placing a MoMo order', () => {
  it('asks MTN once, for the order total as a string of RWF, from the delivery phone, with every documented field', async () => {
    const { order, response, deliveryPhone } = await momoOrder();
    expect(response.body.message).toMatch(/^Order placed successfully\. Approve the payment on your phone/);
    expect(order).toMatchObject({ paymentType: 'momo', paymentStatus: 'pending', momoTransactionId: null, paymentFailureReason: null, momoRequest: { state: 'waiting', payerPhone: deliveryPhone } });
    const [sent, ...more] = requestsFor(order._id);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      status: 'PENDING',
      // The request names itself in the callback's address: only MTN and the shop know it.
      callbackUrl: `http://isoko.test/momo/callback/${sent.referenceId}`,
      body: { amount: '2650', currency: 'RWF', externalId: order._id, payer: { partyIdType: 'MSISDN', partyId: deliveryPhone.slice(1) } },
    });
    expect(sent.body.payerMessage).toContain(order._id.slice(-8).toUpperCase());
    expect(fake.refused).toEqual([]);
  });

  it('asks the number the shopper chose, and refuses one MoMo Rwanda cannot ask', async () => {
    const { order } = await momoOrder({ payerPhone: '0789 555 111' });
    expect(order.momoRequest.payerPhone).toBe('+250789555111');
    expect(requestsFor(order._id)[0].body.payer.partyId).toBe('250789555111');

    const shopper = await shop.newShopper();
    const addressId = await cartAndAddress(shopper, momoPhone());
    const refused = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId, paymentType: 'momo', payerPhone: '+256772123456' });
    expectErrorShape(refused, 400, 'Enter an MTN MoMo number of Rwanda, like 0788123456');
    expect(refused.body.errors).toContainEqual({ msg: 'Enter an MTN MoMo number of Rwanda, like 0788123456', param: 'payerPhone' });
    // Nothing was placed: the cart is still there.
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.totalItems).toBe(5);
  });

  it('asks MTN once for a double-submitted order (one Idempotency-Key)', async () => {
    const shopper = await shop.newShopper();
    const addressId = await cartAndAddress(shopper, momoPhone());
    const send = () => shop.http.post('/api/order/placeOrder').set(shopper.auth).set('Idempotency-Key', `momo-${addressId}`).send({ addressId, paymentType: 'momo' });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.body.order._id).toBe(second.body.order._id);
    expect(requestsFor(first.body.order._id)).toHaveLength(1);
    // Declined, then the same submit arrives again (a retried request): it is not a "Pay again".
    await fake.settle(requestsFor(first.body.order._id)[0].referenceId, { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    const third = await send();
    expect(third.body.order).toMatchObject({ _id: first.body.order._id, paymentStatus: 'failed' });
    expect(requestsFor(first.body.order._id)).toHaveLength(1);
  });
});

describe('the result', () => {
  it('pays the order when MTN says SUCCESSFUL: the callback makes the shop ask the status endpoint', async () => {
    const { order, shopper, deliveryPhone } = await momoOrder();
    const [sent] = requestsFor(order._id);
    const settled = await fake.settle(sent.referenceId, { status: 'SUCCESSFUL' });
    expect(settled.callbacks).toBe(1);
    expect(sent.statusChecks).toBe(1);
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'completed', momoTransactionId: settled.financialTransactionId, momoRequest: { state: 'successful' } });
    const seen = await staffOrder(order._id);
    expect(seen.history).toContainEqual(expect.objectContaining({ kind: 'payment', from: 'pending', to: 'completed', momoTransactionId: settled.financialTransactionId, by: { _id: '', fullName: 'MTN MoMo', role: null } }));
    expect(seen.momoRequests).toEqual([expect.objectContaining({ referenceId: sent.referenceId, status: 'successful', financialTransactionId: settled.financialTransactionId, amount: '2650', currency: 'RWF' })]);
    const receipt = (await smsTo(deliveryPhone)).at(-1);
    expect(receipt).toContain(`MoMo transaction ${settled.financialTransactionId}`);
    expect(receipt).toContain('RWF 2650');
    // A second callback (or a forged one) changes nothing and charges nothing.
    await shop.app.request('/momo/callback', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ externalId: order._id, status: 'SUCCESSFUL' }) });
    expect((await staffOrder(order._id)).history.filter((entry: { to: string }) => entry.to === 'completed')).toHaveLength(1);
    expect(await smsTo(deliveryPhone)).toHaveLength(1);
  });

  it('never believes a callback alone: a forged SUCCESSFUL leaves a pending request pending', async () => {
    const { order, shopper } = await momoOrder();
    const forged = await shop.app.request(`/momo/callback/${requestsFor(order._id)[0].referenceId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ externalId: order._id, status: 'SUCCESSFUL', financialTransactionId: '999', amount: '2650', currency: 'RWF' }),
    });
    expect(forged.status).toBe(200);
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'pending', momoTransactionId: null, momoRequest: { state: 'waiting' } });
    // MTN was asked, and said it is still pending.
    expect(requestsFor(order._id)[0].statusChecks).toBe(1);
    expect((await shop.app.request('/momo/callback', { method: 'POST', body: 'not json' })).status).toBe(400);
  });

  it('finds the result by polling when no callback comes: first after 5 s, then 10, 20, 40 and at most 60 s apart', async () => {
    const { order, shopper } = await momoOrder();
    const [sent] = requestsFor(order._id);
    const first = await secondsUntilNextCheck(order._id);
    expect(first).toBeGreaterThan(3);
    expect(first).toBeLessThanOrEqual(5);
    // Not due yet: nothing is asked.
    await checkDueMomoRequests(shop.deps);
    expect(sent.statusChecks).toBe(0);
    for (const gap of [10, 20, 40, 60, 60]) {
      await timePasses(order._id);
      await checkDueMomoRequests(shop.deps);
      const next = await secondsUntilNextCheck(order._id);
      expect(next).toBeGreaterThan(gap - 2);
      expect(next).toBeLessThanOrEqual(gap);
    }
    expect(sent.statusChecks).toBe(5);
    const settled = await fake.settle(sent.referenceId, { status: 'SUCCESSFUL', callback: false });
    await timePasses(order._id);
    await checkDueMomoRequests(shop.deps);
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'completed', momoTransactionId: settled.financialTransactionId });
    expect(await secondsUntilNextCheck(order._id)).toBeUndefined();
  });

  it.each([
    ['a string', 'string' as const],
    ['{code, message}', 'object' as const],
  ])('marks the payment failed with the reason MTN sent as %s, tells the shopper, and "Pay again" asks anew', async (_, reasonAs) => {
    const { order, shopper, deliveryPhone } = await momoOrder();
    const [first] = requestsFor(order._id);
    await fake.settle(first.referenceId, { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS', reasonAs });
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'failed', paymentFailureReason: 'Not enough money on the MoMo account', momoRequest: { state: 'failed' } });
    expect((await smsTo(deliveryPhone)).at(-1)).toContain('failed: Not enough money on the MoMo account. Pay again');
    const seen = await staffOrder(order._id);
    expect(seen.momoRequests[0]).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('NOT_ENOUGH_FUNDS') });

    const again = await payAgain(shopper, order._id, { payerPhone: '0789000111' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: expect.stringContaining('Approve the payment on your phone'), order: { paymentStatus: 'pending', paymentFailureReason: null, momoRequest: { state: 'waiting', payerPhone: '+250789000111' } } });
    const [, second] = requestsFor(order._id);
    expect(second.referenceId).not.toBe(first.referenceId);
    expect(second.body.payer.partyId).toBe('250789000111');
    await fake.settle(second.referenceId, { status: 'SUCCESSFUL' });
    expect((await orderOf(shopper, order._id)).paymentStatus).toBe('completed');
    expect((await staffOrder(order._id)).history.map((entry: { from: string; to: string }) => `${entry.from}>${entry.to}`)).toEqual(['pending>failed', 'failed>pending', 'pending>completed']);
  });
});

describe('why a payment failed, in the reader\'s language', () => {
  it('texts MTN\'s reason in Kinyarwanda to a phone that chose it', async () => {
    const { order, deliveryPhone } = await momoOrder();
    await shop.deps.db.insertInto('conversation_phones').values({ phone_number: deliveryPhone, language: 'rw', last_session_id: null, last_seen_at: new Date() }).execute();
    await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' });
    const text = (await smsTo(deliveryPhone)).at(-1)!;
    expect(text).toContain('ntibyakunze: Nta mafaranga ahagije ari kuri konti ya MoMo.');
    expect(text).not.toContain('Not enough money');
  });

  it('tells a MoMo shopper in the receipt that the phone will ask, not that someone will call about payment', async () => {
    const { order, shopper } = await momoOrder();
    await backgroundSettled(shop.deps);
    const receipt = await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', shopper.user.email!).where('kind', '=', 'order_placed').executeTakeFirstOrThrow();
    expect(receipt.body).toContain(`order ${order._id.slice(-8).toUpperCase()}`);
    expect(receipt.body).toContain('Approve the MoMo payment when your phone asks; we will call you about delivery.');
    expect(receipt.body).not.toContain('call you about payment');
  });

  it('keeps a reason MTN worded itself as MTN gave it, in every language', () => {
    expect(reasonIn('fr', 'Not enough money on the MoMo account')).toBe("Pas assez d'argent sur le compte MoMo");
    expect(reasonIn('rw', 'Payer account is locked')).toBe('Payer account is locked');
    expect(reasonIn('en', 'Not enough money on the MoMo account')).toBe('Not enough money on the MoMo account');
  });
});

describe('never two charges for one order', () => {
  it('refuses "Pay again" while a request is in flight, once paid, for a cancelled order, and hides other shoppers\' orders', async () => {
    const { order, shopper } = await momoOrder();
    const waiting = await payAgain(shopper, order._id);
    expectErrorShape(waiting, 409, /waiting for approval on 07/);
    const stranger = await shop.newShopper();
    expectErrorShape(await payAgain(stranger, order._id), 404, 'Order not found');
    await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'SUCCESSFUL' });
    expectErrorShape(await payAgain(shopper, order._id), 409, 'This order is already paid');
    expect(requestsFor(order._id)).toHaveLength(1);

    const other = await momoOrder({ shopper });
    await fake.settle(requestsFor(other.order._id)[0].referenceId, { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    const cancelled = await shop.http.post(`/api/admin/orders/${other.order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expectErrorShape(await payAgain(shopper, other.order._id), 409, 'This order is cancelled');
  });

  it('makes one request from a double click on "Pay again"', async () => {
    const { order, shopper } = await momoOrder();
    await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'FAILED', reason: 'EXPIRED' });
    const answers = await Promise.all([payAgain(shopper, order._id), payAgain(shopper, order._id), payAgain(shopper, order._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(requestsFor(order._id)).toHaveLength(2);
  });

  it('checks each due request from one instance only, and pays once, when two instances poll at the same moment', async () => {
    // A second instance: its own configuration and MTN token, the same database.
    const second: ShopDeps = { ...shop.deps, config: { ...loadConfig({ NODE_ENV: 'test', ...fake.environment() }) } };
    const placed = await Promise.all([momoOrder(), momoOrder(), momoOrder()]);
    for (const { order } of placed) await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'SUCCESSFUL', callback: false });
    // Only these three are due: earlier tests' requests still pending (their first check 5 s on) wait.
    const ours = placed.map(({ order }) => order._id);
    await shop.deps.db.updateTable('momo_requests').set({ next_check_at: sql<Date>`now() + interval '1 hour'` }).where('status', '=', 'pending').where('order_id', 'not in', ours).execute();
    for (const { order } of placed) await timePasses(order._id);
    const [a, b] = await Promise.all([checkDueMomoRequests(shop.deps), checkDueMomoRequests(second)]);
    expect(a + b).toBe(3);
    for (const { order, deliveryPhone } of placed) {
      expect(requestsFor(order._id)[0].statusChecks).toBe(1);
      expect((await staffOrder(order._id)).history.filter((entry: { to: string }) => entry.to === 'completed')).toHaveLength(1);
      expect(await smsTo(deliveryPhone)).toHaveLength(1);
    }
  });

  it('does not let staff settle a payment by hand while MTN may still charge the shopper', async () => {
    const { order } = await momoOrder();
    const byHand = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'TYPED-1' });
    expectErrorShape(byHand, 409, /MoMo request-to-pay for this order is waiting/);
    await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    // Failed: the shopper may pay with the pay code, and staff confirm that by hand as before.
    const confirmed = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'failed', paymentStatus: 'completed', momoTransactionId: 'TYPED-2' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toMatchObject({ paymentStatus: 'completed', momoTransactionId: 'TYPED-2', paymentType: 'momo' });
  });
});

describe('MTN down or slow', () => {
  /** What every face tells the shopper while MTN may still charge: approve if asked, wait, never pay another way. */
  const WAIT = /MTN MoMo has not answered yet, so its request to 07\d{8} may still come\. If your phone asks for your MoMo PIN, approve it, and do not pay another way/;

  it('MTN takes the request but its answer times out: every face says to approve if asked and wait, never to pay with the code; approving later pays once', async () => {
    // MTN slow for every order placed meanwhile: none of them is told to pay a second way.
    const placed = [];
    for (let order = 0; order < 3; order += 1) {
      fake.nextRequestToPay('accept_then_no_answer');
      placed.push(await momoOrder());
    }
    for (const { order, response, shopper, deliveryPhone } of placed) {
      expect(response.body.message).toMatch(WAIT);
      expect(response.body.message).not.toContain('MoMo Pay code');
      expect(order).toMatchObject({ paymentStatus: 'pending', status: 'pending', paymentFailureReason: null, momoRequest: { state: 'unconfirmed' } });
      const texts = await smsTo(deliveryPhone);
      expect(texts.at(-1)).toContain('MTN MoMo has not answered yet about paying order');
      expect(texts.at(-1)).toContain('If your phone asks for your MoMo PIN, approve it, and do not pay another way');
      expect(texts.join('\n')).not.toContain('MoMo Pay code');
      const mail = await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', shopper.user.email!).where('kind', '=', 'payment').executeTakeFirstOrThrow();
      expect(mail.body).not.toContain('MoMo Pay code');
      // The order's page says the same, and offers no "Pay again" while MTN may charge.
      expect((await orderOf(shopper, order._id)).momoRequest.state).toBe('unconfirmed');
      expectErrorShape(await payAgain(shopper, order._id), 409, /no answer from MTN yet/);
      // Staff see the same state, and take no payment by hand; the shop cancels nothing (the one rule).
      const seen = await staffOrder(order._id);
      expect(seen).toMatchObject({ momoRequest: { state: 'unconfirmed' }, momoRequests: [expect.objectContaining({ status: 'unconfirmed' })] });
      const byHand = await shop.http.post(`/api/admin/orders/${order._id}/payment`).set(staff.auth).send({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: 'CODE-1' });
      expectErrorShape(byHand, 409, /MoMo request-to-pay for this order is waiting/);
      const cancelled = await shop.deps.db.transaction().execute((trx) => cancelUnpaidOrder({ db: trx }, order._id, { id: null, name: 'The shopper' }, 'skipped'));
      expect(cancelled).toBe(false);
    }
    // The shopper approves the prompt that came after all: the order is paid once, by MoMo.
    const [{ order, shopper, deliveryPhone }] = placed;
    const settled = await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'SUCCESSFUL' });
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'completed', momoTransactionId: settled.financialTransactionId, momoRequest: { state: 'successful' } });
    expect((await smsTo(deliveryPhone)).at(-1)).toContain(`MoMo transaction ${settled.financialTransactionId}`);
  });

  it.each([
    ['answers 500', 'http_500' as const],
    ['does not answer within the time limit', 'no_answer' as const],
  ])('MTN %s: the order is placed and the shopper waits; once MTN says it never had the request, the code is offered', async (_, answer) => {
    fake.nextRequestToPay(answer);
    const { order, response, shopper, deliveryPhone } = await momoOrder();
    expect(response.body.message).toMatch(WAIT);
    expect(response.body.message).not.toContain('MoMo Pay code');
    expect(order).toMatchObject({ paymentStatus: 'pending', status: 'pending', momoRequest: { state: 'unconfirmed' } });
    expect((await smsTo(deliveryPhone)).join('\n')).not.toContain('MoMo Pay code');
    expect((await shop.http.get('/api/cart').set(shopper.auth)).body.cart.totalItems).toBe(0);
    // MTN may yet hold it: no new request until the status endpoint says it never arrived.
    expectErrorShape(await payAgain(shopper, order._id), 409, /no answer from MTN yet/);
    await timePasses(order._id);
    await checkDueMomoRequests(shop.deps);
    expect((await orderOf(shopper, order._id)).momoRequest.state).toBe('unconfirmed');
    await timePasses(order._id, 61);
    await checkDueMomoRequests(shop.deps);
    // MTN said it never had it: now the payment failed, the shopper is told why, and the code is offered.
    expect(await orderOf(shopper, order._id)).toMatchObject({ paymentStatus: 'failed', paymentFailureReason: 'MTN MoMo did not receive the payment request', momoRequest: { state: 'failed' } });
    expect((await smsTo(deliveryPhone)).at(-1)).toContain('failed: MTN MoMo did not receive the payment request. Pay again from Track orders, or pay frw 2,650.00 with MoMo Pay code 654321.');
    expect((await payAgain(shopper, order._id)).body.success).toBe(true);
  });

  it('follows a request MTN took but whose answer was lost', async () => {
    fake.nextRequestToPay('accept_then_500');
    const { order, shopper } = await momoOrder();
    expect(order.momoRequest.state).toBe('unconfirmed');
    await timePasses(order._id, 61);
    await checkDueMomoRequests(shop.deps);
    expect((await orderOf(shopper, order._id)).momoRequest.state).toBe('waiting');
    await fake.settle(requestsFor(order._id)[0].referenceId, { status: 'SUCCESSFUL' });
    expect((await orderOf(shopper, order._id)).paymentStatus).toBe('completed');
  });

  it('a refused request leaves nothing at MTN: the payment failed, the code is offered, and "Pay again" may ask at once', async () => {
    fake.nextRequestToPay('http_400');
    const { order, shopper, response, deliveryPhone } = await momoOrder();
    expect(response.body.message).toBe('Order placed successfully. MTN MoMo did not take the payment request. Pay frw 2,650.00 with MoMo Pay code 654321 (Isoko Ltd) instead.');
    expect(order).toMatchObject({ paymentStatus: 'failed', momoRequest: { state: 'failed' }, paymentFailureReason: 'MTN MoMo did not take the payment request' });
    expect((await smsTo(deliveryPhone)).at(-1)).toContain('failed: MTN MoMo did not take the payment request. Pay again from Track orders, or pay frw 2,650.00 with MoMo Pay code 654321.');
    const again = await payAgain(shopper, order._id);
    expect(again.body.success).toBe(true);
    expect(requestsFor(order._id)).toHaveLength(1);
    expect((await staffOrder(order._id)).history.map((entry: { from: string; to: string }) => `${entry.from}>${entry.to}`)).toEqual(['pending>failed', 'failed>pending']);
  });

  it('a status check MTN does not answer is asked again later', async () => {
    const { order, shopper } = await momoOrder();
    fake.nextStatus('http_500', 'no_answer');
    for (let check = 0; check < 2; check += 1) {
      await timePasses(order._id);
      await checkDueMomoRequests(shop.deps);
    }
    expect((await orderOf(shopper, order._id)).momoRequest.state).toBe('waiting');
    expect(await secondsUntilNextCheck(order._id)).toBeGreaterThan(15);
  });
});

describe('callbacks cost the shop nothing it did not plan', () => {
  const callback = (path: string, body: object) => shop.app.request(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('asks MTN nothing for a callback that names no request, an unknown one, or one already settled', async () => {
    const { order } = await momoOrder();
    const [sent] = requestsFor(order._id);
    const forged = { externalId: order._id, status: 'SUCCESSFUL', financialTransactionId: '999' };
    for (let n = 0; n < 20; n += 1) {
      expect((await callback('/momo/callback', forged)).status).toBe(200);
      expect((await callback(`/momo/callback/${randomUUID()}`, forged)).status).toBe(200);
      expect((await callback('/momo/callback/not-a-reference', forged)).status).toBe(200);
    }
    expect(sent.statusChecks).toBe(0);
    await fake.settle(sent.referenceId, { status: 'SUCCESSFUL' });
    expect(sent.statusChecks).toBe(1);
    for (let n = 0; n < 20; n += 1) await callback(`/momo/callback/${sent.referenceId}`, forged);
    expect(sent.statusChecks).toBe(1);
  });

  it('bounds the checks a request\'s own callback address can cause, however often it is replayed', async () => {
    const { order, shopper } = await momoOrder();
    const [sent] = requestsFor(order._id);
    for (let n = 0; n < 20; n += 1) await callback(`/momo/callback/${sent.referenceId}`, { externalId: order._id });
    expect(sent.statusChecks).toBe(2);
    // Another order's id in the body is not this request's callback.
    const other = await momoOrder();
    await callback(`/momo/callback/${requestsFor(other.order._id)[0].referenceId}`, { externalId: order._id });
    expect(requestsFor(other.order._id)[0].statusChecks).toBe(0);
    // The result still arrives: the polling job goes on asking at its own pace.
    await fake.settle(sent.referenceId, { status: 'SUCCESSFUL' });
    expect(sent.statusChecks).toBe(2);
    await timePasses(order._id);
    await checkDueMomoRequests(shop.deps);
    expect((await orderOf(shopper, order._id)).paymentStatus).toBe('completed');
  });
});

describe('amounts MTN is asked for', () => {
  it('RWF in whole francs (halves up), the sandbox EUR with its cents', () => {
    expect(momoAmount(265_000, 'RWF')).toBe('2650');
    expect(momoAmount(265_050, 'RWF')).toBe('2651');
    expect(momoAmount(265_049, 'RWF')).toBe('2650');
    expect(momoAmount(265_000, 'EUR')).toBe('2650');
    expect(momoAmount(265_050, 'EUR')).toBe('2650.50');
    expect(momoAmount(5, 'EUR')).toBe('0.05');
    expect(() => momoAmount(0, 'RWF')).toThrow();
  });
});
