// /address-management: the login check, add, edit and delete with their messages, and axe.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

test('a guest is sent to log in', async ({ page }) => {
  await page.goto('/address-management');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faddress-management$/);
});

test('a revoked token is caught by the session check', async ({ page, request, shopper }) => {
  await request.get('/api/user/logout', { headers: { Authorization: `Bearer ${shopper.token}` } });
  await signIn(page, shopper);
  await page.goto('/address-management');
  await expectToast(page, 'Session expired. Please log in again.');
  await expect(page).toHaveURL(/\/login(\?redirect=%2Faddress-management)?$/);
});

test('add, edit and delete an address', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/address-management');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add New Address' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  // The phone given at sign-up is offered; cleared, it is asked for like every other field.
  await expect(dialog.getByLabel('Phone number')).toHaveValue(shopper.phoneNumber);
  await dialog.getByLabel('Phone number').fill('');
  await dialog.getByLabel('City').fill('');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  for (const message of ['Description is required', 'City is required', 'Street is required', 'District is required', 'Phone number is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(600);
  await expectAccessible(page);
  await dialog.getByLabel('Description').fill('Home');
  await dialog.getByLabel('Street').fill('KN 5 Rd');
  await dialog.getByLabel('District').selectOption('Nyarugenge');
  await dialog.getByLabel('Sector').selectOption('Nyamirambo');
  await dialog.getByLabel('City').fill('Kigali');
  await dialog.getByLabel('Phone number').fill('+250788123456');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully!');
  const card = page.getByRole('listitem').filter({ hasText: 'KN 5 Rd' });
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Nyamirambo, Nyarugenge, Kigali');

  await card.getByRole('button', { name: 'Edit address Home' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(edit.getByLabel('Street')).toHaveValue('KN 5 Rd');
  await edit.getByLabel('Street').fill('KN 7 Rd');
  await edit.getByRole('button', { name: 'Update Address' }).click();
  await expectToast(page, 'Address updated successfully');
  await expect(page.getByRole('listitem').filter({ hasText: 'KN 7 Rd' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete address Home' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('This action cannot be undone. This will permanently delete your address.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Address deleted successfully');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
});

test('Escape closes the address dialog without saving', async ({ page, shop, shopper }) => {
  await shop.addAddress(shopper, 'Home');
  await signIn(page, shopper);
  await page.goto('/address-management');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await page.getByRole('dialog', { name: 'Add New Address' }).getByLabel('Description').fill('Unsaved');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add New Address' })).toBeHidden();
  await expect(page.getByText('Unsaved')).toHaveCount(0);
});
