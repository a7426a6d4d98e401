// "Order again" on the web: each order in Track Orders and the profile's history puts its
// lines in the cart at today's prices; a product no longer sold is left out and named.
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
  await page.getByRole('button', { name: new RegExp(order._id.slice(-8).toUpperCase()) }).click();
  const again = page.getByRole('button', { name: 'Order again' });
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
  await page.getByRole('button', { name: new RegExp(order._id.slice(-8).toUpperCase()) }).click();
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page.locator('.toaster').getByText('Added to your cart', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  for (const product of products) await expect(page.locator('main')).toContainText(product.productname);
});
