// "Order again" on the web: a button on each order's row in Track Orders and the profile's history
// (and on the home page for a returning shopper) puts its lines in the cart at today's prices; a
// product no longer sold is left out and named.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, signIn } from './support/pages';

test('Order again in Track Orders adds the order to the cart, naming what is no longer sold', PHONE, async ({ page, shop }) => {
  const token = await shop.staffToken();
  const vegetables = await shop.staffCategory(token, 'Vegetables');
  // A product of this test's own, hidden afterwards: no other spec's page ever shows it.
  const name = `Dodo leaves ${Date.now().toString(36)}`;
  const own = await shop.createProduct(token, { productname: name, productUnit: 'bunch', price: 400, categoryId: vegetables._id, image: '/images/placeholder.svg' });
  const shopper = await shop.newShopper();
  const [first] = await shop.products(1);
  await shop.addToCart(shopper, [first._id, own._id]);
  const address = await shop.addAddress(shopper);
  const order = await shop.placeOrder(shopper, address._id);
  await shop.updateProduct(token, own._id, { hidden: true });

  await signIn(page, shopper);
  await page.goto('/track-orders');
  // On the order's own row: nothing to open first.
  const again = page.getByRole('row', { name: new RegExp(order._id.slice(-8).toUpperCase()) }).getByRole('button', { name: 'Order again' });
  await expect(again).toBeVisible();
  await expectAccessible(page);
  await again.click();
  await expect(page.locator('.toaster').getByText(`Added to your cart. Left out: ${name} (no longer sold).`)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(page.locator('main')).toContainText(first.productname);
  await expect(page.locator('main')).not.toContainText(name);
});

test("the profile's order history offers Order again on each order too", async ({ page, shop }) => {
  const shopper = await shop.newShopper();
  const products = await shop.fillCart(shopper, 2);
  const address = await shop.addAddress(shopper);
  const order = await shop.placeOrder(shopper, address._id);
  await signIn(page, shopper);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByRole('row', { name: new RegExp(order._id.slice(-8).toUpperCase()) })).toBeVisible();
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page.locator('.toaster').getByText('Added to your cart', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  for (const product of products) await expect(page.locator('main')).toContainText(product.productname);
});

test('the home page offers a returning shopper their last order again', PHONE, async ({ page, shop }) => {
  const shopper = await shop.newShopper();
  const products = await shop.fillCart(shopper, 2);
  const address = await shop.addAddress(shopper);
  const order = await shop.placeOrder(shopper, address._id);
  await signIn(page, shopper);
  await page.goto('/');
  // Below the hero and the feature cards (a phone's first screen): the shopper scrolls down to it.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const last = page.getByRole('region', { name: 'Your last order' });
  await expect(last).toContainText(`#${order._id.slice(-8).toUpperCase()}`);
  await expect(last).toContainText(products[0].productname);
  await expectAccessible(page);
  await last.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  for (const product of products) await expect(page.locator('main')).toContainText(product.productname);
});
