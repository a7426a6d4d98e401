// A proposed substitute asked on WhatsApp with reply buttons, and the packed amount told there, for a
// shopper who wrote to the shop on WhatsApp within the last 24 hours; by SMS only after that (Meta
// refuses free-form messages outside the window, and the fake Graph API refuses them as Meta does).
// A tapped button answers through the same call as the web's Accept / Refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { signBody } from '../../server/channels/whatsapp/signature';
import { grantRole } from '../../server/modules/auth/roles.service';
import { startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';

const APP_SECRET = 'whatsapp-test-app-secret-0123';
const VERIFY_TOKEN = 'whatsapp-test-verify-token-01';

let graph: FakeGraphApi;
let shop: TestShop;
let packer: Shopper;

beforeAll(async () => {
  graph = await startFakeGraphApi();
  shop = await createTestShop(whatsappEnv(graph, APP_SECRET, VERIFY_TOKEN));
  packer = await shop.newVerifiedShopper({ fullName: 'Eric Packer' });
  await grantRole(shop.deps, packer.user._id, 'packer', null);
});
afterAll(async () => {
  await shop.close();
  await graph.close();
});

const digits = (phone: string) => phone.replace(/^\+/, '');
let counter = 0;

/** A signed webhook delivery of one message from this number, as Meta sends it. */
async function fromWhatsApp(phone: string, message: Record<string, unknown>) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: graph.phoneNumberId }, messages: [{ from: digits(phone), id: `wamid.sub${Date.now()}${++counter}`, timestamp: '1', ...message }] } }] }],
  });
  const answer = await shop.http.post('/whatsapp/webhook').set('Content-Type', 'application/json').set('X-Hub-Signature-256', signBody(raw, APP_SECRET)).send(raw);
  expect(answer.status).toBe(200);
}

const tapButton = (phone: string, id: string, title: string) => fromWhatsApp(phone, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title } } });

async function messagesTo(phone: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (graph.sentTo(digits(phone)).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return graph.sentTo(digits(phone));
}

/** A shopper who said hello on WhatsApp from their proven phone, and had the menu back. */
async function whatsappShopper(): Promise<Shopper> {
  const shopper = await shop.newVerifiedShopper({ fullName: 'Aline WhatsApp' });
  await fromWhatsApp(shopper.user.phoneNumber!, { type: 'text', text: { body: 'hi' } });
  await messagesTo(shopper.user.phoneNumber!, 1);
  return shopper;
}

/** Two cabbages packed, the packer proposing cherry tomatoes for them (frw 1,200 a pack). */
async function orderWithQuestion(shopper: Shopper) {
  const address = await shop.http.post('/api/address/create').set(shopper.auth).send({ description: 'Blue gate', city: 'Kigali', street: 'KG 7 Ave', district: 'Gasabo', phoneNumber: shopper.user.phoneNumber });
  expect((await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'cabbage', quantity: 2 })).status).toBe(200);
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash', confirmDuplicate: true });
  expect(placed.status).toBe(201);
  const orderId = placed.body.order._id as string;
  const packed = await shop.http.put(`/api/admin/orders/${orderId}/packing`).set(packer.auth).send({ lines: [{ productId: 'cabbage', packed: 2, substitutedBy: 'cherry-tomatoes' }], done: true });
  expect(packed.status).toBe(200);
  await backgroundSettled(shop.deps);
  return { orderId, number: orderId.slice(-8).toUpperCase() };
}

const smsBodies = async (phone: string) => (await shop.deps.db.selectFrom('outbox').select('body').where('channel', '=', 'sms').where('recipient', '=', phone).execute()).map((row) => row.body ?? '');
const cabbage = async (shopper: Shopper, orderId: string) => {
  const order = (await shop.http.get(`/api/order/getOrderDetails/${orderId}`).set(shopper.auth)).body.order;
  return { finalAmount: order.finalAmount, line: order.products.find((line: { productId: string }) => line.productId === 'cabbage') };
};

describe('a WhatsApp shopper', () => {
  it('is asked with Yes / No reply buttons and told the packed amount there, and a tapped Yes takes the substitute', async () => {
    const shopper = await whatsappShopper();
    const phone = shopper.user.phoneNumber!;
    const before = graph.sentTo(digits(phone)).length;
    const { orderId, number } = await orderWithQuestion(shopper);
    const sent = (await messagesTo(phone, before + 2)).slice(before);
    expect(sent.every((message) => message.accepted), JSON.stringify(sent.map((message) => message.problems))).toBe(true);
    const question = sent.find((message) => message.body.type === 'interactive');
    expect(question?.body.interactive.type).toBe('button');
    expect(question?.body.interactive.body.text).toMatch(new RegExp(`^Order ${number}: Cabbage is missing\\. Take Cherry tomatoes 2 packs \\(frw 2,400\\.00\\)\\? Answer by \\d\\d:\\d\\d\\.$`));
    const buttons = question?.body.interactive.action.buttons as { reply: { id: string; title: string } }[];
    expect(buttons.map((button) => button.reply.title)).toEqual(['Yes, take it', 'No, leave it out']);
    const packed = sent.find((message) => message.body.type === 'text');
    expect(packed?.body.text.body).toMatch(new RegExp(`^Your order ${number} is packed: frw 700\\.00 to pay`));
    // The question went on WhatsApp, not also by SMS; the packed notice goes by SMS too, as to every shopper.
    const sms = await smsBodies(phone);
    expect(sms.some((body) => body.includes('is missing'))).toBe(false);
    expect(sms).toContainEqual(expect.stringContaining(`Your order ${number} is packed`));

    await tapButton(phone, buttons[0].reply.id, buttons[0].reply.title);
    const told = await messagesTo(phone, before + 3);
    expect(told.at(-1)?.body.text.body).toBe('Cherry tomatoes is in your order.');
    expect(await cabbage(shopper, orderId)).toMatchObject({ finalAmount: 2400, line: { finalSubtotal: 2400, substitutedBy: { answer: 'accepted' } } });

    // Tapped again (or No after Yes): nothing waits, and the answer stands.
    await tapButton(phone, buttons[1].reply.id, buttons[1].reply.title);
    expect((await messagesTo(phone, before + 4)).at(-1)?.body.text.body).toBe('No question waits for an answer.');
    expect((await cabbage(shopper, orderId)).line.substitutedBy.answer).toBe('accepted');
  });

  it("answers a button only from the phone the question went to", async () => {
    const shopper = await whatsappShopper();
    const stranger = await whatsappShopper();
    const before = graph.sentTo(digits(shopper.user.phoneNumber!)).length;
    const { orderId } = await orderWithQuestion(shopper);
    const question = (await messagesTo(shopper.user.phoneNumber!, before + 2)).find((message) => message.body.type === 'interactive' && message.body.interactive.type === 'button' && message.body.interactive.action.buttons.length === 2);
    const no = question!.body.interactive.action.buttons[1].reply;
    const strangerBefore = graph.sentTo(digits(stranger.user.phoneNumber!)).length;
    await tapButton(stranger.user.phoneNumber!, no.id, no.title);
    expect((await messagesTo(stranger.user.phoneNumber!, strangerBefore + 1)).at(-1)?.body.text.body).toBe('No question waits for an answer.');
    expect((await cabbage(shopper, orderId)).line.substitutedBy.answer).toBe('asked');
    await tapButton(shopper.user.phoneNumber!, no.id, no.title);
    expect((await messagesTo(shopper.user.phoneNumber!, before + 3)).at(-1)?.body.text.body).toBe('Cabbage is left out of your order.');
    expect(await cabbage(shopper, orderId)).toMatchObject({ finalAmount: 0, line: { substitutedBy: { answer: 'refused' } } });
  });

  it('is asked by SMS once 24 hours have passed since their last WhatsApp message, and nothing is sent on WhatsApp', async () => {
    const shopper = await whatsappShopper();
    const phone = shopper.user.phoneNumber!;
    graph.windowClosed.add(digits(phone));
    await shop.deps.db.updateTable('conversation_phones').set({ last_seen_at: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where('phone_number', '=', phone).execute();
    const before = graph.sentTo(digits(phone)).length;
    const { number } = await orderWithQuestion(shopper);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(graph.sentTo(digits(phone)).length).toBe(before);
    const sms = await smsBodies(phone);
    expect(sms).toContainEqual(expect.stringMatching(new RegExp(`^Order ${number}: Cabbage is missing\\. Reply 1 or YES`)));
    expect(sms).toContainEqual(expect.stringContaining(`Your order ${number} is packed`));
  });
});
