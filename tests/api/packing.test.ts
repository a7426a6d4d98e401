// Packing the order: what a packer records, the amount rules (the cap above an estimate, a dearer
// substitute at the ordered price unless accepted, shorts, a refused substitute, an answer after its
// time), the shopper told the final amount, and who may pack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../server/modules/auth/roles.service';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { finalLineMinor, mostWithoutAsking, substitutePriceMinor } from '../../server/modules/orders/packing-amounts';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';

let shop: TestShop;
let packer: Shopper;
let staff: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  packer = await shop.newVerifiedShopper({ fullName: 'Eric Packer' });
  await grantRole(shop.deps, packer.user._id, 'packer', null);
  staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
  await grantStaff(shop.deps, staff.user.email!);
});
afterAll(async () => shop.close());

interface Line {
  productId: string;
  quantity: number | string;
  substitution?: string | object;
}

async function placeOrder(who: Shopper, lines: Line[], phoneNumber = '0788333444') {
  const address = await shop.http.post('/api/address/create').set(who.auth).send({ description: 'Blue gate', city: 'Kigali', street: 'KG 7 Ave', district: 'Gasabo', phoneNumber });
  for (const line of lines) {
    const added = await shop.http.post('/api/cart/add').set(who.auth).send(line);
    expect(added.status).toBe(200);
  }
  const placed = await shop.http.post('/api/order/placeOrder').set(who.auth).send({ addressId: address.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  return placed.body.order as { _id: string; amount: number; finalAmount: number };
}

const pack = (who: Shopper, orderId: string, body: object) => shop.http.put(`/api/admin/orders/${orderId}/packing`).set(who.auth).send(body);
const details = async (who: Shopper, orderId: string) => (await shop.http.get(`/api/order/getOrderDetails/${orderId}`).set(who.auth)).body.order;
const lineOf = (order: { products: { productId: string }[] }, productId: string) => order.products.find((line) => line.productId === productId) as Record<string, unknown>;

describe('the amount rules', () => {
  it('lets a weighed line come out at most the percent above its estimate', () => {
    expect(mostWithoutAsking(1.5, 10)).toBe(1.65);
    expect(mostWithoutAsking(2, 0)).toBe(2);
  });

  it('charges a dearer substitute at the ordered price unless accepted, a refused one nothing, a short line what was packed', () => {
    expect(substitutePriceMinor(35_000, 120_000, false)).toBe(35_000);
    expect(substitutePriceMinor(35_000, 120_000, true)).toBe(120_000);
    expect(substitutePriceMinor(35_000, 20_000, false)).toBe(20_000);
    const ordered = { quantity: 2, priceMinor: 35_000, subtotalMinor: 70_000 };
    expect(finalLineMinor({ ...ordered, packed: 1 })).toBe(35_000);
    expect(finalLineMinor({ ...ordered, packed: 2, substitute: { priceMinor: 120_000, answer: 'asked' } })).toBe(70_000);
    expect(finalLineMinor({ ...ordered, packed: 2, substitute: { priceMinor: 120_000, answer: 'timed_out' } })).toBe(70_000);
    expect(finalLineMinor({ ...ordered, packed: 2, substitute: { priceMinor: 120_000, answer: 'accepted' } })).toBe(240_000);
    expect(finalLineMinor({ ...ordered, packed: 2, substitute: { priceMinor: 120_000, answer: 'refused' } })).toBe(0);
  });
});

describe('PUT /api/admin/orders/{id}/packing', () => {
  it('refuses shoppers and riders; packers, staff and owners may pack', async () => {
    const shopper = await shop.newVerifiedShopper();
    const order = await placeOrder(shopper, [{ productId: 'cabbage', quantity: 1 }]);
    expect((await pack(shopper, order._id, { lines: [] })).status).toBe(403);
    const rider = await shop.newVerifiedShopper();
    await grantRole(shop.deps, rider.user._id, 'rider', null);
    expect((await pack(rider, order._id, { lines: [] })).status).toBe(403);
    expect((await pack(staff, order._id, { lines: [{ productId: 'cabbage', packed: 1 }] })).status).toBe(200);
  });

  it("lets a packer read the order to pack (the console's packing screen), and no shopper", async () => {
    const shopper = await shop.newVerifiedShopper();
    const order = await placeOrder(shopper, [{ productId: 'tomatoes', quantity: '1.5' }]);
    const read = (who: Shopper, id = order._id) => shop.http.get(`/api/admin/orders/${id}/packing`).set(who.auth);
    expect((await read(shopper)).status).toBe(403);
    const toPack = await read(packer);
    expect(toPack.status).toBe(200);
    // With the product's own step, for the packing screen's weight stepper.
    expect(toPack.body.order.products).toMatchObject([{ productId: 'tomatoes', productQuantity: 1.5, estimated: true, packedQuantity: null, quantityStep: 0.5 }]);
    // Staff's own order calls stay closed to a packer.
    expect((await shop.http.get(`/api/admin/orders/${order._id}`).set(packer.auth)).status).toBe(403);
    expect((await read(packer, 'no-such-order')).status).toBe(404);
  });

  it('records real weights within the cap, a substitute awaiting the answer, and tells the shopper the final amount', async () => {
    const shopper = await shop.newVerifiedShopper({ fullName: 'Aline Packed' });
    const order = await placeOrder(shopper, [
      { productId: 'tomatoes', quantity: '1.5' },
      { productId: 'cabbage', quantity: 2 },
    ]);
    expect(order.amount).toBe(1900);
    expect(order.finalAmount).toBe(1900);

    const over = await pack(packer, order._id, { lines: [{ productId: 'tomatoes', packed: 1.7 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Tomatoes: at most 1.65 kg without asking the shopper (10% above 1.5 kg): pack less or ask');
    expect((await pack(packer, order._id, { lines: [{ productId: 'cabbage', packed: 1.5 }] })).status).toBe(400);
    expect((await pack(packer, order._id, { lines: [{ productId: 'cabbage', packed: 3 }] })).status).toBe(400);
    expect((await pack(packer, order._id, { lines: [{ productId: 'garlic', packed: 1 }] })).status).toBe(400);

    const partly = await pack(packer, order._id, { lines: [{ productId: 'tomatoes', packed: 1.6 }], done: true });
    expect(partly.status).toBe(400);
    expect(partly.body.message).toBe('Record every line before packing is done: Cabbage');

    // Cabbage is missing: the packer proposes cherry tomatoes (a pack at frw 1,200, dearer than a cabbage at frw 350).
    // A refused call saves nothing: the tomatoes come again with the rest.
    const done = await pack(packer, order._id, { lines: [{ productId: 'tomatoes', packed: 1.6 }, { productId: 'cabbage', packed: 2, substitutedBy: 'cherry-tomatoes' }], done: true });
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'processing', amount: 1900, finalAmount: 1280 + 700 });
    const seen = await details(shopper, order._id);
    expect(seen).toMatchObject({ amount: 1900, finalAmount: 1980, status: 'processing' });
    expect(lineOf(seen, 'tomatoes')).toMatchObject({ productQuantity: 1.5, subtotal: 1200, packedQuantity: 1.6, finalSubtotal: 1280, substitutedBy: null });
    expect(lineOf(seen, 'cabbage')).toMatchObject({ productQuantity: 2, subtotal: 700, packedQuantity: 2, finalSubtotal: 700, substitutedBy: { productId: 'cherry-tomatoes', productName: 'Cherry tomatoes', localName: 'inyanya ntoya', price: 1200, answer: 'asked' } });

    await expect.poll(async () => (await shop.deps.db.selectFrom('outbox').select('body').where('channel', '=', 'sms').execute()).map((row) => row.body)).toContainEqual(
      expect.stringContaining(`Your order ${order._id.slice(-8).toUpperCase()} is packed: frw 1,980.00 to pay`),
    );

    // The shopper accepts the difference: the substitute at its own price.
    const accepted = await shop.http.post(`/api/order/${order._id}/substitute`).set(shopper.auth).send({ productId: 'cabbage', accept: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.order.finalAmount).toBe(1280 + 2400);
    expect((await shop.http.post(`/api/order/${order._id}/substitute`).set(shopper.auth).send({ productId: 'cabbage', accept: false })).status).toBe(409);
    const history = (await shop.http.get(`/api/admin/orders/${order._id}`).set(staff.auth)).body.order.history;
    expect(history.map((entry: { kind: string; to: string }) => `${entry.kind}:${entry.to}`)).toEqual(expect.arrayContaining(['packing:packed', 'status:processing', 'packing:accepted']));
  });

  it('leaves out a refused substitute, and applies the preference once the time to answer has passed', async () => {
    const shopper = await shop.newVerifiedShopper();
    const order = await placeOrder(shopper, [
      { productId: 'cabbage', quantity: 2 },
      { productId: 'carrots', quantity: 1 },
    ]);
    await pack(packer, order._id, { lines: [{ productId: 'cabbage', packed: 1, substitutedBy: 'cherry-tomatoes' }, { productId: 'carrots', packed: 1 }], done: true });
    const refused = await shop.http.post(`/api/order/${order._id}/substitute`).set(shopper.auth).send({ productId: 'cabbage', accept: false });
    expect(refused.status).toBe(200);
    expect(lineOf(refused.body.order, 'cabbage')).toMatchObject({ finalSubtotal: 0, substitutedBy: { answer: 'refused' } });
    expect(refused.body.order.finalAmount).toBe(lineOf(refused.body.order, 'carrots').finalSubtotal);

    const late = await placeOrder(shopper, [{ productId: 'cabbage', quantity: 2 }]);
    await pack(packer, late._id, { lines: [{ productId: 'cabbage', packed: 2, substitutedBy: 'cherry-tomatoes' }], done: true });
    const later = new Date(Date.now() + 11 * 60_000);
    shop.deps.now = () => later;
    try {
      const answer = await shop.http.post(`/api/order/${late._id}/substitute`).set(shopper.auth).send({ productId: 'cabbage', accept: true });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Too late to answer: the packer went by what you chose for missing items');
      const seen = await details(shopper, late._id);
      // "similar" applied: the substitute stays, at the ordered price.
      expect(seen.finalAmount).toBe(700);
      expect(lineOf(seen, 'cabbage')).toMatchObject({ substitutedBy: { answer: 'timed_out' } });
    } finally {
      shop.deps.now = undefined;
    }
  });

  it('never substitutes a line the shopper asked to leave out, and lets staff change the percent', async () => {
    const shopper = await shop.newVerifiedShopper();
    const order = await placeOrder(shopper, [{ productId: 'cabbage', quantity: 1, substitution: 'none' }, { productId: 'tomatoes', quantity: 2 }]);
    const refused = await pack(packer, order._id, { lines: [{ productId: 'cabbage', packed: 1, substitutedBy: 'cherry-tomatoes' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The shopper asked to leave Cabbage out if it is missing: record it as 0');
    expect((await shop.http.put('/api/admin/packing/settings').set(packer.auth).send({ overEstimatePercent: 20 })).status).toBe(403);
    const changed = await shop.http.put('/api/admin/packing/settings').set(staff.auth).send({ overEstimatePercent: 20 });
    expect(changed.body.settings).toMatchObject({ overEstimatePercent: 20, defaultSubstitution: 'similar', answerMinutes: 10 });
    try {
      expect((await pack(packer, order._id, { lines: [{ productId: 'tomatoes', packed: 2.4 }] })).status).toBe(200);
    } finally {
      await shop.http.put('/api/admin/packing/settings').set(staff.auth).send({ overEstimatePercent: 10 });
    }
  });
});

describe('GET /api/admin/delivery/windows/{id}/picklist', () => {
  it("sums a window's products across its orders, with each order's packing slip", async () => {
    const first = await shop.newVerifiedShopper({ fullName: 'Jean Picker' });
    const second = await shop.newVerifiedShopper({ fullName: 'Claire Picker' });
    const one = await placeOrder(first, [{ productId: 'red-onions', quantity: '1.5' }, { productId: 'garlic', quantity: 1, substitution: 'none' }]);
    const windowId = (await details(first, one._id)).deliveryWindow.start.slice(0, 16);
    const two = await placeOrder(second, [{ productId: 'red-onions', quantity: 2 }]);
    expect((await details(second, two._id)).deliveryWindow.start.slice(0, 16)).toBe(windowId);

    const reply = await shop.http.get(`/api/admin/delivery/windows/${windowId}/picklist`).set(packer.auth);
    expect(reply.status).toBe(200);
    const onions = reply.body.items.find((item: { productId: string }) => item.productId === 'red-onions');
    expect(onions).toMatchObject({ quantity: 3.5, unit: 'kg', orders: 2, category: 'Vegetables', preferences: { similar: 2, none: 0, product: 0 } });
    const slip = reply.body.slips.find((entry: { orderId: string }) => entry.orderId === one._id);
    expect(slip).toMatchObject({ orderNumber: one._id.slice(-8).toUpperCase(), shopper: { fullName: 'Jean Picker' }, address: { description: 'Blue gate', street: 'KG 7 Ave' }, packed: false });
    expect(slip.lines).toEqual([
      expect.objectContaining({ productId: 'red-onions', quantity: 1.5, estimated: true, substitution: 'similar' }),
      expect.objectContaining({ productId: 'garlic', quantity: 1, substitution: 'none' }),
    ]);
    expect((await shop.http.get('/api/admin/delivery/windows/tomorrow/picklist').set(packer.auth)).status).toBe(400);
    expect((await shop.http.get(`/api/admin/delivery/windows/${windowId}/picklist`).set(first.auth)).status).toBe(403);
  });
});
