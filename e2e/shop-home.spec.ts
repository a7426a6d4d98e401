// Home (docs/product.md section 2): splash, hero with dots and Shop Now, feature cards, categories, featured and popular
// products, about teaser, newsletter, footer; and the header on top of it.
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { expectAccessible, isPhone, waitForHome } from './support/pages';

test.describe('home', () => {
  test('shows the splash for a second, then the hero and every section', PHONE, async ({ page }) => {
    // The splash is in the page from the first byte (index.html) and stays until 1 s has passed. An
    // observer in the page notes when it is seen and the moment none is left, so a slow test
    // machine can neither miss it nor blur when it went.
    await page.addInitScript(() => {
      const record = { seen: false, goneAt: 0 };
      (window as unknown as { splash: typeof record }).splash = record;
      const splashShowing = () =>
        [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.includes('Loading Isoko...'));
      new MutationObserver(() => {
        if (splashShowing()) record.seen = true;
        else if (record.seen && !record.goneAt) record.goneAt = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/');
    await waitForHome(page);
    const splash = await page.evaluate(() => (window as unknown as { splash: { seen: boolean; goneAt: number } }).splash);
    expect(splash.seen).toBe(true);
    expect(splash.goneAt).toBeGreaterThanOrEqual(990);
    for (const title of ['Fresh Selection', 'Fast Delivery', 'Easy Returns']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    // The sections below the first screen load as the shopper scrolls towards them (home-page.tsx).
    await page.evaluate(() => window.scrollBy(0, 500));
    await expect(page.getByRole('heading', { name: 'Explore Our Categories' })).toBeVisible();
    await expect(page.locator('.category-tile').first()).toBeVisible();
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Products' }) });
    await expect(featured.locator('.product-card')).toHaveCount(10);
    // Loaded and left alone, the page stops moving: the popular cards waiting below to be scrolled to
    // do not shimmer (they repainted every frame, keeping a phone busy for nothing).
    const endless = () =>
      page.evaluate(() => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity).length);
    expect(await endless()).toBe(0);
    await expect(page.getByRole('heading', { name: 'About Isoko' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeAttached();
    await expectAccessible(page);
  });

  test('turns the hero every 3 seconds and lets the dots pick a slide', async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    const dots = page.getByRole('button', { name: /^Show slide/ });
    await expect(dots).toHaveCount(3);
    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.hero-slide-active')).toContainText('Fast & Reliable Delivery');
    // The slider pauses while focused or hovered (so it can be read); let go of it and it turns on.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(1, 630);
    // One turn on from the third slide is the first again. Steps of a second never skip past it.
    await fastForwardUntil(page, WAITS.heroTurn / 3, () =>
      expect(page.locator('.hero-slide-active')).toContainText('Fresh Vegetables & Fruits', SETTLE),
    );
  });

  test('Shop Now goes to all products', async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    await page.locator('.hero-slide-active').getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('loads popular products when scrolled into view, and Load More goes to all products', async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    const popular = page.locator('section', { has: page.getByRole('heading', { name: 'Popular Products' }) });
    await popular.scrollIntoViewIfNeeded();
    await expect(popular.locator('.product-card')).toHaveCount(10);
    await popular.getByRole('button', { name: 'Load More' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('a category card opens its category', async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    const first = page.locator('.category-tile-link').first();
    const name = (await first.locator('.category-tile-name').textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/category\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the header turns solid after scrolling, and the footer shows the shop contact details', async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    await expect(page.locator('.site-header')).not.toHaveClass(/site-header-solid/);
    await page.mouse.wheel(0, 400);
    await expect(page.locator('.site-header')).toHaveClass(/site-header-solid/);
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toContainText('Nyarugenge, Kigali, Rwanda');
    await expect(footer.getByRole('link', { name: 'support@isoko.rw' })).toBeVisible();
    for (const name of ['Privacy Policy', 'Terms of Service', 'Delivery Policy', 'All Products']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });

  test('the header offers Login and Sign Up to guests (in the menu on phones)', PHONE, async ({ page }) => {
    await page.goto('/');
    await waitForHome(page);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      for (const name of ['Home', 'All Products', 'Contact us', 'About us', 'Login', 'Sign Up']) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expectAccessible(page);
      await menu.getByRole('link', { name: 'About us' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(menu).toBeHidden();
    } else {
      const header = page.getByRole('banner');
      for (const name of ['Home', 'All Products', 'Contact us', 'About us', 'Login', 'Sign Up']) {
        await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
      }
    }
  });
});
