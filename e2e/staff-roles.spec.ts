// Roles in the console: a rider is refused the console and told why; staff work in it without the
// Staff page (no link to it, and its address says 'Owner only'); the owner gives, adds and takes away
// roles there, each counting on the next call.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signIn, signInStaff } from './support/pages';

test("a rider made by the owner reads 'Staff only' as a rider, and the staff API refuses the rider's token", async ({ page, shop }) => {
  const rider = await shop.newShopper('Rose Rider');
  await shop.grantRole(await shop.staffToken(), rider, 'rider');
  await signIn(page, rider);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByText("This part of Isoko is for the shop's staff. Your account is a rider's account.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
  await expectAccessible(page);
  expect(await shop.staffApiStatus(rider.token)).toBe(403);
});

test("staff work in the console without the Staff page: no link to it, and its address says 'Owner only'", async ({ page, shop }) => {
  const staff = await shop.newShopper('Grace Mukamana');
  await shop.grantRole(await shop.staffToken(), staff, 'staff');
  await signIn(page, staff);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Console sections' });
  await expect(sections.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Owner only' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Give access' })).toHaveCount(0);
  await expectAccessible(page);
  expect(await shop.staffApiStatus(staff.token)).toBe(200);
  expect(await shop.staffListStatus(staff.token)).toBe(403);
});

test('the owner gives a role on the Staff page, adds another, and takes one away', async ({ page, shop }) => {
  const colleague = await shop.newShopper('Jean Habimana');
  await signInStaff(page, '/admin/staff');
  await page.getByLabel('E-mail or phone number').fill(colleague.email);
  await page.getByLabel('Role', { exact: true }).selectOption('packer');
  await page.getByRole('button', { name: 'Give access' }).click();
  await expectToast(page, 'Jean Habimana is now a packer');
  const roles = page.getByRole('list', { name: 'Roles of Jean Habimana' });
  await expect(roles.getByRole('listitem')).toHaveText(['Packer']);
  // A packer uses the console's pick list and packing screen only, none of staff's calls.
  expect(await shop.staffApiStatus(colleague.token)).toBe(403);

  await page.getByRole('combobox', { name: 'Role to give Jean Habimana' }).selectOption('staff');
  await page.getByRole('button', { name: 'Add role: Jean Habimana' }).click();
  await expectToast(page, 'Jean Habimana is now staff');
  await expect(roles.getByRole('listitem')).toHaveText(['Staff', 'Packer']);
  expect(await shop.staffApiStatus(colleague.token)).toBe(200);
  await expectAccessible(page);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Remove staff: Jean Habimana' }).click();
  await expectToast(page, 'Jean Habimana is no longer staff');
  await expect(roles.getByRole('listitem')).toHaveText(['Packer']);
  expect(await shop.staffApiStatus(colleague.token)).toBe(403);
});
