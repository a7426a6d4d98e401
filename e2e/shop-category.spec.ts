// Category page (docs/product.md section 2): name in any case or id, unknown goes to all products, search filter, messages.
import { expect, test } from './support/test';
import { expectAccessible } from './support/pages';

test.describe('category', () => {
  test('finds a category by its name in any case and lists its products', async ({ page }) => {
    await page.goto('/category/VEGETABLES');
    await expect(page.getByRole('heading', { level: 1, name: 'Vegetables' })).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    await expectAccessible(page);
  });

  test('finds a category by its id', async ({ page, request }) => {
    const { categories } = (await (await request.get('/api/category/getAllCategories')).json()) as {
      categories: { _id: string; name: string }[];
    };
    await page.goto(`/category/${categories[0]._id}`);
    await expect(page.getByRole('heading', { level: 1, name: categories[0].name })).toBeVisible();
  });

  test('sends an unknown category to all products', async ({ page }) => {
    await page.goto('/category/no-such-thing');
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('narrows the products by name with ?search', async ({ page }) => {
    await page.goto('/category/vegetables?search=tomat');
    await expect(page.locator('.product-card').first()).toContainText(/tomat/i);
    await page.goto('/category/vegetables?search=zzzqqq');
    await expect(page.getByText('No products found matching the search in the category')).toBeVisible();
  });
});
