// The two conversation pages: /chat (the widget's conversation on a whole page) and /ussd-simulator (a feature
// phone dialling the USSD menu through the real /ussd endpoint).
import { expect, test } from './support/test';
import { expectAccessible } from './support/pages';
import { uniqueContact } from './support/shop-api';

test('the /chat page talks with the shop and picks a reply', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Isoko' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation with Isoko' });
  await expect(log).toContainText('Welcome to Isoko');
  // No second, floating chat over a page that is already one.
  await expect(page.getByRole('button', { name: 'Chat with Isoko' })).toHaveCount(0);

  await log.getByRole('button', { name: 'Categories' }).click();
  await expect(log.locator('.cs-message--outgoing')).toContainText('Categories');
  await expect(log.getByRole('button', { name: 'Back' })).toBeVisible();

  await expectAccessible(page);
});

test('a guest asked to log in comes back to the same conversation, now signed in', async ({ page, shopper }) => {
  await page.goto('/chat');
  const log = page.getByRole('log', { name: 'Conversation with Isoko' });
  const input = page.getByRole('textbox', { name: 'Type a message' });
  await expect(log).toContainText('Welcome to Isoko');
  await input.fill('tomatos');
  await input.press('Enter');
  await log.getByRole('article', { name: 'Tomatoes', exact: true }).getByRole('button', { name: 'Choose Tomatoes' }).click();
  await log.getByRole('button', { name: 'Add to cart' }).click();
  await expect(log).toContainText('Please log in to add items to your cart.');

  const login = log.getByRole('link', { name: 'Log in' });
  await expect(login).toHaveAttribute('href', '/login?redirect=%2Fchat');
  await login.click();
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/chat$/);
  // The transcript survived the trip, and the chat carries on with the add as the shopper.
  await expect(log).toContainText('Please log in to add items to your cart.');
  await expect(log.locator('.cs-message--incoming').last()).toContainText('Quantity in kg');
  await input.fill('2');
  await input.press('Enter');
  await expect(log).toContainText('Added 2 kg Tomatoes to your cart!');
});

test('the USSD simulator dials and shows the language screen within 182 characters', async ({ page }) => {
  await page.goto('/ussd-simulator');
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveValue('+250788000001');
  // A number this server has never seen, so the first screen is the first-call language choice.
  await phone.fill(uniqueContact().phoneNumber);

  await page.getByRole('button', { name: /^Dial/ }).click();
  const screen = page.getByTestId('ussd-screen');
  await expect(screen).toContainText('English');
  await expect(screen).toContainText('Kinyarwanda');
  await expect(screen).not.toContainText(/^(CON|END) /);
  const count = await page.getByTestId('ussd-count').textContent();
  const [used, limit] = (count ?? '').split('/').map(Number);
  expect(limit).toBe(182);
  expect(used).toBeGreaterThan(0);
  expect(used).toBeLessThanOrEqual(182);

  // Choosing English is the second request, its text the inputs so far.
  await page.getByRole('textbox', { name: 'Reply' }).fill('1');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('ussd-last-text')).toHaveText('"1"');

  await expectAccessible(page);
});
