// The floating chat, as a shopper uses it: open it from any page, type a product with a typo, get it back.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The widget only: the page under it is checked by the shop's own specs. */
async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('.chat-widget').analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(bad).toEqual([]);
}

test.describe('chat widget', () => {
  test('opens from the launcher, searches a typo, and closes on Escape', async ({ page }) => {
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
    await expect(log.getByRole('button', { name: /^Tomatoes/ })).toBeVisible();

    await expectNoSeriousAxeViolations(page);

    if ((page.viewportSize()?.width ?? 0) < 640) {
      // On a phone the panel is a full-screen sheet: Tab wraps inside it instead of reaching the hidden page.
      await input.focus();
      await page.keyboard.press('Tab');
      await expect(widget.getByRole('link', { name: 'Full screen' })).toBeFocused();
    }

    await page.keyboard.press('Escape');
    await expect(widget).toBeHidden();
    await expect(page.getByRole('button', { name: 'Chat with Isoko' })).toBeVisible();
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
