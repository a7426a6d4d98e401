// Helpers for the shop specs: shoppers created through the API, a signed-in browser, catalog look-ups,
// the header's responsive controls, and the axe check every shop route must pass.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { fastForwardUntil, SETTLE, WAITS } from './test';

export interface Shopper {
  fullName: string;
  email: string;
  token: string;
}

export interface CatalogProduct {
  _id: string;
  productname: string;
  price: number;
  offerPrice?: number | null;
  productCategory: { _id: string; name: string };
}

let made = 0;

export async function createShopper(request: APIRequestContext, fullName = 'Eric Mugisha'): Promise<Shopper> {
  made += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${made}`;
  const email = `shop.${stamp}@example.rw`;
  const response = await request.post('/api/auth/register', { data: { fullName, email, password: 'secret123' } });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { fullName, email, token };
}

/** A returning shopper: the token is in local storage before the app starts. */
export async function signIn(page: Page, shopper: Shopper): Promise<void> {
  await page.goto('/about');
  await page.evaluate((token) => window.localStorage.setItem('token', token), shopper.token);
}

export async function addToCartViaApi(request: APIRequestContext, shopper: Shopper, productIds: string[]) {
  for (const productId of productIds) {
    const response = await request.post('/api/cart/add', {
      headers: { Authorization: `Bearer ${shopper.token}` },
      data: { productId, quantity: 1 },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Products the console's specs add for themselves have generated ids and change stock while others run. */
const madeByAConsoleSpec = (product: CatalogProduct) => /^[0-9a-f]{24}$/.test(product._id);

/** The first `limit` products of the seeded catalog, as the storefront lists them. */
export async function listProducts(request: APIRequestContext, limit = 100): Promise<CatalogProduct[]> {
  const response = await request.get('/api/product/getAllProducts?limit=100');
  const products = ((await response.json()) as { productList: CatalogProduct[] }).productList;
  return products.filter((product) => !madeByAConsoleSpec(product)).slice(0, limit);
}

export async function discountedProduct(request: APIRequestContext): Promise<CatalogProduct> {
  const found = (await listProducts(request)).find((item) => item.offerPrice != null && item.offerPrice < item.price);
  if (!found) throw new Error('The seeded catalog has no product on offer');
  return found;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 960;

/** The header search box, opening the phone menu first when the screen is narrow. */
export async function headerSearch(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile' }).getByRole('searchbox', { name: 'Search products' });
  }
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).first();
}

/** Lifts the home splash (1 s, on the page's clock) so the page under it can be used. */
export async function waitForHome(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Vegetables & Fruits' })).toBeVisible();
  await fastForwardUntil(page, WAITS.splash, () => expect(page.locator('.home-splash')).toHaveCount(0, SETTLE));
}

export async function expectToast(page: Page, message: string) {
  await expect(page.locator('.toast-message', { hasText: message }).first()).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, options: { include?: string } = {}) {
  // Axe judges colours as they are at this instant; a fade (the page's, or the hero's crossfade every
  // 3 s) would show half-transparent text. With transitions and animations off, everything is at rest.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(bad).toEqual([]);
}
