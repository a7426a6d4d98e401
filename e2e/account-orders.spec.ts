// /track-orders: pages of 10, expandable rows, search by the order number or id, and axe.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

test('a guest is sent to log in', async ({ page }) => {
  await page.goto('/track-orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftrack-orders$/);
});

test('no orders yet offers Start Shopping', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/track-orders');
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact');
  await expectAccessible(page);
});

test('pages of 10, expandable rows and search', async ({ page, shop }) => {
  test.slow();
  const shopper = await shop.newShopper();
  const address = await shop.addAddress(shopper);
  const ids: string[] = [];
  for (let index = 0; index < 11; index += 1) {
    await shop.fillCart(shopper, 1);
    ids.push((await shop.placeOrder(shopper, address._id, { confirmDuplicate: true }))._id);
  }
  await signIn(page, shopper);
  await page.goto('/track-orders');
  await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  const rows = page.locator('.orders-table tbody > tr:not(.order-details-row)');
  await expect(rows).toHaveCount(10);
  await expectAccessible(page);

  const toggle = page.getByRole('button', { name: new RegExp(ids[10].slice(-8).toUpperCase()) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Total items: 1')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByLabel('Order ID').fill(ids[3]);
  await page.getByLabel('Order ID').press('Enter');
  await expectToast(page, 'Order found successfully');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ids[3].slice(-8).toUpperCase());

  await page.getByLabel('Order ID').fill('nothing-like-this');
  await page.getByRole('button', { name: 'Track' }).click();
  await expectToast(page, 'Order not found');
});
