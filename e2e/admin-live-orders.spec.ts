// Issue 9, "within seconds": a shopper's open Track Orders page and profile show staff's changes to
// an order without a reload. The page's clock is moved on past the refresh period instead of waiting.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fastForwardUntil, SETTLE, test } from './support/test';

const REFRESH_MS = 5000; // REFRESH_WHILE_VISIBLE_MS, web/src/lib/use-refresh-while-visible.ts

async function staffOrderId(request: APIRequestContext, token: string, orderNumber: string): Promise<string> {
  const response = await request.get(`/api/admin/orders?search=${orderNumber}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { orders } = (await response.json()) as { orders: { _id: string }[] };
  expect(orders).toHaveLength(1);
  return orders[0]!._id;
}

async function staffPost(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
}

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

test('staff move an order and the open Track Orders page and profile show it without a reload', async ({ page, request, shop }) => {
  test.setTimeout(90_000);
  const shopper = await shop.newPhoneShopper('Diane Ingabire');
  const orderNumber = await shop.orderByUssd(shopper.phoneNumber);
  const token = await shop.staffToken();
  const orderId = await staffOrderId(request, token, orderNumber);

  await page.goto('/about');
  await page.evaluate((shopperToken) => window.localStorage.setItem('token', shopperToken), shopper.token);
  await page.goto('/track-orders');
  const row = orderRow(page, orderNumber);
  await expect(row.locator('td[data-label="Status"]')).toHaveText('Pending');
  await markPage(page);

  await staffPost(request, token, `/api/admin/orders/${orderId}/status`, { expectedStatus: 'pending', status: 'processing' });
  await fastForwardUntil(page, REFRESH_MS, () => expect(row.locator('td[data-label="Status"]')).toHaveText('Processing', SETTLE));
  await expectNotReloaded(page);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  const profileRow = orderRow(page, orderNumber);
  await expect(profileRow.locator('td[data-label="Payment"]')).toHaveText('Pending');
  await markPage(page);

  await staffPost(request, token, `/api/admin/orders/${orderId}/payment`, {
    expectedPaymentStatus: 'pending',
    paymentStatus: 'completed',
    momoTransactionId: 'MP240101.1200.A12345',
  });
  await fastForwardUntil(page, REFRESH_MS, () => expect(profileRow.locator('td[data-label="Payment"]')).toHaveText('Completed', SETTLE));
  await expect(profileRow.locator('td[data-label="Status"]')).toHaveText('Processing');
  await expectNotReloaded(page);
});
