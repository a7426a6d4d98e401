// The cross-user access matrix, generated from the app's own route table: every /api
// route that is not listed as public must refuse a guest with 401, and a second shopper who aims
// at the first one's resources gets 404 and leaves her data exactly as it was. A route added later
// is in the matrix without anyone remembering; one that takes a resource id must be classified
// below, or the matrix fails and says which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/modules/auth/roles.schema';
import { addFromShell } from '../../server/modules/users/staff-members.service';
import { address, expectErrorShape, expectNoInternals } from '../api/expectations';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { apiRoutes as routeTable, fillPath, paramNames, type Route } from './route-table';


/** Routes anyone may call: the catalogue, signing in, the shop's facts, the chat (a guest may browse). */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/sign-in-code',
  'POST /api/auth/sign-in-with-code',
  'GET /api/product/getAllProducts',
  'GET /api/product/getProductDetails/:id',
  'GET /api/category/getAllCategories',
  'GET /api/category/:nameOrId/products',
  'POST /api/contact',
  'POST /api/chat',
  'GET /api/config',
  'GET /api/health',
  'GET /api/delivery/windows',
  'GET /api/delivery/weekly-times',
  'GET /api/delivery/fees',
  'GET /api/openapi.json',
  'GET /api/docs',
]);

/** The staff console's and the rider app's routes: each allows the roles it declares (x-roles in /api/openapi.json), never a shopper's or a guest's token. */
const isOperatorRoute = (path: string) => path.startsWith('/api/admin/') || path.startsWith('/api/rider/');

interface Owned {
  alice: { addressId: string; orderId: string; cartProductId: string; basketId: string };
}
interface Aim {
  params: Record<string, string>;
  body?: unknown;
}
/**
 * Signed-in routes that name a resource in their path: which of Alice's resources Bob aims at.
 * A shopper's product rating names a catalogue product, not someone's resource: Bob rates for himself.
 */
const AIM_AT_ALICE: Record<string, ((owned: Owned) => Aim) | 'not-owned'> = {
  'PUT /api/cart/update/:productId': ({ alice }) => ({ params: { productId: alice.cartProductId }, body: { quantity: 9 } }),
  'DELETE /api/cart/remove/:productId': ({ alice }) => ({ params: { productId: alice.cartProductId } }),
  'PUT /api/address/update/:id': ({ alice }) => ({ params: { id: alice.addressId }, body: address({ street: 'Hijacked', isDefault: true }) }),
  'DELETE /api/address/delete/:id': ({ alice }) => ({ params: { id: alice.addressId } }),
  'GET /api/order/getOrderDetails/:id': ({ alice }) => ({ params: { id: alice.orderId } }),
  'POST /api/order/:id/pay': ({ alice }) => ({ params: { id: alice.orderId }, body: {} }),
  'POST /api/order/:id/reorder': ({ alice }) => ({ params: { id: alice.orderId } }),
  'GET /api/order/:id/receipt': ({ alice }) => ({ params: { id: alice.orderId } }),
  'POST /api/order/:id/substitute': ({ alice }) => ({ params: { id: alice.orderId }, body: { productId: alice.cartProductId, accept: true } }),
  'PUT /api/baskets/:id': ({ alice }) => ({ params: { id: alice.basketId }, body: { paused: true, skipNext: true, weekday: 1, windowStart: '08:00' } }),
  'DELETE /api/baskets/:id': ({ alice }) => ({ params: { id: alice.basketId } }),
  'PUT /api/product/rateProduct/:id': 'not-owned',
};

const apiRoutes = (shop: TestShop) => routeTable(shop.app);

let shop: TestShop;
let alice: Shopper;
let bob: Shopper;
let owned: Owned;
let aliceInvoice: string;
let calls = 0;

function send(route: Route, path: string, headers: Record<string, string>, body?: unknown) {
  calls += 1;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const request = shop.http[method](path).set(headers);
  return route.method === 'GET' || route.method === 'DELETE' ? request : request.send((body ?? {}) as object);
}

/** Everything Alice can see of her own account, to compare before and after each of Bob's calls. */
async function aliceData() {
  const [cart, addresses, orders, account, details, baskets] = await Promise.all([
    shop.http.get('/api/cart').set(alice.auth),
    shop.http.get('/api/address/allAddress').set(alice.auth),
    shop.http.get('/api/order/getUserOrders').set(alice.auth),
    shop.http.get('/api/user/account').set(alice.auth),
    shop.http.get(`/api/order/getOrderDetails/${owned.alice.orderId}`).set(alice.auth),
    shop.http.get('/api/baskets').set(alice.auth),
  ]);
  for (const response of [cart, addresses, orders, account, details, baskets]) expect(response.status).toBe(200);
  return { cart: cart.body, addresses: addresses.body, orders: orders.body, account: account.body, order: details.body, baskets: baskets.body };
}

/** Bob's token, signed in afresh when a call (his own logout) has ended his session. */
async function bobSignedIn(): Promise<Record<string, string>> {
  if ((await shop.http.get('/api/user/is-auth').set(bob.auth)).status === 200) return bob.auth;
  const login = await shop.http.post('/api/auth/login').send({ identifier: bob.user.email, password: bob.password });
  expect(login.status, 'Bob can still sign in with his own password').toBe(200);
  bob = { ...bob, token: login.body.token, auth: { Authorization: `Bearer ${login.body.token}` } };
  return bob.auth;
}

/** A body that carries Alice's identifiers in every field a route might read. */
function poisonedBody() {
  return {
    addressId: owned.alice.addressId,
    orderId: owned.alice.orderId,
    productId: owned.alice.cartProductId,
    userId: alice.user._id,
    email: alice.user.email,
    phoneNumber: alice.user.phoneNumber,
    identifier: alice.user.email,
    fullName: 'Bob Habimana',
    password: bob.password,
    paymentType: 'cash',
    quantity: 1,
  };
}

beforeAll(async () => {
  shop = await createTestShop();
  alice = await shop.newShopper({ fullName: 'Alice Mukamana', password: 'alice-pass' });
  bob = await shop.newShopper({ fullName: 'Bob Habimana', password: 'bob-pass' });
  const created = await shop.http.post('/api/address/create').set(alice.auth).send(address({ description: 'Alice home matrix', isDefault: true }));
  await shop.http.post('/api/cart/add').set(alice.auth).send({ productId: 'tomatoes', quantity: 2 });
  const placed = await shop.http.post('/api/order/placeOrder').set(alice.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
  expect(placed.status).toBe(201);
  await shop.http.post('/api/cart/add').set(alice.auth).send({ productId: 'carrots', quantity: 4 });
  const basket = await shop.http.post('/api/baskets').set(alice.auth).send({ fromOrderId: placed.body.order._id, weekday: 3, windowStart: '10:00' });
  expect(basket.status).toBe(201);
  owned = { alice: { addressId: created.body.address._id, orderId: placed.body.order._id, cartProductId: 'carrots', basketId: basket.body.basket._id } };
  aliceInvoice = placed.body.order.invoiceNumber;
});
afterAll(async () => {
  console.log(`access matrix: ${calls} calls over ${apiRoutes(shop).length} routes`);
  await shop.close();
});

describe('the route table', () => {
  it('is read from the app and holds the calls every face uses', () => {
    const keys = apiRoutes(shop).map((route) => route.key);
    expect(keys.length).toBeGreaterThanOrEqual(25);
    for (const key of ['POST /api/order/placeOrder', 'GET /api/order/getOrderDetails/:id', 'GET /api/cart', 'PUT /api/user/updateProfile']) {
      expect(keys).toContain(key);
    }
  });

  it('lists no public route or classified route that no longer exists', () => {
    const keys = new Set(apiRoutes(shop).map((route) => route.key));
    for (const key of [...PUBLIC_ROUTES, ...Object.keys(AIM_AT_ALICE)]) expect(keys, key).toContain(key);
  });

  it('classifies every signed-in route that names a resource in its path', () => {
    const unclassified = apiRoutes(shop).filter(
      (route) => !PUBLIC_ROUTES.has(route.key) && !isOperatorRoute(route.path) && paramNames(route.path).length > 0 && !(route.key in AIM_AT_ALICE),
    );
    expect(unclassified.map((route) => route.key), 'add these to AIM_AT_ALICE in tests/reliability/access-matrix.test.ts').toEqual([]);
  });
});

describe('a guest', () => {
  it('gets 401 from every signed-in route, with or without a made-up token, and changes nothing', async () => {
    const before = await aliceData();
    const signedIn = apiRoutes(shop).filter((route) => !PUBLIC_ROUTES.has(route.key) && !isOperatorRoute(route.path));
    expect(signedIn.length).toBeGreaterThanOrEqual(12);
    for (const route of signedIn) {
      const path = fillPath(route.path, { id: owned.alice.orderId, productId: owned.alice.cartProductId });
      for (const headers of [{}, { Authorization: 'Bearer not-a-real-token' }, { Authorization: 'Basic YWxpY2U6YWxpY2UtcGFzcw==' }] as Array<Record<string, string>>) {
        const response = await send(route, path, headers, poisonedBody());
        expectErrorShape(response, 401);
        expect(response.text, route.key).not.toContain('Alice');
      }
    }
    expect(await aliceData()).toEqual(before);
  });

  it('is refused by every staff route: 401 without a valid token, 403 with a shopper\'s', async () => {
    const before = await aliceData();
    const operator = apiRoutes(shop).filter((route) => isOperatorRoute(route.path));
    expect(operator.length).toBeGreaterThanOrEqual(1);
    for (const route of operator) {
      const path = fillPath(route.path, { id: owned.alice.orderId });
      const callers: Array<[Record<string, string>, number]> = [
        [{}, 401],
        [{ Authorization: 'Bearer made-up-token' }, 401],
        [alice.auth, 403],
      ];
      for (const [headers, status] of callers) {
        const response = await send(route, path, headers, { status: 'cancelled', paymentStatus: 'completed' });
        expect(response.status, `${route.key} ${JSON.stringify(headers)}: ${response.text}`).toBe(status);
        expect(response.text).not.toContain(aliceInvoice);
        expectNoInternals(response);
      }
    }
    expect(await aliceData()).toEqual(before);
  });
});

describe('each role', () => {
  it('reaches exactly the /api/admin calls that declare it, and is refused the others with 403', async () => {
    const { paths } = (await shop.http.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { 'x-roles'?: Role[] }>> };
    const declared = (route: Route) => paths[route.path.slice('/api'.length).replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.['x-roles'];
    // One account per role, the owner first (the shell makes the first staff member of an owner-less shop owner too).
    const holders = new Map<Role, Record<string, string>>();
    for (const role of ['owner', 'staff', 'packer', 'rider'] as const) {
      const member = await shop.newShopper({ fullName: `Matrix ${role}` });
      await addFromShell(shop.deps, member.user.email!, role);
      const roles = (await shop.http.get('/api/user/is-auth').set(member.auth)).body.user.roles as Role[];
      expect(roles, `the ${role} holds only that role`).toEqual(['shopper', role]);
      holders.set(role, member.auth);
    }
    const before = await aliceData();
    const operator = apiRoutes(shop).filter((route) => isOperatorRoute(route.path));
    for (const route of operator) {
      const allowed = declared(route);
      expect(allowed, `${route.key} declares its roles`).toBeDefined();
      for (const [role, auth] of holders) {
        // No ids, an empty body: an allowed call is answered (200, or 400/404 for what is missing), never refused.
        const response = await send(route, fillPath(route.path, {}), auth, {});
        if (allowed!.includes(role)) expect([401, 403], `${route.key} as ${role}: ${response.text}`).not.toContain(response.status);
        else expectErrorShape(response, 403);
        expectNoInternals(response);
      }
    }
    expect(await aliceData()).toEqual(before);
  });
});

describe('another shopper', () => {
  it("gets 404 for every one of Alice's resources, and her data is unchanged after each call", async () => {
    const before = await aliceData();
    const aimed = apiRoutes(shop).filter((route) => typeof AIM_AT_ALICE[route.key] === 'function');
    expect(aimed.length).toBeGreaterThanOrEqual(5);
    for (const route of aimed) {
      const aim = (AIM_AT_ALICE[route.key] as (owned: Owned) => Aim)(owned);
      const response = await send(route, fillPath(route.path, aim.params), await bobSignedIn(), aim.body);
      expectErrorShape(response, 404);
      expect(response.text, route.key).not.toContain('Alice');
      expect(response.text, route.key).not.toContain(aliceInvoice);
      expect(await aliceData(), `after Bob's ${route.key}`).toEqual(before);
    }
  });

  it("sees only his own data from every other signed-in route, even with Alice's ids in the body", async () => {
    const before = await aliceData();
    const others = apiRoutes(shop).filter(
      (route) => !PUBLIC_ROUTES.has(route.key) && !isOperatorRoute(route.path) && typeof AIM_AT_ALICE[route.key] !== 'function',
    );
    expect(others.length).toBeGreaterThanOrEqual(8);
    for (const route of others) {
      const path = fillPath(route.path, { id: 'spinach' });
      const response = await send(route, path, await bobSignedIn(), poisonedBody());
      expect(response.status, `${route.key}: ${response.text}`).toBeLessThan(500);
      expect(response.status, `${route.key}: ${response.text}`).not.toBe(401);
      expect(response.text, route.key).not.toContain('Alice Mukamana');
      expect(response.text, route.key).not.toContain('Alice home matrix');
      expect(response.text, route.key).not.toContain(aliceInvoice);
      expectNoInternals(response);
      expect(await aliceData(), `after Bob's ${route.key}`).toEqual(before);
    }
    expect((await shop.http.post('/api/auth/login').send({ identifier: alice.user.email, password: 'alice-pass' })).status).toBe(200);
  });

  it("cannot pick up Alice's chat session by its id", async () => {
    const opened = await shop.http.post('/api/chat').set(alice.auth).send({ text: '' });
    const cart = await shop.http.post('/api/chat').set(alice.auth).send({ sessionId: opened.body.sessionId, text: '3' });
    expect(cart.text).toContain('Carrots');
    const before = await aliceData();
    for (const headers of [{}, await bobSignedIn()]) {
      const response = await shop.http.post('/api/chat').set(headers).send({ sessionId: opened.body.sessionId, text: '' });
      // The id is random and unguessable; even known, it starts a session of the caller's own.
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('Carrots');
    }
    expect(await aliceData()).toEqual(before);
  });
});
