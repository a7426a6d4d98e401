// The floating chat, as a shopper uses it: open it from any page, type a product with a typo, get it back.
import { expect, PHONE, test } from './support/test';
import { expectAccessible } from './support/pages';

test.describe('chat widget', () => {
  test('opens from the launcher, searches a typo, and closes on Escape', PHONE, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Isoko' }).click();

    const widget = page.getByRole('dialog', { name: 'Chat with Isoko' });
    await expect(widget).toBeVisible();
    const log = widget.getByRole('log', { name: 'Conversation with Isoko' });
    await expect(log).toContainText('Welcome to Isoko');
    const input = widget.getByRole('textbox', { name: 'Type a message' });
    await expect(input).toBeFocused();

    await input.fill('tomatos');
    await input.press('Enter');
    await expect(log).toContainText('tomatos');
    await expect(log.getByRole('article', { name: 'Tomatoes', exact: true })).toBeVisible();

    await expectAccessible(page, { include: '.chat-widget' });

    if ((page.viewportSize()?.width ?? 0) < 640) {
      // On a phone the panel is a full-screen sheet: Tab wraps inside it instead of reaching the hidden page.
      await input.focus();
      await page.keyboard.press('Tab');
      await expect(widget.getByRole('link', { name: 'Full screen' })).toBeFocused();
    }

    await page.keyboard.press('Escape');
    await expect(widget).toBeHidden();
    // Focus returns to the launcher, so a keyboard user carries on where they were.
    await expect(page.getByRole('button', { name: 'Chat with Isoko' })).toBeFocused();
  });

  test('keeps the conversation when reopened', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Isoko' }).click();
    const widget = page.getByRole('dialog', { name: 'Chat with Isoko' });
    await widget.getByRole('button', { name: 'Categories' }).click();
    await expect(widget.getByRole('log')).toContainText('Categories');
    await widget.getByRole('button', { name: 'Close chat' }).click();

    await page.reload();
    await page.getByRole('button', { name: 'Chat with Isoko' }).click();
    // The same transcript, with the shopper's earlier pick still in it.
    await expect(page.getByRole('dialog', { name: 'Chat with Isoko' }).locator('.cs-message--outgoing')).toContainText(
      'Categories',
    );
  });
});
