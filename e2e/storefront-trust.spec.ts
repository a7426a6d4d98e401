// What a shopper on a 360x640 phone (and a desktop) would notice: words cut in two, toasts
// over the heading or the cart's first line, a dialog's buttons touching, cards of uneven heights,
// the description twice, tabs all called the same, "Qty: 2 tray".
import { brokenWords, sideways, underLauncher, underToasts } from './support/layout';
import { expect, PHONE, SETTLE, test } from './support/test';
import { signIn } from './support/pages';
import type { ShopApi, Shopper } from './support/shop-api';

/** A shopper with an order of 2 trays of eggs and 1 kg of tomatoes. */
async function shopperWithOrder(shop: ShopApi, shopper: Shopper) {
  const home = await shop.addAddress(shopper);
  await shop.addToCart(shopper, ['eggs-tray'], 2);
  await shop.addToCart(shopper, ['tomatoes']);
  const order = await shop.placeOrder(shopper, home._id);
  return { order, home };
}

test('track orders shows whole product names and counts its units ("Qty: 2 trays")', PHONE, async ({ page, shop, shopper }) => {
  await shopperWithOrder(shop, shopper);
  await signIn(page, shopper);
  await page.goto('/track-orders');
  await page.locator('.order-toggle').first().click();
  const lines = page.locator('.order-line');
  await expect(lines).toHaveCount(2);
  expect(await brokenWords(page, '.order-line-name')).toEqual([]);
  await expect(lines.filter({ hasText: 'Eggs (tray of 30)' })).toContainText('Qty: 2 trays');
  await expect(lines.filter({ hasText: 'Tomatoes' })).toContainText('Qty: 1 kg');
  expect(await sideways(page)).toEqual([]);
});

test('the confirmation toast leaves "Order Confirmed" and the order number in sight', PHONE, async ({ page, shop, shopper }) => {
  const { order } = await shopperWithOrder(shop, shopper);
  await signIn(page, shopper);
  await page.goto(`/order-confirmation?orderId=${order._id}&status=success`);
  await expect(page.locator('.toast').getByText('Payment successful! Your order has been confirmed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await underToasts(page, 'h1, .confirm-number')).toEqual([]);
  expect(await sideways(page)).toEqual([]);
  await expect(page).toHaveTitle('Order Confirmation | Isoko');
});

test('a toast in the cart drawer never lies over its first line or its buttons', PHONE, async ({ page, shop, shopper }) => {
  await shop.addToCart(shopper, ['tomatoes', 'cassava-leaves']);
  await signIn(page, shopper);
  await page.goto('/product/carrots');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.locator('.toast').getByText(/^Added .* to your cart!$/)).toBeVisible();
  // The header's menu and cart buttons stay free under the toast: the next tap opens the cart.
  expect(await underToasts(page, '.site-header button')).toEqual([]);
  await page.getByRole('button', { name: /Open cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /Your Cart/ });
  await expect(drawer.locator('.cart-line')).toHaveCount(3);
  await drawer.locator('.cart-line').first().getByRole('button', { name: /Increase/ }).click();
  await expect(drawer.locator('.toast').first()).toBeVisible();
  expect(await underToasts(page, 'dialog .cart-line, dialog .btn, dialog .drawer-title')).toEqual([]);
});

test('the delete dialog keeps Cancel and Delete apart', PHONE, async ({ page, shop, shopper }) => {
  await shop.addAddress(shopper, 'Home');
  await signIn(page, shopper);
  await page.goto('/address-management');
  await page.getByRole('button', { name: 'Delete address Home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  // Measured once the dialog has finished growing in (it opens from 97% of its size).
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const cancel = (await dialog.getByRole('button', { name: 'Cancel' }).boundingBox())!;
  const remove = (await dialog.getByRole('button', { name: 'Delete', exact: true }).boundingBox())!;
  const apart = Math.max(remove.x - (cancel.x + cancel.width), remove.y - (cancel.y + cancel.height), cancel.x - (remove.x + remove.width));
  expect(apart).toBeGreaterThanOrEqual(8);
  await expect(page).toHaveTitle('Address Management | Isoko');
});

test('Place Order, at the foot of the delivery step, is clear of the chat launcher and of the "Address added" toast', PHONE, async ({ page, shop, shopper }) => {
  await shop.addToCart(shopper, ['tomatoes']);
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await expect(async () => {
    await page.clock.fastForward(500);
    await expect(page.getByRole('button', { name: 'New Address' })).toBeVisible(SETTLE);
  }).toPass();
  await page.getByRole('button', { name: 'New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Address' });
  await dialog.getByLabel('Description').fill('Home');
  await dialog.getByLabel('Street').fill('KK 15 Rd');
  await dialog.getByLabel('District').selectOption('Kicukiro');
  await dialog.getByLabel('Phone number').fill('+250788123456');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.locator('.toast').getByText('Address added successfully!')).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await placeOrder.scrollIntoViewIfNeeded();
  expect(await underToasts(page, 'main .btn')).toEqual([]);
  expect(await underLauncher(page)).toEqual([]);
  expect(await sideways(page)).toEqual([]);
});

test('grid cards are as tall as their row, so every Add button lines up', PHONE, async ({ page }) => {
  await page.goto('/products');
  await expect(page.locator('.product-card-add')).toHaveCount(15);
  const rows = await page.locator('.product-grid > li').evaluateAll((items) => {
    const byTop = new Map<number, { button: number; height: number }[]>();
    for (const item of items) {
      const top = Math.round(item.getBoundingClientRect().top);
      const card = item.querySelector('.product-card')!.getBoundingClientRect();
      const button = item.querySelector('.product-card-add')!.getBoundingClientRect();
      byTop.set(top, [...(byTop.get(top) ?? []), { button: Math.round(button.bottom), height: Math.round(card.height) }]);
    }
    return [...byTop.values()];
  });
  expect(rows.length).toBeGreaterThan(2);
  for (const row of rows) {
    expect(new Set(row.map((card) => card.button)).size, JSON.stringify(row)).toBe(1);
    expect(new Set(row.map((card) => card.height)).size, JSON.stringify(row)).toBe(1);
  }
});

test('the product page shows its description once', PHONE, async ({ page }) => {
  const product = (await (await page.request.get('/api/product/getProductDetails/tomatoes')).json()).product as { description: string };
  await page.goto('/product/tomatoes');
  await expect(page.getByRole('heading', { name: 'Tomatoes' })).toBeVisible();
  await expect(page.getByText(product.description, { exact: true })).toHaveCount(1);
  await expect(page.getByText('Sold per kg. Category: Vegetables.')).toBeVisible();
});

test('login and signup name themselves in the tab', PHONE, async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Isoko');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign Up | Isoko');
});
