// The storefront in Kinyarwanda, English and French: a whole purchase in Kinyarwanda on a 360-pixel phone,
// the phone's own language offered on a first visit and a choice from the header remembered, and every
// page accessible in each language (axe, serious and critical).
import type { Page } from '@playwright/test';
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

/** Starts the app in `language`, as a shopper who chose it before (lib/i18n/languages.ts). */
async function speak(page: Page, language: 'rw' | 'en' | 'fr') {
  await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
}

test('a shopper buys in Kinyarwanda on a phone: local names, amounts as Kinyarwanda writes them, every step in its words', PHONE, async ({ page, shop, shopper }) => {
  test.slow();
  await shop.addAddress(shopper, 'Iwacu');
  await signIn(page, shopper);
  await page.goto('/');

  // Chosen from the header, in the language's own name.
  await page.getByLabel('Language').selectOption({ label: 'Kinyarwanda' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.locator('h1.hero-title')).toHaveText("Imboga n'imbuto bishya");
  await expect(page.getByRole('link', { name: 'Ibicuruzwa byose' }).first()).toBeAttached();

  // The product under its Kinyarwanda name (as USSD shows it), the catalog's name beside it.
  await page.goto('/product/tomatoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Inyanya' })).toBeVisible();
  await expect(page.locator('.product-details-local')).toHaveText('Tomatoes');
  await expect(page.locator('.product-details .price-current .price-amount')).toHaveText(/^frw \d{1,3}(\.\d{3})*,\d{2}$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Shyira mu gatebo', exact: true }).click();
  await expectToast(page, 'Inyanya cyashyizwe mu gatebo!');

  // The cart drawer, the cart page, the checkout.
  await page.getByRole('button', { name: 'Fungura agatebo, ikintu 1' }).click();
  await page.getByRole('button', { name: 'Reba agatebo' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agatebo kawe' })).toBeVisible();
  await expect(page.locator('.cart-line-name')).toHaveText('Inyanya');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Komeza usoze komande' }).click();
  await fastForwardUntil(page, WAITS.cartToCheckout, () => expect(page).toHaveURL(/\/checkout$/, SETTLE));
  await expect(page.getByRole('heading', { level: 1, name: 'Soza komande' })).toBeVisible();
  await page.getByRole('button', { name: 'Komeza ku kugezwaho' }).click();
  await expect(page.locator('.selected-address')).toContainText('Iwacu');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tanga komande' }).click();
  const placed = page.locator('.toast-message', { hasText: 'Komande yatanzwe kandi agatebo karasibwe!' });
  await expect(placed).toBeVisible({ timeout: 30_000 });

  // Confirmed, in Kinyarwanda, the order's line under its local name.
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Komande yemejwe' })).toBeVisible();
  await expect(page.locator('.order-line-name')).toHaveText('Inyanya');
  await expect(page.getByRole('button', { name: 'Fungura agatebo, ibintu 0' })).toBeVisible();
  await expectAccessible(page);

  // Remembered: the next visit opens in Kinyarwanda.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByLabel('Ururimi')).toHaveValue('rw');
});

test.describe('a phone set to French', () => {
  test.use({ locale: 'fr-FR' });

  test('is offered French on a first visit, and keeps the language chosen in the header', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('h1.hero-title')).toHaveText('Fruits et légumes frais');
    await page.goto('/product/tomatoes');
    await expect(page.locator('.product-details .price-current .price-amount')).toHaveText(/^\d{1,3}(\u202f\d{3})*,\d{2} frw$/);
    // English, chosen from the header, is what the next visit opens in.
    await page.getByLabel('Langue').selectOption({ label: 'English' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Tomatoes' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

const PUBLIC_ROUTES = ['/', '/products', '/products?search=rice', '/product/tomatoes', '/category/Vegetables', '/about', '/contact', '/login', '/signup', '/chat', '/ussd-simulator', '/no-such-page'];
const ACCOUNT_ROUTES = ['/cart', '/checkout', '/profile', '/track-orders', '/address-management'];

for (const language of ['rw', 'fr', 'en'] as const) {
  test(`every page passes axe in ${language}`, async ({ page, shop, shopper }) => {
    test.setTimeout(240_000);
    await speak(page, language);
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.waitForLoadState('networkidle');
      await page.clock.fastForward(1500); // past the home splash and the contact page's fade-in
      await expectAccessible(page);
    }
    await shop.addToCart(shopper, ['tomatoes']);
    await shop.addAddress(shopper, 'Home');
    await signIn(page, shopper);
    for (const route of ACCOUNT_ROUTES) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.clock.fastForward(1500);
      await expectAccessible(page);
    }
  });
}
