// Helpers for the account specs: a fresh shopper per test (unique email and phone), signed in by
// storing the token the API returns, and the axe check every account route must pass.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Shopper {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
  token: string;
}

let counter = 0;
/** Unique per run, per worker and per call, so reruns against the same database never collide. */
export function uniqueContact() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const digits = `${Date.now()}${process.pid}${counter}`.slice(-9);
  return { email: `shopper.${stamp}@example.rw`, phoneNumber: `+2507${digits.slice(-8)}` };
}

export async function createShopper(request: APIRequestContext, fullName = 'Aline Uwase'): Promise<Shopper> {
  const contact = uniqueContact();
  const password = 'secret123';
  const response = await request.post('/api/auth/register', { data: { fullName, ...contact, password } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string };
  return { fullName, ...contact, password, token: body.token };
}

function auth(shopper: Shopper) {
  return { Authorization: `Bearer ${shopper.token}` };
}

export async function addAddress(request: APIRequestContext, shopper: Shopper, description = 'Home') {
  const response = await request.post('/api/address/create', {
    headers: auth(shopper),
    data: { description, city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788123456' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { address: { _id: string } }).address;
}

export async function fillCart(request: APIRequestContext, shopper: Shopper, count = 2) {
  const list = await request.get(`/api/product/getAllProducts?limit=${count}`);
  const { productList } = (await list.json()) as { productList: { _id: string; productname: string }[] };
  for (const product of productList) {
    const added = await request.post('/api/cart/add', { headers: auth(shopper), data: { productId: product._id, quantity: 1 } });
    expect(added.status(), await added.text()).toBe(200);
  }
  return productList;
}

export async function placeOrderViaApi(request: APIRequestContext, shopper: Shopper, addressId: string) {
  const response = await request.post('/api/order/placeOrder', {
    headers: auth(shopper),
    data: { addressId, paymentType: 'cash', callbackUrl: 'http://localhost/order-confirmation' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order;
}

/** Signs the browser in the way a returning shopper is: a stored token. */
export async function signIn(page: Page, shopper: Shopper) {
  await page.goto('/login');
  await page.evaluate((token) => window.localStorage.setItem('token', token), shopper.token);
}

/** A toast with exactly this text appears. */
export async function expectToast(page: Page, message: string) {
  await expect(page.locator('.toaster').getByText(message, { exact: true })).toBeVisible();
}

export { expectAccessible } from './support/shop';
