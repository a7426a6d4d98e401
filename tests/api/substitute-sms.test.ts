// A proposed substitute asked and answered by SMS: the question Africa's Talking is asked to send
// (checked by a local fake of its SMS API), the incoming-messages callback guarded by the gateway's
// secret, and each kind of reply (take it, leave it out, too late, no question), in the shopper's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { grantRole } from '../../server/modules/auth/roles.service';
import { startFakeAfricasTalkingSms, type FakeSms } from '../support/fake-africas-talking-sms';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';

const SECRET = 'gateway-secret-0123456789';
let fake: FakeSms;
let shop: TestShop;
let packer: Shopper;

/** A shopper whose phone is proven with the code the fake provider was asked to send. */
async function verifiedShopper(): Promise<Shopper> {
  const shopper = await shop.newShopper();
  await backgroundSettled(shop.deps);
  const code = /\b(\d{6})\b/.exec(fake.accepted.filter((message) => message.to === shopper.user.phoneNumber).at(-1)?.message ?? '')?.[1];
  const verified = await shop.http.post('/api/user/verifyPhone').set(shopper.auth).send({ code });
  expect(verified.status).toBe(200);
  return shopper;
}

beforeAll(async () => {
  fake = await startFakeAfricasTalkingSms();
  shop = await createTestShop({ AT_USERNAME: fake.username, AT_API_KEY: fake.apiKey, AT_SMS_URL: fake.url, USSD_SECRET: SECRET });
  packer = await verifiedShopper();
  await grantRole(shop.deps, packer.user._id, 'packer', null);
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

/** An order of two cabbages whose packer proposes cherry tomatoes instead (a pack at frw 1,200 each, dearer). */
async function orderWithQuestion(shopper: Shopper) {
  const address = await shop.http.post('/api/address/create').set(shopper.auth).send({ description: 'Blue gate', city: 'Kigali', street: 'KG 7 Ave', district: 'Gasabo', phoneNumber: shopper.user.phoneNumber });
  expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 2 })).status).toBe(200);
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash', confirmDuplicate: true });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order._id as string;
  const packed = await shop.http.put(`/api/admin/orders/${orderId}/packing`).set(packer.auth).send({ lines: [{ productId: 'cabbage', packed: 2, substitutedBy: 'cherry-tomatoes' }], done: true });
  expect(packed.status).toBe(200);
  await backgroundSettled(shop.deps);
  return { orderId, number: orderId.slice(-8).toUpperCase() };
}

/** Africa's Talking's incoming-message callback, as the gateway posts it. */
const incoming = (from: string, text: string, key: string | null = SECRET) => {
  const request = shop.http.post(`/sms/incoming${key === null ? '' : `?key=${encodeURIComponent(key)}`}`).type('form');
  return request.send({ from, to: '23456', text, date: '2026-11-27 10:15:00', id: `ATXid_${Date.now()}`, linkId: 'link-1', networkCode: '63510' });
};

const smsTo = (phone: string) => fake.accepted.filter((message) => message.to === phone).map((message) => message.message);
const lineOf = async (shopper: Shopper, orderId: string) => {
  const order = (await shop.http.get(`/api/order/getOrderDetails/${orderId}`).set(shopper.auth)).body.order;
  return { finalAmount: order.finalAmount as number, line: order.products.find((line: { productId: string }) => line.productId === 'cabbage') };
};

describe('the question by SMS', () => {
  it('tells the shopper which reply takes the substitute and which leaves it out', async () => {
    const shopper = await verifiedShopper();
    const { number } = await orderWithQuestion(shopper);
    const question = smsTo(shopper.user.phoneNumber!).find((message) => message.startsWith(`Order ${number}:`));
    expect(question).toMatch(new RegExp(`^Order ${number}: Cabbage is missing\\. Reply 1 or YES to take Cherry tomatoes 2 packs \\(frw 2,400\\.00\\), 2 or NO to leave it out, by \\d\\d:\\d\\d\\.$`));
    expect(fake.refused).toEqual([]);
  });

  it("is in the language the shopper's phone chose", async () => {
    const shopper = await verifiedShopper();
    await shop.deps.db.insertInto('conversation_phones').values({ phone_number: shopper.user.phoneNumber!, language: 'fr', last_session_id: 'ussd:x', last_seen_at: new Date() }).execute();
    const { number } = await orderWithQuestion(shopper);
    expect(smsTo(shopper.user.phoneNumber!)).toContainEqual(expect.stringMatching(new RegExp(`^Commande ${number}: Cabbage manque\\. Repondez 1 ou OUI pour Cherry tomatoes 2 paquets \\(frw 2,400\\.00\\), 2 ou NON pour le retirer, avant \\d\\d:\\d\\d\\.$`)));
    expect((await incoming(shopper.user.phoneNumber!, 'Non')).status).toBe(200);
    await backgroundSettled(shop.deps);
    expect(smsTo(shopper.user.phoneNumber!).at(-1)).toBe('Isoko: Cabbage est retire de votre commande.');
  });
});

describe('POST /sms/incoming', () => {
  it("refuses a caller without the gateway's secret, and changes nothing", async () => {
    const shopper = await verifiedShopper();
    const { orderId } = await orderWithQuestion(shopper);
    const sent = fake.accepted.length;
    expect((await incoming(shopper.user.phoneNumber!, 'YES', null)).status).toBe(403);
    expect((await incoming(shopper.user.phoneNumber!, 'YES', 'wrong-secret-0123456789')).status).toBe(403);
    const header = await shop.http.post('/sms/incoming').set('X-USSD-Secret', 'wrong-secret-0123456789').type('form').send({ from: shopper.user.phoneNumber, text: 'YES' });
    expect(header.status).toBe(403);
    await backgroundSettled(shop.deps);
    expect(fake.accepted.length).toBe(sent);
    expect((await lineOf(shopper, orderId)).line.substitutedBy.answer).toBe('asked');
    // The gateway's header works as its ?key= does.
    const allowed = await shop.http.post('/sms/incoming').set('X-USSD-Secret', SECRET).type('form').send({ from: shopper.user.phoneNumber, text: 'Yego' });
    expect(allowed.status).toBe(200);
    expect((await lineOf(shopper, orderId)).line.substitutedBy.answer).toBe('accepted');
  });

  it('takes the substitute on YES, at its own price, and says so', async () => {
    const shopper = await verifiedShopper();
    const { orderId } = await orderWithQuestion(shopper);
    expect((await lineOf(shopper, orderId)).finalAmount).toBe(700);
    expect((await incoming(shopper.user.phoneNumber!, ' yes! ')).status).toBe(200);
    const after = await lineOf(shopper, orderId);
    expect(after.line).toMatchObject({ finalSubtotal: 2400, substitutedBy: { answer: 'accepted' } });
    expect(after.finalAmount).toBe(2400);
    await backgroundSettled(shop.deps);
    expect(smsTo(shopper.user.phoneNumber!).at(-1)).toBe('Isoko: Cherry tomatoes is in your order.');
    // A second reply finds no question waiting, and is told so.
    expect((await incoming(shopper.user.phoneNumber!, '2')).status).toBe(200);
    await backgroundSettled(shop.deps);
    expect(smsTo(shopper.user.phoneNumber!).at(-1)).toBe('Isoko: No question waits for an answer.');
    expect((await lineOf(shopper, orderId)).line.substitutedBy.answer).toBe('accepted');
  });

  it('leaves the item out on 2, and tells a reply after the time to answer that it is too late', async () => {
    const shopper = await verifiedShopper();
    const first = await orderWithQuestion(shopper);
    expect((await incoming(shopper.user.phoneNumber!, '2')).status).toBe(200);
    expect(await lineOf(shopper, first.orderId)).toMatchObject({ finalAmount: 0, line: { finalSubtotal: 0, substitutedBy: { answer: 'refused' } } });
    await backgroundSettled(shop.deps);
    expect(smsTo(shopper.user.phoneNumber!).at(-1)).toBe('Isoko: Cabbage is left out of your order.');

    const second = await orderWithQuestion(shopper);
    const later = new Date(Date.now() + 11 * 60_000);
    shop.deps.now = () => later;
    try {
      expect((await incoming(shopper.user.phoneNumber!, 'YES')).status).toBe(200);
      await backgroundSettled(shop.deps);
      expect(smsTo(shopper.user.phoneNumber!).at(-1)).toBe('Isoko: Too late to answer: we went by your choice.');
      // The preference ("similar") stands: the substitute at the ordered price.
      expect(await lineOf(shopper, second.orderId)).toMatchObject({ finalAmount: 700, line: { substitutedBy: { answer: 'timed_out' } } });
    } finally {
      shop.deps.now = undefined;
    }
  });

  it('answers only the questions of the phone it comes from, and leaves other texts unanswered', async () => {
    const shopper = await verifiedShopper();
    const stranger = await verifiedShopper();
    const { orderId } = await orderWithQuestion(shopper);
    expect((await incoming(stranger.user.phoneNumber!, 'YES')).status).toBe(200);
    await backgroundSettled(shop.deps);
    expect(smsTo(stranger.user.phoneNumber!).at(-1)).toBe('Isoko: No question waits for an answer.');
    const sent = fake.accepted.length;
    expect((await incoming(shopper.user.phoneNumber!, 'Hello, when do you deliver?')).status).toBe(200);
    await backgroundSettled(shop.deps);
    expect(fake.accepted.length).toBe(sent);
    expect((await lineOf(shopper, orderId)).line.substitutedBy.answer).toBe('asked');
    expect((await incoming('not a phone', 'YES')).status).toBe(400);
  });
});
