// The flash sale (second process): `shoppers` shoppers, each signed in with an address and `each`
// of one product in the cart, all place their order at the same moment, for a product with few
// units. Every order must be placed (201) or refused for want of stock (400 not_enough_stock, its
// message naming what is left); afterwards the product shows what is left. Prints the counts as JSON.
import { percentile, pool, request } from './http-client';

interface FlashSaleInput {
  url: string;
  productId: string;
  shoppers: number;
  each: number;
  runId: string;
}

const input = JSON.parse(process.argv[2]) as FlashSaleInput;
const client = pool(input.url, input.shoppers);
const json = (token?: string) => ({ 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

async function readyShopper(index: number) {
  const phone = `+2507${input.runId}${String(index).padStart(4, '0')}`.slice(0, 13);
  const registered = await request(client, 'POST', '/api/auth/register', JSON.stringify({ fullName: `Flash ${index}`, phoneNumber: phone, password: 'secret-123' }), json());
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${registered.text}`);
  const { token } = JSON.parse(registered.text) as { token: string };
  const address = await request(client, 'POST', '/api/address/create', JSON.stringify({ description: 'Blue gate', city: 'Kigali', street: 'KG 11 Ave', district: 'Gasabo', phoneNumber: phone }), json(token));
  if (address.status !== 201 && address.status !== 200) throw new Error(`address ${address.status} ${address.text}`);
  const added = await request(client, 'POST', '/api/cart/add', JSON.stringify({ productId: input.productId, quantity: input.each }), json(token));
  if (added.status !== 200) throw new Error(`cart add ${added.status} ${added.text}`);
  return { token, addressId: (JSON.parse(address.text) as { address: { _id: string } }).address._id, index };
}

const shoppers = await Promise.all(Array.from({ length: input.shoppers }, (_, index) => readyShopper(index)));
const started = performance.now();
const replies = await Promise.all(
  shoppers.map((shopper) =>
    request(client, 'POST', '/api/order/placeOrder', JSON.stringify({ addressId: shopper.addressId, paymentType: 'cash' }), { ...json(shopper.token), 'Idempotency-Key': `flash-${input.runId}-${shopper.index}` }),
  ),
);
const seconds = (performance.now() - started) / 1000;
const placed = replies.filter((reply) => reply.status === 201);
const refused = replies.filter((reply) => reply.status === 400 && (JSON.parse(reply.text) as { error?: string }).error === 'not_enough_stock');
const others = replies.filter((reply) => !placed.includes(reply) && !refused.includes(reply));
const refusals = [...new Set(refused.map((reply) => (JSON.parse(reply.text) as { message: string }).message))];
const unitsOrdered = placed.reduce((sum, reply) => sum + (JSON.parse(reply.text) as { order: { products: { productQuantity: number }[] } }).order.products.reduce((lines, line) => lines + line.productQuantity, 0), 0);
const shown = JSON.parse((await request(client, 'GET', `/api/product/getProductDetails/${input.productId}`)).text) as { product: { inStock: boolean; stock?: { low: boolean; available?: number } } };
console.log(
  JSON.stringify({
    placed: placed.length,
    refused: refused.length,
    failed: others.map((reply) => `${reply.status} ${reply.text.slice(0, 200)}`),
    unitsOrdered,
    refusals,
    shown: shown.product,
    seconds: Math.round(seconds * 1000) / 1000,
    p50: percentile(replies.map((reply) => reply.ms), 50),
    p99: percentile(replies.map((reply) => reply.ms), 99),
  }),
);
await client.close();
