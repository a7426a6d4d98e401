// The console's Riders and Dispatch pages as the owner uses them: a rider added by phone with a cash
// limit, a packed order given to that rider from the day's window, and the rider's round shown.
import { orderNumber } from '../server/lib/order-number';
import { expectToast, signInStaff } from './support/pages';
import { expect, test } from './support/test';
import { uniqueContact } from './support/shop-api';

test('the owner adds a rider and gives a packed order to them on the Dispatch page', async ({ page, request, shop, shopper }) => {
  const token = await shop.staffToken();
  const [product] = await shop.products(1);
  await shop.addToCart(shopper, [product._id]);
  const order = await shop.placeOrder(shopper, (await shop.addAddress(shopper))._id);
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'pending', status: 'processing' });
  const detail = await (await request.get(`/api/order/getOrderDetails/${order._id}`, { headers: { Authorization: `Bearer ${shopper.token}` } })).json();
  const day = (detail.order.deliveryWindow.start as string).slice(0, 10);

  await signInStaff(page, '/admin/riders');
  const { phoneNumber } = uniqueContact('rider');
  const name = `Console Rider ${Date.now().toString(36)}`;
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByLabel('Full name (when the number has no account yet)').fill(name);
  await page.getByLabel('Cash limit (frw, empty: no limit)').fill('50000');
  await page.getByRole('button', { name: 'Add rider' }).click();
  await expectToast(page, `${name} rides for the shop`);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('frw 50,000');

  await page.goto(`/admin/dispatch?date=${day}`);
  const number = orderNumber(order._id);
  const row = page.getByRole('row').filter({ hasText: `#${number}` });
  await row.getByRole('combobox', { name: `Rider for order ${number}` }).selectOption({ label: name });
  await expectToast(page, `Order ${number} given to ${name}`);
  const riders = await (await request.get('/api/admin/riders', { headers: { Authorization: `Bearer ${token}` } })).json();
  const rider = riders.riders.find((listed: { fullName: string }) => listed.fullName === name);
  expect(rider.stops.map((stop: { orderId: string }) => stop.orderId)).toEqual([order._id]);
});
