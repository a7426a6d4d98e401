// One cart across faces: what the chat widget does to the cart shows in the header at once,
// and a guest who signs in from the chat's prompt comes back to the add they asked for.
import { expect, test } from './support/test';
import { signIn } from './support/pages';

test('a signed-in shopper adds in the widget and the header badge changes without a reload', async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
  // Any full reload from here would be caught: the marker lives only in this page's memory.
  await page.evaluate(() => ((window as unknown as { chatMarker: number }).chatMarker = 1));

  await page.getByRole('button', { name: 'Chat with Isoko' }).click();
  const widget = page.getByRole('dialog', { name: 'Chat with Isoko' });
  const log = widget.getByRole('log', { name: 'Conversation with Isoko' });
  const input = widget.getByRole('textbox', { name: 'Type a message' });
  await expect(log).toContainText('Welcome to Isoko');
  await input.fill('tomatoes');
  await input.press('Enter');
  const card = log.getByRole('article', { name: 'Tomatoes', exact: true });
  await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
  await card.getByRole('button', { name: 'Choose Tomatoes' }).click();
  await log.getByRole('button', { name: 'Add to cart' }).click();
  // As a shopper does: the quantity once it is asked for (Enter while a reply is on its way is not sent).
  await expect(log.locator('.cs-message--incoming').last()).toContainText('Quantity in kg');
  await input.fill('3');
  await input.press('Enter');
  await expect(log).toContainText('Added 3 kg Tomatoes to your cart!');

  await expect(page.getByRole('button', { name: 'Open cart, 3 items' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { chatMarker?: number }).chatMarker)).toBe(1);
});

test('a guest asked to log in from the widget signs in and the add completes', async ({ page, shopper }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Chat with Isoko' }).click();
  const widget = page.getByRole('dialog', { name: 'Chat with Isoko' });
  const log = widget.getByRole('log', { name: 'Conversation with Isoko' });
  const input = widget.getByRole('textbox', { name: 'Type a message' });
  await input.fill('tomatoes');
  await input.press('Enter');
  await log.getByRole('article', { name: 'Tomatoes', exact: true }).getByRole('button', { name: 'Choose Tomatoes' }).click();
  await log.getByRole('button', { name: 'Add to cart' }).click();
  await expect(log).toContainText('Please log in to add items to your cart.');

  await log.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fabout$/);
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  // Back on the page, the chat opens by itself and carries on with the add: it asks how much.
  await expect(page).toHaveURL(/\/about$/);
  const reopened = page.getByRole('dialog', { name: 'Chat with Isoko' });
  const reopenedLog = reopened.getByRole('log', { name: 'Conversation with Isoko' });
  await expect(reopenedLog.locator('.cs-message--incoming').last()).toContainText('Quantity in kg');
  await reopened.getByRole('textbox', { name: 'Type a message' }).fill('2');
  await reopened.getByRole('textbox', { name: 'Type a message' }).press('Enter');
  await expect(reopenedLog).toContainText('Added 2 kg Tomatoes to your cart!');
  await expect(page.getByRole('button', { name: 'Open cart, 2 items' })).toBeVisible();
});
