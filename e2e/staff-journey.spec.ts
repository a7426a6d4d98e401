// A shopper orders by USSD; staff confirm the MoMo payment and move the order to
// delivered in the console; after each step the shopper sees it on the web's Track Orders and by
// USSD, and the fake SMS provider has received the SMS for it.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signInStaff } from './support/pages';
import { smsTo } from './support/shop-api';

test.describe.configure({ mode: 'serial' });

async function shopperSees(shopperPage: Page, orderNumber: string, status: string, payment: string) {
  await shopperPage.goto('/track-orders');
  await shopperPage.getByLabel('Order ID').fill(orderNumber);
  await shopperPage.getByRole('button', { name: 'Track' }).click();
  const result = shopperPage.getByRole('region', { name: 'Search result' });
  await expect(result.getByText(status, { exact: true }).first()).toBeVisible();
  await expect(result.getByText(payment, { exact: true }).first()).toBeVisible();
}

test('a USSD order confirmed and delivered in the console reaches the shopper on the web, by USSD and by SMS', async ({ page, browser, shop }) => {
  test.setTimeout(120_000);
  const shopper = await shop.newPhoneShopper('Jeanne Mukamana');
  const orderNumber = await shop.orderByUssd(shopper.phoneNumber);
  expect(await shop.ussdOrders(shopper.phoneNumber)).toContain(`${orderNumber} frw 1,800.00 to pack, unpaid`);

  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto('/about');
  await shopperPage.evaluate((token) => window.localStorage.setItem('token', token), shopper.token);
  await shopperSees(shopperPage, orderNumber, 'Waiting to be packed', 'Not yet paid');

  // Staff find the order by the number the shopper reads out.
  await signInStaff(page, '/admin/orders');
  await page.getByLabel('Order number, phone or name').fill(orderNumber.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`#${orderNumber}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByText('USSD', { exact: true })).toBeVisible();
  await expect(page.getByText('Jeanne Mukamana', { exact: true })).toBeVisible();
  await expect(page.getByText('Carrots')).toBeVisible();
  // When it goes out: the window the shopper chose at checkout, linked to the day's delivery plan.
  await expect(page.getByRole('link', { name: /^(Today|Tomorrow|\w{3} \d{1,2} \w{3}) \d\d:\d\d–\d\d:\d\d$/ })).toBeVisible();

  // Confirm the MoMo payment with its transaction id.
  await page.getByLabel('MoMo transaction id').fill('MP240117.1200.C00042');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('Payment: Not yet paid → Paid')).toBeVisible();
  await expect(page.getByText('(MoMo MP240117.1200.C00042)')).toBeVisible();
  await shopperSees(shopperPage, orderNumber, 'Waiting to be packed', 'Paid');
  // USSD words the status and the payment as the shopper says them, never the stored values.
  expect(await shop.ussdOrders(shopper.phoneNumber)).toContain(`${orderNumber} frw 1,800.00 to pack, paid`);
  await expect.poll(() => smsTo(shopper.phoneNumber, orderNumber)).toEqual([
    `Isoko: payment for order ${orderNumber} (frw 1,800.00) is confirmed. Thank you!`,
  ]);

  // Move it along, one allowed step at a time: only the next step is offered.
  const steps = [
    // The order's delivery window, as the text names it: "Tomorrow 08:00-10:00".
    { button: 'Start processing', status: 'processing', badge: 'Being prepared', ussd: 'preparing', sms: expect.stringMatching(new RegExp(`^Isoko: order ${orderNumber} is being prepared for delivery (Today|Tomorrow|\\w{3} \\d{1,2} \\w{3}) \\d\\d:\\d\\d-\\d\\d:\\d\\d\\.$`)) },
    { button: 'Mark shipped', status: 'shipped', badge: 'On its way', ussd: 'on its way', sms: `Isoko: order ${orderNumber} is on its way to you.` },
    { button: 'Mark delivered', status: 'delivered', badge: 'Delivered', ussd: 'delivered', sms: `Isoko: order ${orderNumber} was delivered. Thank you for shopping with us!` },
  ];
  const expected: unknown[] = [`Isoko: payment for order ${orderNumber} (frw 1,800.00) is confirmed. Thank you!`];
  let from = 'Waiting to be packed';
  for (const step of steps) {
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(step.status === 'delivered' ? 1 : 0);
    await page.getByLabel('Note (optional, kept in the history)').fill(`Step to ${step.status}`);
    await page.getByRole('button', { name: step.button }).click();
    await expect(page.getByText(`Status: ${from} → ${step.badge}`)).toBeVisible();
    await expect(page.getByText(`“Step to ${step.status}”`)).toBeVisible();
    await shopperSees(shopperPage, orderNumber, step.badge, 'Paid');
    expect(await shop.ussdOrders(shopper.phoneNumber)).toContain(`${orderNumber} frw 1,800.00 ${step.ussd}, paid`);
    expected.push(step.sms);
    await expect.poll(() => smsTo(shopper.phoneNumber, orderNumber)).toEqual(expected);
    from = step.badge;
  }
  await expect(page.getByText('This order is delivered: there is nothing more to do.')).toBeVisible();
  await shopperContext.close();
});
