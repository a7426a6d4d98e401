// Products list (docs/product.md section 2): titles, infinite scroll of 15 a page, search from the header, messages.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, headerSearch } from './support/pages';

test.describe('products', () => {
  test('lists 15 products, then the next 15 as the shopper scrolls', PHONE, async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    const cards = page.locator('.product-card');
    await expect(cards).toHaveCount(15);
    await expectAccessible(page);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(30);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('searches from the header after a pause in typing', PHONE, async ({ page }) => {
    await page.goto('/about');
    const search = await headerSearch(page);
    await search.pressSequentially('tomato', { delay: 20 });
    await expect(page).toHaveURL(/\/products\?search=tomato$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "tomato"' })).toBeVisible();
    await expect(page.locator('.product-card').first()).toContainText(/tomato/i);
    await expectAccessible(page);
  });

  test('says when nothing matches, and clearing the box shows everything again', PHONE, async ({ page }) => {
    await page.goto('/products?search=zzzqqq');
    await expect(page.getByText('No products found matching "zzzqqq"')).toBeVisible();
    const search = await headerSearch(page);
    await expect(search).toHaveValue('zzzqqq');
    await search.fill('');
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('titles a category filter and says when it is empty', async ({ page }) => {
    await page.goto('/products?category=no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Products in Category' })).toBeVisible();
    await expect(page.getByText('No products found in this category')).toBeVisible();
  });

  test('shows the end of the list', async ({ page }) => {
    await page.goto('/products?search=milk');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(page.getByText('No more products to load')).toBeVisible();
  });
});
