// Every route at 360x640 and at desktop size: nothing wider than the screen (no sideways scroll), and
// no control the chat launcher covers wherever the shopper scrolls it. The detectors are proved first:
// a check that cannot fail would pass a 386-pixel profile page.
import { brokenWords, contentUnderLauncher, sideways, underLauncher, underToasts } from './support/layout';
import { expect, PHONE, test } from './support/test';
import type { Page } from '@playwright/test';
import { signIn } from './support/pages';

const PUBLIC_ROUTES = ['/', '/products', '/products?search=rice', '/products?search=cabage%20soupp', '/product/tomatoes', '/category/Vegetables', '/about', '/contact', '/login', '/signup', '/chat', '/ussd-simulator', '/no-such-page'];
const ACCOUNT_ROUTES = ['/cart', '/checkout', '/profile', '/track-orders', '/address-management'];

async function checkRoute(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await page.clock.fastForward(1500); // past the home splash and the contact page's fade-in
  expect.soft(await sideways(page), `${route} scrolls sideways`).toEqual([]);
  expect.soft(await underLauncher(page), `${route}: controls under the chat launcher`).toEqual([]);
  // On a phone the launcher also never lies over what the shopper reads (a cart line's price), wherever the page is scrolled.
  if (page.viewportSize()!.width < 600) expect.soft(await contentUnderLauncher(page), `${route}: content under the chat launcher`).toEqual([]);
}

test('the layout checks catch a page wider than the screen and a button under the chat launcher', PHONE, async ({ page }) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(await sideways(page)).toEqual([]);
  expect(await underLauncher(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.className = 'too-wide';
    wide.style.width = '386px';
    wide.style.height = '10px';
    document.querySelector('main')!.append(wide);
    const button = document.createElement('button');
    button.textContent = 'Place Order';
    Object.assign(button.style, { position: 'fixed', right: '0', bottom: '0', width: '200px', height: '40px' });
    document.body.append(button);
  });
  const tooWide = await sideways(page);
  if (page.viewportSize()!.width < 386) expect(tooWide).toContain('div.too-wide 386px');
  else expect(tooWide).toEqual([]);
  expect(await underLauncher(page)).toEqual(['Place Order']);
});

test('the word and toast checks catch "Tomatoe/s" and a toast over a heading', PHONE, async ({ page }) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const name = document.createElement('p');
    name.className = 'squeezed';
    name.textContent = 'Tomatoes';
    Object.assign(name.style, { width: '60px', overflowWrap: 'anywhere' });
    document.querySelector('main')!.prepend(name);
  });
  expect(await brokenWords(page, '.squeezed')).toEqual(['Tomatoes']);
  await page.locator('.squeezed').evaluate((name) => (name.style.overflowWrap = 'normal'));
  expect(await brokenWords(page, '.squeezed')).toEqual([]);
  const heading = page.locator('h1').first();
  const box = (await heading.boundingBox())!;
  expect(await underToasts(page, 'h1')).toEqual([]);
  await page.evaluate((top) => {
    const toast = document.createElement('div');
    toast.className = 'toast';
    Object.assign(toast.style, { position: 'fixed', left: '0', right: '0', top: `${top}px`, height: '40px' });
    document.body.append(toast);
  }, box.y);
  expect(await underToasts(page, 'h1')).toEqual([await heading.textContent()]);
});

test('the chat launcher never covers the sign-up password\'s Show toggle while the shopper types', PHONE, async ({ page }) => {
  await page.goto('/signup');
  await page.waitForLoadState('networkidle');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Secret123');
  // The field where a shopper types it: at the bottom of the screen, right where the launcher sits.
  await password.evaluate((field) => field.scrollIntoView({ block: 'end', behavior: 'instant' }));
  const show = page.getByRole('button', { name: /^Show/ }).first();
  const [toggle, launcher] = await Promise.all([show.boundingBox(), page.locator('.chat-launcher').evaluate((node) => (getComputedStyle(node).visibility === 'hidden' ? null : node.getBoundingClientRect().toJSON()))]);
  const overlaps = launcher && toggle && toggle.x < launcher.right && toggle.x + toggle.width > launcher.left && toggle.y < launcher.bottom && toggle.y + toggle.height > launcher.top;
  expect(overlaps, 'the Show toggle lies under the chat launcher').toBeFalsy();
});

test('the chat launcher steps aside from a price under it on a phone, and the check catches one it would cover', PHONE, async ({ page }) => {
  test.skip(page.viewportSize()!.width >= 600, 'a phone\'s launcher');
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.clock.fastForward(1500);
  expect(await contentUnderLauncher(page)).toEqual([]);
  // A price fixed in the launcher's corner, as a cart line's is when the shopper scrolls it there.
  await page.evaluate(() => {
    const price = document.createElement('p');
    price.className = 'cornered-price';
    price.textContent = 'frw 1,800.00';
    Object.assign(price.style, { position: 'fixed', right: '12px', bottom: '24px', margin: '0', zIndex: '1' });
    document.body.append(price);
  });
  await expect(page.locator('.chat-launcher')).toBeHidden();
  expect(await contentUnderLauncher(page)).toEqual([]);
  // Gone again, the launcher comes back.
  await page.locator('.cornered-price').evaluate((price) => price.remove());
  await expect(page.locator('.chat-launcher')).toBeVisible();
  // Forced to stay over the price, the check names it.
  await page.addStyleTag({ content: '.chat-launcher.chat-launcher-aside { visibility: visible !important; }' });
  await page.evaluate(() => {
    const price = document.createElement('p');
    price.textContent = 'frw 1,800.00';
    Object.assign(price.style, { position: 'fixed', right: '12px', bottom: '24px', margin: '0', zIndex: '1' });
    document.body.append(price);
  });
  expect((await contentUnderLauncher(page)).some((hit) => hit.startsWith('frw 1,800.00'))).toBe(true);
});

test('no route scrolls sideways or hides a control under the chat launcher (guest)', PHONE, async ({ page }) => {
  test.setTimeout(120_000);
  for (const route of PUBLIC_ROUTES) await checkRoute(page, route);
});

test('no account route scrolls sideways or hides a control under the chat launcher (signed in, with a cart)', PHONE, async ({ page, shop, shopper }) => {
  test.setTimeout(120_000);
  await shop.addToCart(shopper, ['cassava-leaves', 'tomatoes']);
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
