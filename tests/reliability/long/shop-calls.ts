// What the crash tests do to the shop over real sockets: a shopper with an address, one placement
// (a product into the cart, then the order under an Idempotency-Key), and every order read back.
// One place, so the single-server crash and the load-balancer crash check the same things.
import { expect } from 'vitest';
import { call } from './server-process';

export interface CrashShopper {
  auth: Record<string, string>;
  addressId: string;
}

const CRASH_PRODUCTS = ['tomatoes', 'carrots', 'spinach', 'red-onions'];

/** Registers a shopper and gives them a Kigali address to deliver to. */
export async function shopperWithAddress(base: string, person: { fullName: string; email: string; phoneNumber: string }): Promise<CrashShopper> {
  const registered = await call(base, 'POST', '/api/auth/register', { ...person, password: 'crash-pass-1' });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const auth = { Authorization: `Bearer ${registered.body.token}` };
  const created = await call(base, 'POST', '/api/address/create', { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '0788123456' }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { auth, addressId: created.body.address._id as string };
}

/** Adds one product (the index-th, in turn), then places the order under the key; throws on any refusal or a dead connection. */
export async function placeOneProduct(base: string, shopper: CrashShopper, key: string, index: number): Promise<string> {
  const added = await call(base, 'POST', '/api/cart/add', { productId: CRASH_PRODUCTS[index % CRASH_PRODUCTS.length], quantity: 1 }, shopper.auth);
  if (added.status !== 200 && added.status !== 201) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
  // Each shopper orders the same one product again every few placements: confirmed, as the checkout's
  // warning of a twin order within 10 minutes allows (a crash test, not a slip).
  const placed = await call(base, 'POST', '/api/order/placeOrder', { addressId: shopper.addressId, paymentType: 'cash', confirmDuplicate: true }, { ...shopper.auth, 'Idempotency-Key': key });
  if (placed.status !== 201 && placed.status !== 200) throw new Error(`place: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.order._id as string;
}

/** Every order in the shop: on a fresh database, each one belongs to one of the test's shoppers. */
export async function allOrders(base: string, shoppers: Array<{ auth: Record<string, string> }>) {
  const orders: Array<{ _id: string; amount: number; products: Array<{ subtotal: number }> }> = [];
  for (const { auth } of shoppers) {
    for (let page = 1; ; page += 1) {
      const reply = await call(base, 'GET', `/api/order/getUserOrders?limit=50&page=${page}`, undefined, auth);
      expect(reply.status).toBe(200);
      orders.push(...reply.body.orders);
      if (reply.body.orders.length < 50) break;
    }
  }
  return orders;
}

/** Each order has lines, and its amount is what its lines add up to: none half-written. */
export function expectEveryOrderWhole(orders: Awaited<ReturnType<typeof allOrders>>) {
  for (const order of orders) {
    expect(order.products.length, order._id).toBeGreaterThan(0);
    expect(order.amount, order._id).toBe(order.products.reduce((sum, line) => sum + line.subtotal, 0));
  }
}
