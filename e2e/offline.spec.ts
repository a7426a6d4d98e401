// A shopper on a patchy connection loses nothing: once the shop has been opened, it opens again without a
// network, shows the pages seen, says plainly that it is offline and keeps the cart; what was done offline
// (a cart change, an order with its idempotency key) reaches the shop once, when the network returns.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { signIn } from './support/pages';
import type { Shopper } from './support/shop-api';

/** The service worker installed and in charge of the page (it claims the page it installed from). */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

async function serverCart(request: APIRequestContext, shopper: Shopper) {
  const reply = await request.get('/api/cart', { headers: { Authorization: `Bearer ${shopper.token}` } });
  return ((await reply.json()) as { cart: { products: { productId: { _id: string }; quantity: number }[] } }).cart.products;
}

async function serverOrders(request: APIRequestContext, shopper: Shopper) {
  const reply = await request.get('/api/order/getUserOrders', { headers: { Authorization: `Bearer ${shopper.token}` } });
  return ((await reply.json()) as { orders: { _id: string }[] }).orders;
}

test('offline, the shop opens on what was seen and keeps the cart; back online the cart change and the order go once', PHONE, async ({ page, context, request, shop, shopper }) => {
  test.slow();
  await shop.addAddress(shopper, 'Home');
  await signIn(page, shopper);

  // Online: the home page installs the shop on the phone; the shopper looks at a product.
  await page.goto('/');
  await workerInCharge(page);
  await page.goto('/product/tomatoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Tomatoes' })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Tomatoes' }).first()).toBeVisible();

  // The network goes. A reload still opens the shop, on the page seen, and says it is offline.
  await goOffline(context, page);
  await page.goto('/product/tomatoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Tomatoes' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();

  // Added offline: in the cart at once, waiting to be sent; still there after a reload without a network.
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 change waits to be sent to the shop.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
  expect(await serverCart(request, shopper)).toEqual([]);

  // The network returns: the change is sent, once.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  await expect.poll(() => serverCart(request, shopper)).toEqual([expect.objectContaining({ quantity: 1, productId: expect.objectContaining({ _id: expect.any(String) }) })]);

  // Checkout online; the network drops just before Place Order: the order waits, then goes once.
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await expect(page.locator('.selected-address')).toContainText('Home');
  await goOffline(context, page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your order waits on this phone and is sent once' })).toBeVisible();
  expect(await serverOrders(request, shopper)).toHaveLength(0);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const orders = await serverOrders(request, shopper);
  expect(orders).toHaveLength(1);
  expect(page.url()).toContain(orders[0]._id);
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
});

test('an order whose reply is lost on the way is sent again with the same key, and the shop makes it once', PHONE, async ({ page, context, request, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper, 'Home');
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await expect(page.locator('.selected-address')).toContainText('Home');
  // The shop takes the order, but the phone never hears back (its connection drops at that moment).
  const keys: string[] = [];
  await page.route('**/api/order/placeOrder', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    } else {
      await route.continue();
    }
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await fastForwardUntil(page, WAITS.placeOrder / 3, () =>
    expect(page.getByRole('status').filter({ hasText: 'Your order waits on this phone and is sent once' })).toBeVisible(SETTLE),
  );
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/, { timeout: 20_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await serverOrders(request, shopper)).toHaveLength(1);
});
