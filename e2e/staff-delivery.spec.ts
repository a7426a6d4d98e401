// The console's Delivery page: the schedule staff set, and each window of the week with
// the orders booked in it. Other specs place orders at the same time, so this one changes the
// schedule only in a way they cannot notice (one more place per window) and puts it back.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signInStaff } from './support/pages';

test("staff see each window's orders and change how many orders a window takes", async ({ page, request, shop }) => {
  const shopper = await shop.newShopper('Delivery Tester');
  await shop.fillCart(shopper, 1);
  const address = await shop.addAddress(shopper, 'Blue gate');
  const order = await shop.placeOrder(shopper, address._id);
  const placed = (await (await request.get(`/api/order/getOrderDetails/${order._id}`, { headers: { Authorization: `Bearer ${shopper.token}` } })).json()) as {
    order: { deliveryWindow: { label: string } };
  };

  await signInStaff(page, '/admin/delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  const window = page.locator('.staff-window').filter({ hasText: placed.order.deliveryWindow.label });
  await expect(window.getByRole('link', { name: `#${order._id.slice(-8).toUpperCase()}` })).toBeVisible();
  await expect(window).toContainText('Delivery Tester');
  await expect(window).toContainText(/\d+ of 20/);
  await expectAccessible(page);

  const capacity = page.getByLabel('Orders a window takes');
  await capacity.fill('0');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('A window takes at least 1 order')).toBeVisible();

  try {
    await capacity.fill('21');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expectToast(page, 'Delivery schedule saved');
    await expect(window).toContainText(/\d+ of 21/);
  } finally {
    const token = await shop.staffToken();
    const current = (await (await request.get('/api/admin/delivery', { headers: { Authorization: `Bearer ${token}` } })).json()) as { schedule: Record<string, unknown> };
    const restored = await request.put('/api/admin/delivery', { headers: { Authorization: `Bearer ${token}` }, data: { ...current.schedule, capacity: 20 } });
    expect(restored.status()).toBe(200);
  }
});
