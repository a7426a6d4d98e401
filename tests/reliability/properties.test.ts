// Property tests: whatever a phone, a browser or a script sends, the shop answers, and
// never with a 500. USSD: any sequence of inputs gives CON/END within one GSM-7 screen. /api: any
// JSON body (or none, or broken JSON) to any route in the route table gives 2xx/4xx. Search: any
// text works, on the web and by chat. Runs on both databases (npm test runs the server suites on
// PGlite and on PostgreSQL). Bounded runs with a fixed seed: FC_SEED=<n> replays a failure, and
// RELIABILITY_SCALE=<n> multiplies the runs (npm run test:reliability runs them 10 times larger).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX } from '../../server/channels/chat/chat.routes';
import { isGsmSafe, USSD_SCREEN_LIMIT } from '../../server/lib/gsm-text';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { address } from '../api/expectations';
import { createTestShop, uniquePhone, type Shopper, type TestShop } from '../support/test-app';
import { apiRoutes, fillPath, type Route } from './route-table';

const SEED = Number(process.env.FC_SEED ?? 20261108);
const SCALE = Math.max(1, Number(process.env.RELIABILITY_SCALE ?? 1));
const runs = (count: number) => ({ seed: SEED, numRuns: Math.round(count * SCALE) });
/** Generous: the runs are bounded by count, not time, and a shared CI machine can be slow. */
const TIMEOUT = 240_000 * SCALE;
const USSD_SECRET = 'property-ussd-secret-0123456789';

let shop: TestShop;
let shopper: Shopper;
let owned: { orderId: string; addressId: string };
let tried = 0;

beforeAll(async () => {
  // Conversations kept in the database: the store that has to cope with every character.
  shop = await createTestShop({ USSD_SECRET, CONVERSATION_STORE: 'db' });
  shopper = await newStaffShopper();
  const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address());
  await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
  const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
  owned = { orderId: placed.body.order._id, addressId: created.body.address._id };
});
afterAll(async () => {
  console.log(`properties: ${tried} inputs tried (seed ${SEED}, scale ${SCALE})`);
  await shop.close();
});

// ---------------------------------------------------------------------------------------------
// USSD

async function dialUssd(sessionId: string, phoneNumber: string, text: string) {
  tried += 1;
  const response = await shop.app.request(`/ussd?key=${USSD_SECRET}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text }).toString(),
  });
  return { status: response.status, body: await response.text() };
}

/** One gateway screen: 200, CON or END, at most 182 GSM-7 characters after the prefix. */
function expectScreen(reply: { status: number; body: string }, context: string) {
  expect(reply.status, `${context}: ${reply.body}`).toBe(200);
  expect(reply.body, context).toMatch(/^(CON|END) /);
  const screen = reply.body.slice(4);
  expect(screen.length, `${context}: ${screen}`).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
  expect(isGsmSafe(screen), `${context}: ${screen}`).toBe(true);
}

/** Plays inputs the way Africa's Talking sends them: the whole path so far, joined by '*'. */
async function playUssd(inputs: string[], phoneNumber = uniquePhone(), sessionId = `prop-${Math.random().toString(36).slice(2)}`) {
  const replies: string[] = [];
  let text = '';
  const first = await dialUssd(sessionId, phoneNumber, text);
  expectScreen(first, 'dial');
  replies.push(first.body);
  for (const [index, input] of inputs.entries()) {
    if (replies.at(-1)!.startsWith('END')) break; // the gateway closes the session
    text = index === 0 ? input : `${text}*${input}`;
    const reply = await dialUssd(sessionId, phoneNumber, text);
    expectScreen(reply, `input ${index + 1} of ${JSON.stringify(inputs)}`);
    replies.push(reply.body);
  }
  return replies;
}

const ussdInput = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '0', '00', '98', '9', '99') },
  { weight: 2, arbitrary: fc.stringMatching(/^\d{1,4}$/) },
  { weight: 2, arbitrary: fc.constantFrom('', '*', '#', '**', '*#', '#*', ' ', 'tomatoes', 'Aline Uwase', 'ibirayi') },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('🍅🥑', 'x'.repeat(500), '9'.repeat(500), '\u0000', 'é'.repeat(200), 'a*b#c') },
);

describe('USSD: any sequence of inputs', () => {
  it('gets CON or END within 182 GSM-7 characters, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ussdInput, { minLength: 1, maxLength: 20 }), async (inputs) => {
        await playUssd(inputs);
      }),
      runs(20),
    );
  }, TIMEOUT);

  it('the same holds for a returning shopper with an account and a cart', async () => {
    const phone = shopper.user.phoneNumber!;
    await fc.assert(
      fc.asyncProperty(fc.array(ussdInput, { minLength: 1, maxLength: 20 }), async (inputs) => {
        await playUssd(inputs, phone);
      }),
      runs(10),
    );
  }, TIMEOUT);

  it('a session of 300 inputs keeps answering what is typed, well past 1,000 characters of path', async () => {
    const inputs = ['1', 'Aline Uwase'];
    while (inputs.length < 300) inputs.push('tomatoes', '00');
    const replies = await playUssd(inputs);
    expect(replies).toHaveLength(301);
    // replies[0] answers the dial; replies[i] answers inputs[i - 1].
    for (let index = 3; index < replies.length; index += 1) {
      const input = inputs[index - 1];
      if (input === 'tomatoes') expect(replies[index], `input ${index}: tomatoes`).toContain('Tomatoes');
      else expect(replies[index], `input ${index}: 00`).toContain('1. Search products');
    }
  }, TIMEOUT);
});

// ---------------------------------------------------------------------------------------------
// Any JSON body to any route

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
  /** JSON for most calls; the staff image upload documents a multipart form instead. */
  requestBody?: { content: { 'application/json'?: { schema: { properties?: Record<string, unknown> } } } };
}

/** The field names each route documents (body and query), so generated bodies reach past "missing field". */
async function documentedFields(): Promise<Map<string, string[]>> {
  const document = (await (await shop.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const fields = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const honoPath = `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const bodyFields = Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {});
      const queryFields = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      fields.set(`${method.toUpperCase()} ${honoPath}`, [...bodyFields, ...queryFields]);
    }
  }
  return fields;
}

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('tomatoes', 'cash', 'momo', '0788123456', '+250788123456', 'a@b.rw', 'pending', 'completed', -1, 0, 1, 1e308, '', null, true),
);

function bodyFor(fields: string[]) {
  const shaped = fc.record(Object.fromEntries(fields.map((name) => [name, anyValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) }, // not JSON at all
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function queryFor(fields: string[]) {
  return fc.dictionary(fc.constantFrom(...fields, 'page', 'limit', 'x'), fc.string({ unit: 'binary', maxLength: 20 }), { maxKeys: 3 });
}

const pathParam = () =>
  fc.oneof(fc.constantFrom('tomatoes', 'carrots', owned.orderId, owned.addressId, '0', '-1', '..', '%', ' '), fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }));

/** Signs the shopper in again when a generated call logged them out or changed their password. */
async function keepShopperSignedIn() {
  if ((await shop.http.get('/api/user/is-auth').set(shopper.auth)).status !== 200) shopper = await newStaffShopper();
}

/** A shopper who is also staff, so the staff console's routes are tried past their guard too. */
async function newStaffShopper(): Promise<Shopper> {
  const member = await shop.newShopper();
  await grantStaff(shop.deps, member.user.email!);
  return member;
}

async function callRoute(route: Route, params: Record<string, string>, query: Record<string, string>, body: string | undefined) {
  tried += 1;
  const search = new URLSearchParams(query).toString();
  const url = `${fillPath(route.path, params)}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { ...shopper.auth, 'Idempotency-Key': `prop-${tried}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && body !== undefined;
  const response = await shop.app.request(url, { method: route.method, headers, body: hasBody ? body : undefined });
  return { status: response.status, text: await response.text() };
}

describe('/api: any body to any route', () => {
  it('answers 2xx or 4xx, never a 500 or a stack trace', async () => {
    const fields = await documentedFields();
    const routes = apiRoutes(shop.app);
    const call = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.record({ id: pathParam(), productId: pathParam(), nameOrId: pathParam() }),
        query: queryFor(fields.get(route.key) ?? []),
        body: bodyFor(fields.get(route.key) ?? []),
      }),
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ route, params, query, body }) => {
        const response = await callRoute(route, params, query, body);
        const context = `${route.key} ${JSON.stringify({ params, query, body })}: ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, context).toBeGreaterThanOrEqual(200);
        expect(response.status, context).toBeLessThan(500);
        expect(response.text, context).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+|node_modules|duplicate key|violates/i);
        if (route.path.startsWith('/api/user') || route.path.startsWith('/api/auth')) await keepShopperSignedIn();
      }),
      runs(150),
    );
  }, TIMEOUT);
});

// ---------------------------------------------------------------------------------------------
// Search

const searchText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '%', '%%', '_', "'; drop table products; --", '\\', '.*', '(', '[', 'x'.repeat(5000), 'tomatos', 'INYANYA'),
);

describe('search: any text works', () => {
  it('on the web: 200 and a list, whatever is typed', async () => {
    await fc.assert(
      fc.asyncProperty(searchText, async (text) => {
        tried += 1;
        const response = await shop.http.get('/api/product/getAllProducts').query({ search: text });
        expect(response.status, JSON.stringify(text)).toBe(200);
        expect(Array.isArray(response.body.productList), JSON.stringify(text)).toBe(true);
      }),
      { ...runs(60), examples: [['\u0000'], ['\ud800'], ['🍅']] },
    );
  }, TIMEOUT);

  it('in the chat, as a guest and signed in: 200 and a reply (a message over the chat limit: 400 saying so)', async () => {
    await fc.assert(
      fc.asyncProperty(searchText, fc.boolean(), async (text, signedIn) => {
        tried += 1;
        const response = await shop.http.post('/api/chat').set(signedIn ? shopper.auth : {}).send({ text });
        if (text.length > CHAT_TEXT_MAX) {
          expect(response.status, JSON.stringify(text)).toBe(400);
          expect(response.body.message).toBe(`Text must be at most ${CHAT_TEXT_MAX} characters`);
          return;
        }
        expect(response.status, `${JSON.stringify(text)}: ${response.text.slice(0, 300)}`).toBe(200);
        expect(response.body.messages.length, JSON.stringify(text)).toBeGreaterThan(0);
        // The same session answers the next message too.
        const next = await shop.http.post('/api/chat').set(signedIn ? shopper.auth : {}).send({ sessionId: response.body.sessionId, text });
        expect(next.status, `${JSON.stringify(text)} again: ${next.text.slice(0, 300)}`).toBe(200);
      }),
      // A NUL byte and a lone surrogate are always tried: PostgreSQL cannot store either as text. So are
      // characters outside the BMP long enough to be cut for a title (a cut must not split a pair).
      { ...runs(30), examples: [['\u0000', false], ['\ud800', true], ['a\u0000b', true], ['\u{10000}'.repeat(8) + '!', false]] },
    );
  }, TIMEOUT);

  it('typed on the USSD home screen: a screen back, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(searchText, async (text) => {
        // A new caller: English, a name, then the text on the home screen.
        const replies = await playUssd(['1', 'Aline Uwase', text]);
        expect(replies[2], 'the home screen').toContain('1. Search products');
      }),
      runs(20),
    );
  }, TIMEOUT);
});
