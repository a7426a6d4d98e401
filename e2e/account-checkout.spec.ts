// /checkout and /order-confirmation: steps, the shared New Address dialog, one order per attempt,
// the confirmation with its pay code, and the trapped back action.
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { underToasts } from './support/layout';
import { expectAccessible, expectToast, signIn } from './support/pages';

test('an empty cart goes back to /cart', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
});

test('a guest is sent to log in first', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
});

test('checkout with a new address places exactly one order and confirms it', PHONE, async ({ page, request, shop, shopper }) => {
  const products = await shop.fillCart(shopper, 2);
  await signIn(page, shopper);
  await page.goto('/checkout');

  await expect(page.getByRole('list', { name: 'Checkout progress' })).toBeVisible();
  // How cash works, in the one wording every face uses: verified only once paid with the code.
  await expect(page.getByText('Once you pay with the MoMo Pay code, the administrator verifies your payment and calls you within 10 minutes.')).toBeVisible();
  const config = await (await request.get('/api/config')).json();
  await expect(page.locator('.momo-instructions')).toContainText(config.payCode);
  await expect(page.locator('.momo-instructions')).toContainText(config.businessName);
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(products[0].productname);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery Address' })).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expectToast(page, 'Please select a shipping address');

  await page.getByRole('button', { name: 'New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Address' });
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Street is required')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Description').fill('Office');
  await dialog.getByLabel('Street').fill('KG 11 Ave');
  await dialog.getByLabel('District').selectOption('Kicukiro');
  await dialog.getByLabel('Phone number').fill('+250788765432');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully!');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Saved addresses')).toHaveValue(/.+/);
  await expect(page.locator('.selected-address')).toContainText('KG 11 Ave');

  // A double click must still make one order: the second click finds the submit already running.
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(page.getByRole('button', { name: 'Placing Order...' })).toBeDisabled();
  // The toast and the move to the confirmation come together, after the 3 s wait at the page's real
  // speed: moving its clock on meanwhile could carry the 4 s toast past unseen on a busy machine.
  const placed = page.locator('.toast-message', { hasText: 'Order placed successfully and cart cleared!' });
  await expect(placed).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);

  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  await expect(page.locator('.confirm-number')).toContainText(orderId.slice(-8).toUpperCase());
  await expect(page.getByText('What Happens Next')).toBeVisible();
  // Statuses in words, never "PENDING"; and the two toasts of the way here (address added, order
  // placed) leave "Order Confirmed" and its number in sight at 360 px.
  await expect(page.getByText('Waiting to be packed', { exact: true })).toBeVisible();
  await expect(page.getByText('PENDING', { exact: true })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await underToasts(page, 'h1, .confirm-number')).toEqual([]);
  await expect(page.locator('.confirm-panel').filter({ hasText: 'Payment Information' })).toContainText(config.payCode);
  expect(await page.evaluate(() => window.localStorage.getItem('lastOrderId'))).toBeNull();
  await expectAccessible(page);

  const orders = await request.get('/api/order/getUserOrders', { headers: { Authorization: `Bearer ${shopper.token}` } });
  expect(((await orders.json()) as { orders: unknown[] }).orders).toHaveLength(1);

  // Back stays here.
  await page.goBack();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Track Orders' }).first().click();
  await expect(page).toHaveURL(/\/track-orders$/);
});

test('the default address is preselected and labelled Default', async ({ page, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  const address = await shop.addAddress(shopper, 'Home');
  await shop.addAddress(shopper, 'Work');
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  const select = page.getByLabel('Saved addresses');
  await expect(select).toHaveValue(address._id);
  await expect(select.locator('option:checked')).toHaveText(/\(Default\)$/);
  await page.getByRole('button', { name: 'Back to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
});

test('confirmation for an unknown order shows Order Not Found', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/order-confirmation?orderId=does-not-exist');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expectAccessible(page);
});

test('confirmation without any order id goes home', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/order-confirmation');
  await expectToast(page, 'No order information found');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('step 2 offers the free delivery windows, earliest first; the chosen one is on the confirmation and in Track Orders', async ({ page, request, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper, 'Home');
  const { windows } = (await (await request.get('/api/delivery/windows')).json()) as { windows: { id: string; label: string; available: boolean }[] };
  const free = windows.filter((window) => window.available);
  expect(free.length).toBeGreaterThan(1);
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  const picker = page.getByLabel('Delivery time');
  await expect(picker.locator('option:checked')).toHaveText(free[0].label);
  await expect(picker.locator('option')).toHaveCount(free.length);
  await expectAccessible(page);

  await picker.selectOption(free[1].id);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await fastForwardUntil(page, WAITS.placeOrder / 3, () => expect(page).toHaveURL(/\/order-confirmation\?orderId=/, SETTLE));
  const deliveryPanel = page.locator('.confirm-panel').filter({ hasText: 'Delivery Information' });
  await expect(deliveryPanel.getByText('Delivery window')).toBeVisible();
  await expect(deliveryPanel).toContainText(free[1].label);
  await expect(page.getByText(`Your groceries are delivered ${free[1].label}.`)).toBeVisible();

  await page.goto('/track-orders');
  await expect(page.locator('.orders-table tbody td[data-label="Delivery"]').first()).toHaveText(free[1].label);
});

test('a window no longer bookable when the order is sent is refused naming the next free one; the cart stays', async ({ page, request, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper, 'Home');
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  const picker = page.getByLabel('Delivery time');
  await expect(picker.locator('option').first()).toBeAttached();
  // While the shopper looks, the window chosen passes: the page still sends it, the server refuses it.
  const chosen = await picker.inputValue();
  await page.route('**/api/order/placeOrder', async (route) => {
    const body = route.request().postDataJSON() as { deliveryWindowId?: string };
    expect(body.deliveryWindowId).toBe(chosen);
    await route.continue({ postData: JSON.stringify({ ...body, deliveryWindowId: '2000-01-01T08:00' }) });
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  const refused = page.locator('.toaster').getByText(/^That delivery window can no longer be booked\. The next free one is .+\.$/);
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/order/placeOrder');
  await expect(page).toHaveURL(/\/checkout$/);
  const cart = await request.get('/api/cart', { headers: { Authorization: `Bearer ${shopper.token}` } });
  expect(((await cart.json()) as { cart: { products: unknown[] } }).cart.products).toHaveLength(1);
});

test('the same products ordered again minutes later are asked about first, and placed only when the shopper says so', async ({ page, request, shop, shopper }) => {
  const products = await shop.fillCart(shopper, 1);
  const address = await shop.addAddress(shopper);
  const first = await shop.placeOrder(shopper, address._id);
  await shop.addToCart(shopper, products.map((product) => product._id));
  await signIn(page, shopper);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await page.getByLabel('Saved addresses').selectOption(address._id);
  await page.getByRole('button', { name: 'Place Order' }).click();

  const dialog = page.getByRole('dialog', { name: 'You just ordered this' });
  await expect(dialog).toContainText(`order #${first._id.slice(-8).toUpperCase()}`);
  await expect(dialog).toContainText('Placing this order again brings them twice.');
  await dialog.getByRole('button', { name: "Don't place it" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await dialog.getByRole('button', { name: 'Place it again' }).click();
  await fastForwardUntil(page, WAITS.placeOrder / 3, () => expect(page).toHaveURL(/\/order-confirmation\?orderId=/, SETTLE));
  const orders = await request.get('/api/order/getUserOrders', { headers: { Authorization: `Bearer ${shopper.token}` } });
  expect((await orders.json()).orders).toHaveLength(2);
});
