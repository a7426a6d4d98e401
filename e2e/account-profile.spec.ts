// /profile: details, the edit side panel, the latest five orders and signing out.
import { expect, fastForwardUntil, SETTLE, test, WAITS } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

test('a guest is sent to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('details, edit panel, order history and sign out', async ({ page, shop }) => {
  test.slow();
  const shopper = await shop.newShopper('Claudine Ingabire');
  const address = await shop.addAddress(shopper);
  for (let index = 0; index < 6; index += 1) {
    await shop.fillCart(shopper, 1);
    await shop.placeOrder(shopper, address._id, { confirmDuplicate: true });
  }
  await signIn(page, shopper);
  await page.goto('/profile');
  const info = page.getByRole('region', { name: 'Profile Information' });
  await expect(info).toContainText('Claudine Ingabire');
  await expect(info).toContainText(shopper.email);
  await expect(info).toContainText(shopper.phoneNumber);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Edit Information' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit Information' });
  await panel.getByLabel('Full name').fill('');
  await panel.getByLabel('Email').fill('broken@');
  await panel.getByLabel('Phone number').fill('+1');
  await panel.getByLabel('New password (optional)', { exact: true }).fill('123');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  for (const message of ['Full name is required', 'Invalid or missing email', 'Invalid phone number', 'Password must be at least 6 characters']) {
    await expect(panel.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);
  await panel.getByLabel('Full name').fill('Claudine I.');
  await panel.getByLabel('Email').fill(shopper.email);
  await panel.getByLabel('Phone number').fill(shopper.phoneNumber);
  await panel.getByLabel('New password (optional)', { exact: true }).fill('');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated successfully');
  await expect(panel).toBeHidden();
  await expect(info).toContainText('Claudine I.');

  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  const history = page.getByRole('region', { name: 'Order History' });
  await expect(history.locator('tbody > tr:not(.order-details-row)')).toHaveCount(5);
  await expectAccessible(page);
  await history.getByRole('link', { name: 'View All Orders' }).click();
  await expect(page).toHaveURL(/\/track-orders$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage Addresses' }).click();
  await expect(page).toHaveURL(/\/address-management$/);

  await page.goto('/profile');
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  await expect(signOut).toBeVisible();
  // The page's clock stands still from here: the page is checked before its 3 s redirect home however
  // long a busy machine takes over the checks, and the redirect comes when the test moves the clock on.
  // Only once the page has loaded: with its clock stopped sooner, its loading never finished.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
  await signOut.click();
  await expectToast(page, 'Logged out successfully');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page).toHaveURL(/\/profile$/);
  await fastForwardUntil(page, WAITS.signOutRedirect, () => expect(page).toHaveURL(/localhost:\d+\/$/, SETTLE));
});

test('a new shopper sees Start Shopping in the order history', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toBeVisible();
});
