// One shop on two instances behind a real load balancer: two server processes as `npm
// start` runs them, on one throwaway PostgreSQL, behind HAProxy and behind nginx (the configurations
// in deploy/), round robin. A catalog change answered by one instance is what the other serves; a
// USSD, a chat and a WhatsApp conversation whose turns alternate instances carry on; a WhatsApp
// message delivered to both is acted on once; failed logins count across instances; a role taken
// away through one is refused by the other at once. The long part
// (SIGKILL under 200 order placements, rolling restarts under load) is in
// tests/reliability/long/load-balancer.long.ts. On the PostgreSQL pass only; skipped where HAProxy
// or nginx is not installed, and a failure in CI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../server/channels/whatsapp/signature';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { addFromShell, grantStaff } from '../../server/modules/users/staff-members.service';
import { startServer, USSD_SECRET, type ServerProcess } from '../reliability/long/server-process';
import { BALANCERS, balancersOrSkip, startBalancer, type Balancer, type BalancerKind } from '../support/balancer';
import { postgresUrl, seededPostgresDatabase } from '../support/database';
import { startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';

const APP_SECRET = 'balancer-test-app-secret-0123';
const VERIFY_TOKEN = 'balancer-test-verify-token-01';
/** The product's promise: a change answered by one instance is served by every other within this. */
const PROPAGATION_BOUND_MS = 1_000;

const skip = !postgresUrl() || balancersOrSkip().skip;

let graph: FakeGraphApi;
let copy: { url: string; drop(): Promise<void> };
let database: OpenDatabase;
let instances: ServerProcess[] = [];
const balancers = new Map<BalancerKind, Balancer>();
const propagation: string[] = [];

beforeAll(async () => {
  if (skip) return;
  graph = await startFakeGraphApi();
  copy = await seededPostgresDatabase(postgresUrl()!);
  database = await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 2 });
  const env = { ...whatsappEnv(graph, APP_SECRET, VERIFY_TOKEN), TRUST_PROXY: 'true', LOG_REQUESTS: 'true', DATABASE_POOL_SIZE: '4' };
  instances = await Promise.all([0, 1].map(() => startServer({ databaseUrl: copy.url, env })));
  const addresses = instances.map((instance) => new URL(instance.url).host) as [string, string];
  for (const kind of BALANCERS) balancers.set(kind, await startBalancer(kind, addresses));
}, 240_000);

afterAll(async () => {
  if (propagation.length) console.log(`change answered on one instance -> served by the other: ${propagation.join('; ')}`);
  for (const balancer of balancers.values()) await balancer.stop();
  await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
  await database?.close();
  await copy?.drop();
  await graph?.close();
});

// ---- talking to the shop ------------------------------------------------------------------------

async function json(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

let counter = 0;
const uniquePhone = () => `+2507${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10000).padStart(4, '0')}${++counter}`.slice(0, 13);

async function newShopper(base: string, verified = false) {
  const phoneNumber = uniquePhone();
  const registered = await json(base, 'POST', '/api/auth/register', { fullName: 'Balanced Shopper', email: `balanced.${Date.now()}.${++counter}@example.rw`, phoneNumber, password: 'secret-123' });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const auth = { Authorization: `Bearer ${registered.body.token}` };
  if (verified) {
    // No SMS provider here: the code stays in the outbox, where the shopper's phone would have got it.
    const code = await eventually(async () => {
      const row = await database.db.selectFrom('outbox').select('body').where('recipient', '=', phoneNumber).orderBy('id', 'desc').executeTakeFirst();
      return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    }, 'the phone code');
    expect((await json(base, 'POST', '/api/user/verifyPhone', { code }, auth)).status).toBe(200);
  }
  return { phoneNumber, email: registered.body.user.email as string, auth };
}

async function eventually<T>(find: () => Promise<T | undefined | false>, what: string, deadlineMs = 10_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const found = await find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How many requests for `path` each instance has logged (LOG_REQUESTS=true). */
const served = (method: string, path: string) => instances.map((instance) => instance.output().split(`"event":"request","method":"${method}","path":"${path}"`).length - 1);

/** Runs `work`, then how many of its `path` requests each instance took (the log lines may trail the answers by a moment). */
async function perInstance(method: string, path: string, expected: number, work: () => Promise<void>): Promise<number[]> {
  const before = served(method, path);
  await work();
  return eventually(async () => {
    const taken = served(method, path).map((count, index) => count - before[index]);
    return taken.reduce((sum, count) => sum + count, 0) >= expected && taken;
  }, `${expected} ${method} ${path} in the instances' logs`);
}

/**
 * After a change answered at `answeredAt`: polls every instance directly until each serves what
 * `shows` expects, and gives the longest wait. Past PROPAGATION_BOUND_MS it fails.
 */
async function servedEverywhereAfter(answeredAt: number, url: string, shows: (reply: { status: number; body: any }) => boolean): Promise<number> {
  const waits = await Promise.all(
    instances.map(async (instance) => {
      for (;;) {
        if (shows(await json(instance.url, 'GET', url))) return Date.now() - answeredAt;
        if (Date.now() - answeredAt > PROPAGATION_BOUND_MS) throw new Error(`${instance.url} still served the old ${url} ${PROPAGATION_BOUND_MS} ms after the change was answered`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }),
  );
  return Math.max(...waits);
}

// ---- WhatsApp deliveries --------------------------------------------------------------------------

function delivery(from: string, message: Record<string, unknown>, id = `wamid.balanced${Date.now()}${++counter}`) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: graph.phoneNumberId }, messages: [{ from, id, timestamp: '1', ...message }] } }] }],
  });
}
const text = (body: string) => ({ type: 'text', text: { body } });
const tap = (id: string) => ({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id, title: 'x' } } });

async function deliver(base: string, raw: string) {
  const response = await fetch(`${base}/whatsapp/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signBody(raw, APP_SECRET) }, body: raw });
  expect(response.status).toBe(200);
}

const repliesTo = (to: string, count: number) => eventually(async () => graph.sentTo(to).length >= count && graph.sentTo(to), `${count} replies to ${to}`);

async function ussd(base: string, sessionId: string, phoneNumber: string, typed: string) {
  const response = await fetch(`${base}/ussd`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-USSD-Secret': USSD_SECRET },
    body: new URLSearchParams({ sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text: typed }).toString(),
  });
  expect(response.status).toBe(200);
  return response.text();
}

// ---- the tests ---------------------------------------------------------------------------------

/** Different products per balancer, so each run starts from the seed's state. */
const PRODUCTS: Record<BalancerKind, { priced: string; stocked: string; hidden: string }> = {
  haproxy: { priced: 'carrots', stocked: 'spinach', hidden: 'avocados' },
  nginx: { priced: 'cabbage', stocked: 'red-onions', hidden: 'apples' },
};

describe.skipIf(skip)('two instances on one PostgreSQL', () => {
  describe.each(BALANCERS)('behind %s, round robin', (kind) => {
    const base = () => balancers.get(kind)!.url;

    it('serve a price change, an out-of-stock mark and a hidden product answered through one instance from the other at once', async () => {
      const { priced, stocked, hidden } = PRODUCTS[kind];
      const staff = await newShopper(base());
      await grantStaff(database, staff.email);
      const shopper = await newShopper(base());
      // Every instance has each product in its caches, ready to serve a stale copy.
      for (const instance of instances) {
        for (const id of [priced, stocked, hidden]) expect((await json(instance.url, 'GET', `/api/product/getProductDetails/${id}`)).status).toBe(200);
        expect((await json(instance.url, 'GET', '/api/product/getAllProducts?limit=200')).status).toBe(200);
      }

      const repriced = await json(base(), 'PUT', `/api/admin/products/${priced}`, { price: 4321 }, staff.auth);
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
      const priceWait = await servedEverywhereAfter(Date.now(), `/api/product/getProductDetails/${priced}`, (reply) => reply.body.product?.price === 4321);
      // The next two requests through the balancer, one to each instance, list the new price too.
      for (const _ of instances) {
        const listed = await json(base(), 'GET', '/api/product/getAllProducts?limit=200');
        expect(listed.body.productList.find((product: { _id: string }) => product._id === priced).price).toBe(4321);
      }

      expect((await json(base(), 'PUT', `/api/admin/products/${stocked}`, { inStock: false }, staff.auth)).status).toBe(200);
      const stockWait = await servedEverywhereAfter(Date.now(), `/api/product/getProductDetails/${stocked}`, (reply) => reply.body.product?.inStock === false);
      for (const _ of instances) {
        const add = await json(base(), 'POST', '/api/cart/add', { productId: stocked, quantity: 1 }, shopper.auth);
        expect(add.status).toBe(400);
        expect(add.body.error).toBe('out_of_stock');
      }

      expect((await json(base(), 'PUT', `/api/admin/products/${hidden}`, { hidden: true }, staff.auth)).status).toBe(200);
      const hiddenWait = await servedEverywhereAfter(Date.now(), `/api/product/getProductDetails/${hidden}`, (reply) => reply.status === 404);
      for (const _ of instances) {
        const listed = await json(base(), 'GET', '/api/product/getAllProducts?limit=200');
        expect(listed.body.productList.map((product: { _id: string }) => product._id)).not.toContain(hidden);
      }
      propagation.push(`${kind}: price ${priceWait} ms, out of stock ${stockWait} ms, hidden ${hiddenWait} ms`);
    });

    it('serve a delivery schedule saved through one instance from the other at once', async () => {
      const staff = await newShopper(base());
      await grantStaff(database, staff.email);
      const windowHours = (reply: { body: any }) => {
        const [first] = reply.body.windows ?? [];
        return first ? (Date.parse(first.end) - Date.parse(first.start)) / 3_600_000 : undefined;
      };
      // Every instance has read the schedule, ready to serve a stale copy.
      for (const instance of instances) expect(windowHours(await json(instance.url, 'GET', '/api/delivery/windows'))).toBe(2);
      const { schedule } = (await json(base(), 'GET', '/api/admin/delivery', undefined, staff.auth)).body;
      const saved = await json(base(), 'PUT', '/api/admin/delivery', { ...schedule, windowHours: 3 }, staff.auth);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      try {
        const wait = await servedEverywhereAfter(Date.now(), '/api/delivery/windows', (reply) => windowHours(reply) === 3);
        propagation.push(`${kind}: delivery schedule ${wait} ms`);
      } finally {
        expect((await json(base(), 'PUT', '/api/admin/delivery', schedule, staff.auth)).status).toBe(200);
      }
      await servedEverywhereAfter(Date.now(), '/api/delivery/windows', (reply) => windowHours(reply) === 2);
    });

    it('refuse a role taken away through one instance on the other at once', async () => {
      const owner = await newShopper(base());
      const leaving = await newShopper(base());
      await addFromShell(database, owner.email, 'owner');
      await grantStaff(database, leaving.email);
      for (const instance of instances) expect((await json(instance.url, 'GET', '/api/admin/orders', undefined, leaving.auth)).status).toBe(200);
      const list = await json(base(), 'GET', '/api/admin/staff', undefined, owner.auth);
      const member = list.body.staff.find((entry: { email: string }) => entry.email === leaving.email);
      expect((await json(base(), 'DELETE', `/api/admin/staff/${member._id}/roles/staff`, undefined, owner.auth)).status).toBe(200);
      // The next call on each instance, straight after the answer: no copy of the roles to wait out.
      for (const instance of instances) {
        const refused = await json(instance.url, 'GET', '/api/admin/orders', undefined, leaving.auth);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe('Staff only');
      }
    });

    it('carry on a USSD, a chat and a WhatsApp conversation whose turns alternate between them', async () => {
      // USSD: a new phone picks its language, gives its name, searches and adds to its cart.
      const phone = uniquePhone();
      const sessionId = `balanced-${kind}-${Date.now()}`;
      const inputs = ['', '1', '1*Aline Test', '1*Aline Test*tomatoes', '1*Aline Test*tomatoes*1', '1*Aline Test*tomatoes*1*1', '1*Aline Test*tomatoes*1*1*2', '1*Aline Test*tomatoes*1*1*2*00'];
      const screens: string[] = [];
      const ussdTurns = await perInstance('POST', '/ussd', inputs.length, async () => {
        for (const typed of inputs) screens.push(await ussd(base(), sessionId, phone, typed));
      });
      expect(screens[1]).toContain('Enter your full name:');
      expect(screens[2]).toContain('Welcome, Aline!');
      expect(screens.at(-2)).toContain('Added 2 kg Tomatoes');
      // The menu counts products (one: 2 kg of tomatoes), not kilograms.
      expect(screens.at(-1)).toContain('My cart (1)');
      expect(Math.min(...ussdTurns)).toBeGreaterThanOrEqual(3);
      // One account for the phone, its cart holding the 2 kg once.
      const lines = await database.db
        .selectFrom('users')
        .innerJoin('cart_lines', 'cart_lines.user_id', 'users.id')
        .select(['users.full_name', 'cart_lines.product_id', 'cart_lines.quantity'])
        .where('users.phone_number', '=', phone)
        .execute();
      expect(lines).toEqual([{ full_name: 'Aline Test', product_id: 'tomatoes', quantity: 2 }]);

      // Chat, signed in: the chat's cart is the web cart.
      const chatter = await newShopper(base());
      let chatSession: string | undefined;
      const chatTurns = await perInstance('POST', '/api/chat', 4, async () => {
        for (const typed of ['tomatoes', '1', '1', '3']) {
          const reply = await json(base(), 'POST', '/api/chat', { ...(chatSession ? { sessionId: chatSession } : {}), text: typed }, chatter.auth);
          expect(reply.status).toBe(200);
          chatSession = reply.body.sessionId;
        }
      });
      expect(Math.min(...chatTurns)).toBe(2);
      const chatCart = await json(base(), 'GET', '/api/cart', undefined, chatter.auth);
      expect(chatCart.body.cart.products).toEqual([expect.objectContaining({ quantity: 3, productId: expect.objectContaining({ productname: 'Tomatoes' }) })]);

      // WhatsApp, from a verified number: the language, the menu, a search, a product, a quantity.
      const messenger = await newShopper(base(), true);
      const from = messenger.phoneNumber.slice(1);
      const messages = [text('hi'), tap('1'), text('tomatoes'), tap('1'), tap('1'), text('2')];
      const whatsappTurns = await perInstance('POST', '/whatsapp/webhook', messages.length, async () => {
        for (const [index, message] of messages.entries()) {
          await deliver(base(), delivery(from, message));
          await repliesTo(from, index + 1);
        }
      });
      expect(Math.min(...whatsappTurns)).toBe(3);
      expect(graph.sentTo(from).every((message) => message.accepted)).toBe(true);
      const whatsappCart = await json(base(), 'GET', '/api/cart', undefined, messenger.auth);
      expect(whatsappCart.body.cart.products).toEqual([expect.objectContaining({ quantity: 2, productId: expect.objectContaining({ productname: 'Tomatoes' }) })]);
    });

    it('count failed logins across instances: the eleventh wrong password is refused wherever it lands', async () => {
      const shopper = await newShopper(base());
      const attempts: number[] = [];
      const taken = await perInstance('POST', '/api/auth/login', 10, async () => {
        for (let attempt = 0; attempt < 10; attempt += 1) attempts.push((await json(base(), 'POST', '/api/auth/login', { identifier: shopper.email, password: 'wrong-pass-1' })).status);
      });
      expect(attempts).toEqual(Array(10).fill(400));
      expect(taken).toEqual([5, 5]);
      // Blocked on both instances now, the right password included.
      for (const instance of instances) {
        const refused = await json(instance.url, 'POST', '/api/auth/login', { identifier: shopper.email, password: 'secret-123' });
        expect(refused.status).toBe(429);
      }
    });
  });

  it('act once on one WhatsApp message delivered to both instances at once', async () => {
    const messenger = await newShopper(instances[0].url, true);
    const from = messenger.phoneNumber.slice(1);
    const steps = [text('hi'), tap('1'), text('tomatoes'), tap('1'), tap('1')];
    for (const [index, message] of steps.entries()) {
      await deliver(instances[index % 2].url, delivery(from, message));
      await repliesTo(from, index + 1);
    }
    // Meta retries a delivery it thinks failed: here the retry reaches the other instance at the same moment.
    const quantity = delivery(from, text('2'), `wamid.twice${Date.now()}`);
    await Promise.all(instances.map((instance) => deliver(instance.url, quantity)));
    await repliesTo(from, steps.length + 1);
    // Two more messages, one to each instance: had the other acted on the retry, its reply would come
    // before theirs (a turn waits for the one holding the phone's session).
    for (const instance of instances) {
      await deliver(instance.url, delivery(from, text('hi')));
      await repliesTo(from, graph.sentTo(from).length + 1);
    }
    expect(graph.sentTo(from)).toHaveLength(steps.length + 3);
    const cart = await json(instances[1].url, 'GET', '/api/cart', undefined, messenger.auth);
    expect(cart.body.cart.products).toEqual([expect.objectContaining({ quantity: 2 })]);
  });
});
