// What a spec does to a page over and over: sign a shopper up or in, sign staff in, find the header's
// search on any screen size, lift the home splash, and check toasts and accessibility.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Shopper } from './shop-api';
import { E2E_STAFF } from './staff-account';
import { fastForwardUntil, SETTLE, WAITS } from './test';

/**
 * A returning shopper: the token is in local storage before the app starts on the next page the test
 * opens (every spec goes to a page next). Stored once, on that first page, so a later sign-out holds;
 * loading a page only to store the token cost each such test a page load.
 */
export async function signIn(page: Page, shopper: Pick<Shopper, 'token'>): Promise<void> {
  const once = `e2e-sign-in-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ token, once }) => {
      if (!location.protocol.startsWith('http') || window.sessionStorage.getItem(once)) return;
      window.localStorage.setItem('token', token);
      window.sessionStorage.setItem(once, 'stored');
    },
    { token: shopper.token, once },
  );
}

/**
 * Fills /signup's form as a new shopper does (the phone number left empty when none is given), agrees
 * to the terms and presses Sign Up. What the page does next is the spec's to check.
 */
export async function signUp(page: Page, who: { fullName: string; email: string; phoneNumber?: string; password: string }): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(who.fullName);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  if (who.phoneNumber !== undefined) await page.getByLabel('Phone number').fill(who.phoneNumber);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(who.password);
  await page.getByLabel(/Terms & Conditions/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs staff in the way staff do: the login page, e-mail and password, then back to `to`. */
export async function signInStaff(page: Page, to = '/admin'): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(E2E_STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === to.split('?')[0]);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 960;

/** The header search box, opening the phone menu first when the screen is narrow. */
export async function headerSearch(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile' }).getByRole('searchbox', { name: 'Search products' });
  }
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).first();
}

/** Lifts the home splash (1 s, on the page's clock) so the page under it can be used. */
export async function waitForHome(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Vegetables & Fruits' })).toBeVisible();
  await fastForwardUntil(page, WAITS.splash, () => expect(page.locator('.home-splash')).toHaveCount(0, SETTLE));
}

/** A toast with exactly this text is showing. */
export async function expectToast(page: Page, message: string) {
  await expect(page.locator('.toaster').getByText(message, { exact: true }).first()).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, options: { include?: string } = {}) {
  // Axe judges colours as they are at this instant; a fade (the page's, or the hero's crossfade every
  // 3 s) would show half-transparent text. With transitions and animations off, everything is at rest.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  // Legacy mode runs axe inside the page itself. The default runs it in each frame and then opens a
  // second, blank page to merge the results (for cross-origin frames, which the shop has none of):
  // that page cost a renderer process each time, and an axe check cost 2.4 times the CPU. Only
  // violations are gathered, since passes are never read.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(bad).toEqual([]);
}
