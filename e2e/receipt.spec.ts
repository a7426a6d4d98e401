// A delivered order's receipt on the web: opened from Track Orders, it names the invoice, the lines
// ordered and sent and the total; printed, only the receipt is on the paper.
import { orderNumber } from '../server/lib/order-number';
import { expect, PHONE, test } from './support/test';
import { expectAccessible, signIn } from './support/pages';

test('a delivered order has a printable receipt in Track Orders', PHONE, async ({ page, shop }) => {
  const token = await shop.staffToken();
  const shopper = await shop.newShopper();
  const [product] = await shop.fillCart(shopper, 1);
  const order = await shop.placeOrder(shopper, (await shop.addAddress(shopper))._id);
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'pending', status: 'processing' });
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'processing', status: 'shipped' });
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'shipped', status: 'delivered' });

  await signIn(page, shopper);
  await page.goto('/track-orders');
  await page.getByRole('button', { name: new RegExp(orderNumber(order._id)) }).click();
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${order._id}$`));
  const heading = page.getByRole('heading', { level: 1, name: /^Receipt INV-\d{8}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const receipt = page.locator('.receipt');
  await expect(receipt).toContainText(`Order #${orderNumber(order._id)}`);
  await expect(receipt.getByRole('row', { name: new RegExp(product.productname) })).toBeVisible();
  // Delivered by staff without a payment recorded: the receipt says what is still owed.
  await expect(receipt).toContainText('Still to pay');
  await expectAccessible(page);

  await page.emulateMedia({ media: 'print' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with Isoko' })).toBeHidden();
});

test('an order not yet delivered has no receipt yet, and says when it comes', async ({ page, shop }) => {
  const shopper = await shop.newShopper();
  await shop.fillCart(shopper, 1);
  const order = await shop.placeOrder(shopper, (await shop.addAddress(shopper))._id);
  await signIn(page, shopper);
  await page.goto(`/receipt/${order._id}`);
  await expect(page.getByRole('heading', { name: 'No receipt yet' })).toBeVisible();
  await expect(page.locator('main')).toContainText('This order is not delivered yet: its receipt is made when it is delivered.');
});
