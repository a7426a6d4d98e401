// Stock on the storefront and in the console: a product running low says what is left on its card
// and its page, more than that is refused saying so, a cart line another shopper's order left short
// waits apart out of the totals until lowered; staff receive a delivery of many products in one screen.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, expectToast, signIn, signInStaff } from './support/pages';

const own = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('few left: the card and the page say so, more is refused, and a line left short waits apart out of the totals', PHONE, async ({ page, shop, shopper }) => {
  const token = await shop.staffToken();
  const dairy = await shop.staffCategory(token, 'Dairy & Eggs');
  const name = own('Duck eggs');
  const product = await shop.createProduct(token, { productname: name, productUnit: 'tray', price: 3000, categoryId: dairy._id, image: '/images/placeholder.svg' });
  await shop.changeStock(token, product._id, 3);

  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('article').filter({ hasText: name }).first();
  await expect(card.getByText('Only 3 left')).toBeVisible();

  await shop.addToCart(shopper, [product._id], 2);
  const [plenty] = await shop.products(1);
  await shop.addToCart(shopper, [plenty._id]);
  await signIn(page, shopper);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText('Only 3 left')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, `Added ${name} to your cart!`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, `Only 3 trays of ${name} left, and your cart already has 3 trays`);

  // Another shopper takes 2 trays: 1 is left, and this cart holds 3.
  const rival = await shop.newShopper('Eric Habimana');
  await shop.addToCart(rival, [product._id], 2);
  await shop.placeOrder(rival, (await shop.addAddress(rival))._id);

  await page.goto('/cart');
  const apart = page.getByRole('region', { name: 'Not in your total: cannot be sold as it is' });
  await expect(apart.getByText('Only 1 left: lower the quantity to check out')).toBeVisible();
  await expect(apart.getByText('not in the total')).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const plentyPrice = plenty.offerPrice != null && plenty.offerPrice < plenty.price ? plenty.offerPrice : plenty.price;
  const frw = (amount: number) => `frw ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(summary.getByText(frw(plentyPrice)).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await expectAccessible(page);

  await apart.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
  await expectToast(page, 'Quantity updated');
  await page.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
  await expect(page.getByRole('region', { name: 'Not in your total: cannot be sold as it is' })).toHaveCount(0);
  await expect(summary.getByText(frw(plentyPrice + 3000)).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  await expect(page.getByRole('button', { name: `Increase quantity of ${name}` })).toBeDisabled();
});

test('staff receive a delivery of many products in one screen, and each product keeps its ledger', async ({ page, shop }) => {
  const token = await shop.staffToken();
  const dairy = await shop.staffCategory(token, 'Dairy & Eggs');
  const vegetables = await shop.staffCategory(token, 'Vegetables');
  const eggs = await shop.createProduct(token, { productname: own('Goose eggs'), productUnit: 'tray', price: 5000, categoryId: dairy._id, image: '/images/placeholder.svg' });
  const greens = await shop.createProduct(token, { productname: own('Isombe leaves'), productUnit: 'kg', price: 600, categoryId: vegetables._id, image: '/images/placeholder.svg' });
  // Counted and running low, so both are near the top of the list.
  await shop.changeStock(token, eggs._id, 1);
  await shop.changeStock(token, greens._id, 1);

  await signInStaff(page, '/admin/stock');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Receive a delivery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receive a delivery' })).toBeVisible();

  await page.getByLabel('Find a product').fill(eggs.productname);
  await page.getByLabel(eggs.productname, { exact: true }).fill('1.5');
  await page.getByRole('button', { name: 'Receive the delivery' }).click();
  await expect(page.getByText('Whole trays only')).toBeVisible();
  await page.getByLabel(eggs.productname, { exact: true }).fill('12');
  await page.getByLabel('Find a product').fill(greens.productname);
  await page.getByLabel(greens.productname, { exact: true }).fill('2.5');
  await page.getByLabel('Note (who delivered, invoice number...)').fill('Kimironko truck, invoice 442');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Receive the delivery' }).click();
  await expectToast(page, 'Delivery received: 2 products');
  await expect(page).toHaveURL(/\/admin\/stock$/);

  await page.goto(`/admin/catalog/products/${eggs._id}`);
  const panel = page.getByRole('region', { name: 'Stock' });
  await expect(panel.getByText('13 tray')).toBeVisible();
  const ledger = panel.getByRole('table', { name: 'Stock ledger, newest first' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Received');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+12');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Kimironko truck, invoice 442');

  // Three cracked: spoiled stock comes off, and the ledger says who and why.
  await panel.getByLabel('What happened').selectOption({ label: 'Spoiled or damaged (taken off)' });
  await panel.getByLabel('How many (tray)').fill('3');
  await panel.getByLabel('Note (optional)').fill('Cracked in the van');
  await panel.getByRole('button', { name: 'Save the change' }).click();
  await expectToast(page, 'Spoiled stock taken off');
  await expect(panel.getByText('10 tray')).toBeVisible();
  await expect(ledger.getByRole('row').nth(1)).toContainText('-3');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Cracked in the van');
  await expectAccessible(page);
});
