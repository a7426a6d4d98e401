// The built storefront runs whole under its Content-Security-Policy: the home page's
// preload script, the product pages' pictures and the lazy chat all work, and the browser reports no
// blocked script, style, picture or call.
import { expect, test } from './support/test';
import { waitForHome } from './support/pages';

test('every page works under the policy, with nothing blocked', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await waitForHome(page);

  await page.goto('/product/tomatoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Tomatoes' })).toBeVisible();
  await expect(page.locator('img[alt="Tomatoes"]').first()).toHaveJSProperty('complete', true);

  await page.goto('/chat');
  await expect(page.getByRole('log', { name: 'Conversation with Isoko' })).toContainText('Welcome to Isoko');

  // The staff console is a page of its own (admin.html) under its own policy; a guest signs in there.
  const consolePage = await page.goto('/admin');
  expect(consolePage?.headers()['content-security-policy'] ?? '').toContain("script-src 'self';");
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  expect(blocked).toEqual([]);
});
