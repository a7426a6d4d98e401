// Every route at 360x640 and at desktop size: nothing wider than the screen (no sideways scroll), and
// the chat launcher never sits on a primary control once the page is scrolled to where it is used.
import { expect, test, type Page } from '@playwright/test';
import { addToCartViaApi, createShopper, signIn } from './support/shop';

const PUBLIC_ROUTES = ['/', '/products', '/products?search=rice', '/products?search=cabage%20soupp', '/product/tomatoes', '/category/Vegetables', '/about', '/contact', '/login', '/signup', '/chat', '/ussd-simulator'];
const ACCOUNT_ROUTES = ['/cart', '/checkout', '/profile', '/track-orders', '/address-management'];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Primary buttons the launcher covers, checked at the bottom of the page (where it is scrolled to use them). */
async function coveredByLauncher(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const launcher = document.querySelector('.chat-launcher');
    if (!launcher) return [];
    const l = launcher.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.btn-primary, button[type=submit]')]
      .filter((button) => {
        const b = button.getBoundingClientRect();
        if (!b.width || !b.height || b.bottom <= 0 || b.top >= window.innerHeight) return false;
        return b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
      })
      .map((button) => button.textContent?.trim() || button.getAttribute('aria-label') || 'button');
  });
}

async function checkRoute(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  expect(await horizontalOverflow(page), `${route} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await coveredByLauncher(page), `${route}: controls under the chat launcher`).toEqual([]);
}

test('no route scrolls sideways or hides a primary control under the chat launcher (guest)', async ({ page }) => {
  for (const route of PUBLIC_ROUTES) await checkRoute(page, route);
});

test('no account route scrolls sideways or hides a primary control under the chat launcher (signed in, with a cart)', async ({ page, request }) => {
  const shopper = await createShopper(request);
  await addToCartViaApi(request, shopper, ['cassava-leaves', 'tomatoes']);
  await signIn(page, shopper);
  for (const route of ACCOUNT_ROUTES) await checkRoute(page, route);
});

test('an unrated product says so, rated ones show their stars, and a search with no result suggests names', async ({ page }) => {
  await page.goto('/products?search=cabage%20soupp');
  await expect(page.getByText('Did you mean')).toBeVisible();
  await page.getByRole('link', { name: 'Cabbage' }).click();
  await expect(page.getByRole('link', { name: 'Cabbage' }).first()).toBeVisible();
  await page.goto('/product/akabanga-chili-oil');
  await expect(page.getByRole('img', { name: /Rated 4\.9 out of 5/ })).toBeVisible();
  await page.goto('/product/leeks');
  await expect(page.locator('.product-details-info').getByText('No ratings yet')).toBeVisible();
});
