// A weekly basket on the web: made from an order in Track Orders, then skipped and back,
// paused and resumed, moved to another day and time and stopped from the profile; staff see it in the
// console's Delivery page.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, expectToast, signIn, signInStaff } from './support/pages';

/** Tomorrow's weekday in Kigali (UTC+2), as the day picker names it: a basket moved there is due within the
 *  console's seven days whatever day the test runs (a Friday 08:00 basket made on a Friday afternoon is not). */
function tomorrowInKigali(): string {
  const names = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
  return names[new Date(Date.now() + (24 + 2) * 3_600_000).getUTCDay()];
}

test('a weekly basket from an order, managed from the profile and seen by staff', PHONE, async ({ page, browser, shop }) => {
  test.setTimeout(90_000);
  // A name of this test's own: the phone and desktop runs go side by side.
  const name = `Weekly ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const shopper = await shop.newShopper(name);
  await shop.fillCart(shopper, 2);
  const address = await shop.addAddress(shopper);
  const order = await shop.placeOrder(shopper, address._id);
  const number = order._id.slice(-8).toUpperCase();

  await signIn(page, shopper);
  await page.goto('/track-orders');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  await page.getByRole('button', { name: 'Deliver every week', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deliver every week' });
  await dialog.getByLabel('Every week on').selectOption({ label: 'Wednesdays' });
  await dialog.getByLabel('Delivery time').selectOption({ label: '16:00–18:00' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Deliver every week' }).click();
  await expectToast(page, 'Your weekly basket comes Wednesdays 16:00–18:00');
  await expect(dialog).toBeHidden();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Weekly Baskets' }).click();
  const card = page.locator('.basket-card');
  await expect(card.getByRole('heading', { name: 'Wednesdays 16:00–18:00' })).toBeVisible();
  await expect(card).toContainText(/Next: .*16:00–18:00/);
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Skip the next one' }).click();
  await expectToast(page, 'The next delivery is skipped');
  await expect(card).toContainText('skipped');
  await card.getByRole('button', { name: 'Undo the skip' }).click();
  await expectToast(page, 'The next delivery is back on');
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.locator('.basket-next')).toHaveText('Paused');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.locator('.basket-next')).toContainText('Next:');

  await card.getByRole('button', { name: 'Change day or time' }).click();
  const day = tomorrowInKigali();
  await card.getByLabel('Every week on').selectOption({ label: day });
  await card.getByLabel('Delivery time').selectOption({ label: '08:00–10:00' });
  await card.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Your weekly basket is changed');
  await expect(card.getByRole('heading', { name: `${day} 08:00–10:00` })).toBeVisible();

  // Staff see it coming this week.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffPage, '/admin/delivery');
  const baskets = staffPage.getByRole('region', { name: 'Weekly baskets this week' });
  await expect(baskets.locator('li').filter({ hasText: name })).toContainText(`${day} 08:00–10:00`);
  await staffContext.close();

  await card.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('dialog', { name: 'Stop this weekly basket?' }).getByRole('button', { name: 'Stop it' }).click();
  await expectToast(page, 'Your weekly basket is stopped');
  await expect(page.getByText('No weekly basket yet.')).toBeVisible();
});
