// The `test` every spec imports: Playwright's own, with each page's clock installed before the app
// loads, and two fixtures: `shop` (the shop's API, to set up what a test starts from) and `shopper`
// (a new shopper of the test's own, made only when a test asks for one). The clock runs at real
// speed; a test moves it on past the app's deliberate waits (the 1 s splash, the 3 s hero turn, the
// 3 s checkout) instead of sitting through them in real time.
import { expect, test as base, type Page } from '@playwright/test';
import { shopApi, type ShopApi, type Shopper } from './shop-api';

export { expect };

export const test = base.extend<{ shop: ShopApi; shopper: Shopper }>({
  page: async ({ page }, use) => {
    await page.clock.install();
    await use(page);
  },
  shop: async ({ request }, use) => {
    await use(shopApi(request));
  },
  shopper: async ({ shop }, use) => {
    await use(await shop.newShopper());
  },
});

/** The app's waits, as the app defines them (web/src). */
export const WAITS = {
  splash: 1000, // SPLASH_MS, features/home/components/splash.tsx
  heroTurn: 3000, // HERO_INTERVAL_MS, features/home/components/hero-slider.tsx
  cartToCheckout: 3000, // CART_CHECKOUT_DELAY_MS, features/cart/pages/cart-page.tsx
  placeOrder: 3000, // MIN_PLACE_ORDER_MS, features/checkout/pages/checkout-page.tsx
  signOutRedirect: 3000, // SIGN_OUT_REDIRECT_MS, features/profile/pages/profile-page.tsx
} as const;

/**
 * Moves the page's clock on by `stepMs` at a time until `settled` passes. A step taken before the app
 * has started its timer is harmless (the timer still runs at real speed), so this never depends on
 * when the app starts waiting. `settled` must use a short timeout of its own.
 */
export async function fastForwardUntil(page: Page, stepMs: number, settled: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await settled();
  }).toPass({ intervals: [100], timeout: 20_000 });
}

/** A short timeout for the checks inside fastForwardUntil. */
export const SETTLE = { timeout: 250 } as const;

/** Marks a test to run at a 360-pixel phone's size too (every test runs at a desktop's). */
export const PHONE = { tag: '@phone' } as const;
