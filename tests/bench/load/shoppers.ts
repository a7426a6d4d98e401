// Writes under load (second process): 50 shoppers, each signed in with an address, add to the cart
// and place an order over and over for the given seconds. Afterwards every shopper's order list is
// read back: the orders the server holds must be exactly the orders it confirmed (none lost, none
// doubled), and every confirmed order id must be distinct.
import { percentile, pool, request } from './http-client';

interface ShoppersInput {
  url: string;
  shoppers: number;
  seconds: number;
  runId: string;
}

const input = JSON.parse(process.argv[2]) as ShoppersInput;
const client = pool(input.url, input.shoppers);
const json = (token?: string) => ({ 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

async function signUp(index: number) {
  const phone = `+2507${input.runId}${String(index).padStart(4, '0')}`.slice(0, 13);
  const registered = await request(client, 'POST', '/api/auth/register', JSON.stringify({ fullName: `Bench ${index}`, phoneNumber: phone, password: 'secret-123' }), json());
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${registered.text}`);
  const { token } = JSON.parse(registered.text) as { token: string };
  const address = await request(
    client,
    'POST',
    '/api/address/create',
    JSON.stringify({ description: 'Blue gate', city: 'Kigali', street: 'KG 11 Ave', district: 'Gasabo', phoneNumber: phone }),
    json(token),
  );
  if (address.status !== 201 && address.status !== 200) throw new Error(`address ${address.status} ${address.text}`);
  return { token, addressId: (JSON.parse(address.text) as { address: { _id: string } }).address._id, confirmed: [] as string[] };
}

const shoppers = await Promise.all(Array.from({ length: input.shoppers }, (_, index) => signUp(index)));
// Said before the first order, so a phase that loads the server beside these orders starts with them, not with the sign-ups.
console.log('progress signed up');
const addMs: number[] = [];
const placeMs: number[] = [];
let failures = 0;
const deadline = Date.now() + input.seconds * 1000;
const products = ['tomatoes', 'carrots', 'avocados', 'irish-potatoes'];

await Promise.all(
  shoppers.map(async (shopper, index) => {
    let round = 0;
    while (Date.now() < deadline) {
      round += 1;
      const added = await request(client, 'POST', '/api/cart/add', JSON.stringify({ productId: products[(index + round) % products.length] }), json(shopper.token));
      addMs.push(added.ms);
      if (added.status !== 200) {
        failures += 1;
        continue;
      }
      const placed = await request(
        client,
        'POST',
        '/api/order/placeOrder',
        JSON.stringify({ addressId: shopper.addressId, paymentType: 'cash' }),
        { ...json(shopper.token), 'Idempotency-Key': `${input.runId}-${index}-${round}` },
      );
      placeMs.push(placed.ms);
      if (placed.status === 201 || placed.status === 200) shopper.confirmed.push((JSON.parse(placed.text) as { order: { _id: string } }).order._id);
      else failures += 1;
    }
  }),
);

let held = 0;
for (const shopper of shoppers) {
  const listed = await request(client, 'GET', '/api/order/getUserOrders?limit=1', undefined, json(shopper.token));
  held += (JSON.parse(listed.text) as { pagination: { total: number } }).pagination.total;
}
const confirmed = shoppers.flatMap((shopper) => shopper.confirmed);
console.log(
  JSON.stringify({
    addsPerSecond: Math.round(addMs.length / input.seconds),
    ordersPerSecond: Math.round(placeMs.length / input.seconds),
    addP50: percentile(addMs, 50),
    addP99: percentile(addMs, 99),
    placeP50: percentile(placeMs, 50),
    placeP99: percentile(placeMs, 99),
    confirmed: confirmed.length,
    distinctConfirmed: new Set(confirmed).size,
    held,
    failures,
  }),
);
await client.close();
