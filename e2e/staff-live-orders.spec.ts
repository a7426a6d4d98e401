// Within seconds: a shopper's open Track Orders page and profile show staff's changes to
// an order without a reload. The page's clock is moved on past the refresh period instead of waiting.
import type { Page } from '@playwright/test';
import { signIn } from './support/pages';
import { expect, fastForwardUntil, SETTLE, test } from './support/test';

const REFRESH_MS = 5000; // REFRESH_WHILE_VISIBLE_MS, web/src/lib/use-refresh-while-visible.ts

/** The row of one order in the orders table. */
const orderRow = (page: Page, orderNumber: string) =>
  page.locator('tr', { has: page.getByRole('button', { name: new RegExp(`order #${orderNumber}$`) }) });

/** A mark that only survives while the page is not reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('staff move an order and the open Track Orders page and profile show it without a reload', async ({ page, shop }) => {
  test.setTimeout(90_000);
  const shopper = await shop.newPhoneShopper('Diane Ingabire');
  const orderNumber = await shop.orderByUssd(shopper.phoneNumber);
  const token = await shop.staffToken();
  const orderId = await shop.staffOrderId(token, orderNumber);

  await signIn(page, shopper);
  await page.goto('/track-orders');
  const row = orderRow(page, orderNumber);
  await expect(row.locator('td[data-label="Status"]')).toHaveText('Waiting to be packed');
  await markPage(page);

  await shop.setOrderStatus(token, orderId, { expectedStatus: 'pending', status: 'processing' });
  await fastForwardUntil(page, REFRESH_MS, () => expect(row.locator('td[data-label="Status"]')).toHaveText('Being prepared', SETTLE));
  await expectNotReloaded(page);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  const profileRow = orderRow(page, orderNumber);
  await expect(profileRow.locator('td[data-label="Payment"]')).toHaveText('Not yet paid');
  await markPage(page);

  await shop.setPaymentStatus(token, orderId, {
    expectedPaymentStatus: 'pending',
    paymentStatus: 'completed',
    momoTransactionId: 'MP240101.1200.A12345',
  });
  await fastForwardUntil(page, REFRESH_MS, () => expect(profileRow.locator('td[data-label="Payment"]')).toHaveText('Paid', SETTLE));
  await expect(profileRow.locator('td[data-label="Status"]')).toHaveText('Being prepared');
  await expectNotReloaded(page);
});
