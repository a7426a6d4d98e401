// The soak's traffic, run as its own process (node --import tsx soak-traffic.ts <base-url> <seconds>
// [--fresh-connections]; SIGTERM ends it early, after the journeys under way; --fresh-connections opens
// a connection per request instead of keeping them alive):
// shoppers browsing the catalogue, searching, dialling USSD journeys, filling carts and placing
// orders against a server on 127.0.0.1, several at once. Prints one JSON line at the end:
// requests, errors (any 5xx, a refused connection, or an answer that is not what the call promises)
// and the first few errors in full.
import { Agent, fetch as undiciFetch } from 'undici';
import { USSD_SECRET } from './server-process';

const [base, secondsArgument] = process.argv.slice(2);
// undici without pipelining keeps no connection alive: each request its own, as a client without keep-alive.
const oneConnectionEach = process.argv.includes('--fresh-connections') ? new Agent({ pipelining: 0 }) : undefined;
const send = (url: string, init: RequestInit): Promise<Response> =>
  oneConnectionEach ? (undiciFetch(url, { ...(init as object), dispatcher: oneConnectionEach }) as unknown as Promise<Response>) : fetch(url, init);
const seconds = Number(secondsArgument ?? 300);
const CONCURRENCY = 6;
let deadline = Date.now() + seconds * 1000;
process.on('SIGTERM', () => (deadline = Date.now()));
const SEARCHES = ['tomatoes', 'tomatos', 'inyanya', 'milk', 'rice', 'ibirayi', 'beans', 'x', '🍅', 'avoca'];
const PRODUCTS = ['tomatoes', 'carrots', 'spinach', 'red-onions', 'cabbage', 'irish-potatoes'];

let requests = 0;
let errors = 0;
const samples: string[] = [];

function failed(what: string) {
  errors += 1;
  if (samples.length < 10) samples.push(what);
}

async function request(method: string, url: string, expected: number[], body?: unknown, headers: Record<string, string> = {}) {
  requests += 1;
  try {
    const response = await send(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) failed(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, text, json: () => JSON.parse(text) };
  } catch (error) {
    failed(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function ussd(sessionId: string, phoneNumber: string, text: string) {
  requests += 1;
  try {
    const response = await send(`${base}/ussd`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-USSD-Secret': USSD_SECRET },
      body: new URLSearchParams({ sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    const screen = await response.text();
    if (response.status !== 200 || !/^(CON|END) /.test(screen) || screen.length > 186) failed(`USSD ${JSON.stringify(text)}: ${response.status} ${screen.slice(0, 200)}`);
  } catch (error) {
    failed(`USSD ${JSON.stringify(text)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
let counter = 0;
const uniquePhone = () => `+25078${String(process.pid % 100).padStart(2, '0')}${String(++counter).padStart(5, '0')}`;

async function browse() {
  await request('GET', `/api/product/getAllProducts?page=${1 + Math.floor(Math.random() * 5)}`, [200]);
  await request('GET', `/api/product/getAllProducts?search=${encodeURIComponent(pick(SEARCHES))}`, [200]);
  await request('GET', '/api/category/getAllCategories', [200]);
  await request('GET', `/api/category/vegetables/products`, [200]);
  await request('GET', `/api/product/getProductDetails/${pick(PRODUCTS)}`, [200]);
}

async function ussdJourney() {
  // A new caller: English, a name, a search, a product, back home, hang up.
  const sessionId = `soak-${process.pid}-${++counter}`;
  const phone = uniquePhone();
  const path: string[] = [];
  await ussd(sessionId, phone, '');
  for (const input of ['1', 'Soak Caller', pick(SEARCHES), '1', '0', '00']) {
    path.push(input);
    await ussd(sessionId, phone, path.join('*'));
  }
}

async function shopAndOrder() {
  const registered = await request('POST', '/api/auth/register', [201], {
    fullName: 'Soak Shopper',
    email: `soak.${process.pid}.${++counter}@example.rw`,
    phoneNumber: uniquePhone(),
    password: 'soak-pass-1',
  });
  if (!registered || registered.status !== 201) return;
  const auth = { Authorization: `Bearer ${registered.json().token}` };
  const address = await request('POST', '/api/address/create', [201], { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '0788123456' }, auth);
  if (!address || address.status !== 201) return;
  for (let round = 0; round < 3; round += 1) {
    await request('POST', '/api/cart/add', [200, 201], { productId: pick(PRODUCTS), quantity: 1 + Math.floor(Math.random() * 3) }, auth);
    await request('POST', '/api/cart/add', [200, 201], { productId: pick(PRODUCTS), quantity: 1 }, auth);
    await request('GET', '/api/cart', [200], undefined, auth);
    const key = `soak-${process.pid}-${++counter}`;
    // Random picks may repeat a basket within 10 minutes: confirmed, as the checkout's warning allows.
    await request('POST', '/api/order/placeOrder', [201], { addressId: address.json().address._id, paymentType: 'cash', confirmDuplicate: true }, { ...auth, 'Idempotency-Key': key });
    await request('GET', '/api/order/getUserOrders', [200], undefined, auth);
  }
  await request('POST', '/api/chat', [200], { text: pick(SEARCHES) }, auth);
}

async function worker() {
  const journeys = [browse, browse, ussdJourney, shopAndOrder];
  while (Date.now() < deadline) await pick(journeys)();
}

await Promise.all(Array.from({ length: CONCURRENCY }, worker));
console.log(JSON.stringify({ requests, errors, samples }));

export {}; // a module, for the top-level await
