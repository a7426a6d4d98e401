// The whole shopper journey in one go, at phone and desktop sizes:
// guest -> sign up -> search -> add -> cart -> checkout (new address) -> confirmation -> track orders
// -> profile -> sign out.
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { expectToast, signUp } from './support/pages';
import { uniqueContact } from './support/shop-api';

test('a guest signs up, buys tomatoes, tracks the order and signs out', PHONE, async ({ page }) => {
  test.slow();
  const contact = uniqueContact();

  // Guest on the home page.
  await page.goto('/');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Sign up.
  await signUp(page, { fullName: 'Eric Niyonzima', ...contact, password: 'secret123' });
  await expectToast(page, 'Registration successful!');
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  // Search from the header (on a phone it may sit in the collapsible menu).
  const searchBoxes = page.getByRole('searchbox', { name: 'Search products' }).filter({ visible: true });
  if ((await searchBoxes.count()) === 0) await page.getByRole('button', { name: 'Open menu' }).click();
  const search = searchBoxes.first();
  await search.fill('tomato');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=tomato$/);

  // Add to the cart.
  await page.getByRole('button', { name: /^Add to Cart\W+Tomatoes$/ }).click();
  await expectToast(page, 'Added Tomatoes to your cart!');
  await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();

  // Cart drawer, then the cart page, then checkout.
  await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
  await page.getByRole('button', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fastForwardUntil(page, WAITS.cartToCheckout, () => expect(page).toHaveURL(/\/checkout$/, SETTLE));

  // Checkout with a new address.
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('Tomatoes');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await page.getByRole('button', { name: 'New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Address' });
  await dialog.getByLabel('Description').fill('Home');
  await dialog.getByLabel('Street').fill('KK 15 Rd');
  await dialog.getByLabel('District').selectOption('Kicukiro');
  await dialog.getByLabel('Phone number').fill(contact.phoneNumber);
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expectToast(page, 'Address added successfully!');
  await expect(page.locator('.selected-address')).toContainText('KK 15 Rd');
  await page.getByRole('button', { name: 'Place Order' }).click();
  // The toast and the move to the confirmation come together, after the 3 s wait at the page's real
  // speed: moving its clock on meanwhile could carry the 4 s toast past unseen on a busy machine.
  const placed = page.locator('.toast-message', { hasText: 'Order placed successfully and cart cleared!' });
  await expect(placed).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);

  // Confirmation.
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  // Placed just now: the toast above said so, and on a phone, which shows only the newest toast, the
  // pending order's "being processed" (for a return from payment) would have covered it at once.
  await expect(page.getByText('Your order is being processed. Please wait for confirmation.')).toHaveCount(0);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const shortNumber = orderId.slice(-8).toUpperCase();
  await expect(page.locator('.confirm-number')).toContainText(shortNumber);
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();

  // Track orders.
  await page.getByRole('link', { name: 'Track Orders' }).last().click();
  await expect(page).toHaveURL(/\/track-orders$/);
  const toggle = page.getByRole('button', { name: new RegExp(shortNumber) });
  await toggle.click();
  await expect(page.locator('.order-details').getByText('Tomatoes')).toBeVisible();

  // Profile, then sign out (home after 3 s).
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Eric Niyonzima');
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Order History' })).toContainText(shortNumber);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(page, 'Logged out successfully');
  await fastForwardUntil(page, WAITS.signOutRedirect, () => expect(page).toHaveURL(/localhost:\d+\/$/, SETTLE));
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
