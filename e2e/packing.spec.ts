// Packing (docs/packing.md): a packer on a 360-pixel phone packs an order line by line (one ticked as
// ordered, one weighed, one short, one substituted), ends with Done, and the shopper's order then
// shows the packed amount; and the Delivery page's pick list printed on A4 and on an 80 mm roll,
// with the console's frame hidden and nothing wider than the paper.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signInStaff } from './support/pages';

/** The window id the pick list takes (Kigali's wall clock, 2026-11-24T10:00) from a window's start instant. */
const kigaliWindowId = (start: string) => new Date(new Date(start).getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 16);

/** Nothing reaches past the page's right edge, and the page does not scroll sideways. */
async function expectNothingWider(page: Page, within: string) {
  const overflow = await page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>(`${selector}, ${selector} *`)]
      .filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${Math.round(element.getBoundingClientRect().right)} > ${width}`);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  }, within);
  expect(overflow.wide).toEqual([]);
  expect(overflow.scroll).toBeLessThanOrEqual(0);
}

async function orderToPack(shop: Parameters<Parameters<typeof test>[2]>[0]['shop'], request: Parameters<Parameters<typeof test>[2]>[0]['request']) {
  const shopper = await shop.newShopper('Aline Packed');
  const counted = (await shop.countedProducts()).find((product) => !['cabbage', 'cherry-tomatoes'].includes(product._id))!;
  const headers = { Authorization: `Bearer ${shopper.token}` };
  for (const line of [
    { productId: 'tomatoes', quantity: 1.5 },
    { productId: 'cabbage', quantity: 2 },
    { productId: 'carrots', quantity: 1 },
    { productId: counted._id, quantity: 1 },
  ]) {
    expect((await request.post('/api/cart/add', { headers, data: line })).status()).toBe(200);
  }
  const address = await shop.addAddress(shopper, 'Blue gate by the kiosk');
  const order = await shop.placeOrder(shopper, address._id);
  return { shopper, order, counted, number: order._id.slice(-8).toUpperCase() };
}

test.describe('the packing screen on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('a packer ticks, weighs, shorts and substitutes, Done, and the shopper sees the packed amount', async ({ page, request, shop }) => {
    const { shopper, order, counted, number } = await orderToPack(shop, request);
    const packer = await shop.newShopper('Eric Packer');
    await shop.grantRole(await shop.staffToken(), packer, 'packer');
    await signIn(page, packer);
    await page.goto(`/admin/orders/${order._id}/packing`);
    await expect(page.getByRole('heading', { level: 1, name: `Pack #${number}` })).toBeVisible();
    await expectNothingWider(page, 'body');

    // Ticked as ordered.
    const tick = page.getByRole('listitem', { name: counted.productname, exact: true });
    await tick.getByRole('button', { name: 'Packed', exact: true }).click();
    await expect(tick.getByText('Packed 1 ')).toBeVisible();

    // Weighed: 1.6 kg of the 1.5 ordered (within the 10% allowed).
    const tomatoes = page.getByRole('listitem', { name: 'Tomatoes', exact: true });
    await tomatoes.getByLabel('Real weight', { exact: true }).fill('1.6');
    await tomatoes.getByRole('button', { name: 'Packed', exact: true }).click();
    await expect(tomatoes.getByText('Packed 1.6 kg')).toBeVisible();

    // Short: half a kilo of carrots where one was ordered.
    const carrots = page.getByRole('listitem', { name: 'Carrots' });
    await carrots.getByRole('button', { name: 'Short', exact: true }).click();
    await carrots.getByLabel('How much is there', { exact: true }).fill('0.5');
    await carrots.getByRole('button', { name: 'Save short' }).click();
    await expect(carrots.getByText('Packed 0.5 kg')).toBeVisible();

    // Substituted: cherry tomatoes for the cabbages, asked of the shopper.
    const cabbage = page.getByRole('listitem', { name: 'Cabbage' });
    await cabbage.getByRole('button', { name: 'Substitute', exact: true }).click();
    await cabbage.getByLabel('Find a substitute', { exact: true }).fill('cherry');
    await cabbage.getByRole('button', { name: 'Search', exact: true }).click();
    await cabbage.getByLabel('Substitute', { exact: true }).selectOption('cherry-tomatoes');
    await cabbage.getByRole('button', { name: 'Save substitute' }).click();
    await expect(cabbage.getByText('Substituted by Cherry tomatoes: 2 packs (asked the shopper)')).toBeVisible();
    await expectNothingWider(page, 'body');

    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText(/to pay/).first()).toBeVisible();
    const packed = (await (await request.get(`/api/order/getOrderDetails/${order._id}`, { headers: { Authorization: `Bearer ${shopper.token}` } })).json()) as { order: { amount: number; finalAmount: number; status: string } };
    expect(packed.order.status).toBe('processing');
    expect(packed.order.finalAmount).not.toBe(packed.order.amount);
    const finalText = `frw ${packed.order.finalAmount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await expect(page.getByText(`Packed ${finalText}`)).toBeVisible();

    // The shopper's order page: ordered and sent line by line, and the packed amount to pay.
    await page.evaluate((token) => window.localStorage.setItem('token', token), shopper.token);
    await page.goto(`/order-confirmation?orderId=${encodeURIComponent(order._id)}`);
    await expect(page.getByText('Packed (final amount)')).toBeVisible();
    await expect(page.getByText('Packed (final amount)').locator('xpath=following-sibling::dd[1]')).toHaveText(finalText);
    await expect(page.getByText('Ordered: 1.5 kg / sent: 1.6 kg')).toBeVisible();
    await expectNothingWider(page, 'body');
  });
});

test('the pick list prints on A4 and on an 80 mm roll, the console hidden and nothing cut off', async ({ page, request, shop }, testInfo) => {
  const { shopper, order, number } = await orderToPack(shop, request);
  const placed = (await (await request.get(`/api/order/getOrderDetails/${order._id}`, { headers: { Authorization: `Bearer ${shopper.token}` } })).json()) as { order: { deliveryWindow: { start: string } } };
  const windowId = kigaliWindowId(placed.order.deliveryWindow.start);
  await signInStaff(page, `/admin/delivery?window=${encodeURIComponent(windowId)}`);
  const slip = page.getByRole('listitem', { name: `Packing slip #${number}` });
  await expect(slip).toContainText('Aline Packed');
  await expect(slip).toContainText('Blue gate by the kiosk');
  await expect(page.locator('.staff-bar')).toBeVisible();

  // A4 at 96 dpi is 794 pixels wide; its 12 mm margins leave the page 703.
  await page.setViewportSize({ width: 703, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.staff-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(slip.getByRole('link', { name: 'Pack this order' })).toBeHidden();
  await expect(slip).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNothingWider(page, '.pick-list');
  await page.screenshot({ path: testInfo.outputPath('pick-list-a4.png'), fullPage: true });

  // The 80 mm roll: 74 mm of print (280 pixels) once its 3 mm margins are off.
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Print for 80 mm roll').check();
  await expect(page.locator('html')).toHaveClass(/print-roll/);
  await page.setViewportSize({ width: 280, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.staff-bar')).toBeHidden();
  await expect(slip).toBeVisible();
  await expectNothingWider(page, '.pick-list');
  await page.screenshot({ path: testInfo.outputPath('pick-list-80mm.png'), fullPage: true });
});
