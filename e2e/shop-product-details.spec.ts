// Product details (docs/product.md sections 2 and 4): price rule and badge, guest guard, Add to Cart and Buy Now, rating,
// accordion, related and latest products, not found.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

const money = (value: number) => `frw ${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('product details', () => {
  test('shows the offer as the price, the list price struck through and the rounded percent off', async ({ page, shop }) => {
    const product = await shop.discountedProduct();
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.productname })).toBeVisible();
    const details = page.locator('.product-details');
    await expect(details.locator('.price-current')).toContainText(money(product.offerPrice!));
    await expect(details.locator('s')).toContainText(money(product.price));
    const percent = Math.round(((product.price - product.offerPrice!) / product.price) * 100);
    await expect(details.getByText(`${percent}% OFF`)).toBeVisible();
    await details.getByText('Delivery Information').click();
    await expect(details.getByText('Orders placed before 2 PM are eligible for same-day delivery.')).toBeVisible();
    await expectAccessible(page);
  });

  test('sends a guest to sign in, and back to the product afterwards', async ({ page, shop }) => {
    const product = await shop.discountedProduct();
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Please log in to continue shopping');
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproduct%2F${product._id}$`));
  });

  test('adds to the cart, rates the product and switches to latest products', async ({ page, request, shop }) => {
    const product = await shop.discountedProduct();
    const shopper = await shop.newShopper();
    await signIn(page, shopper);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, `Added ${product.productname} to your cart!`);
    await expect(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();

    await page.getByRole('button', { name: 'Rate Product' }).click();
    await page.getByRole('button', { name: 'Rate 4 stars' }).hover();
    await page.getByRole('button', { name: 'Rate 4 stars' }).click();
    await expect(page.getByText('You rated this product 4 stars')).toBeVisible();
    await expectToast(page, `Thank you for rating ${product.productname}!`);
    // The page shows the average the shop now holds (the seed's ratings and this one), to one decimal.
    const rated = await (await request.get(`/api/product/getProductDetails/${product._id}`)).json();
    await expect(page.locator('.product-details .stars-value')).toContainText(`${rated.product.averageRating.toFixed(1)} (${rated.product.ratingCount})`);

    const related = page.locator('.related-products');
    await expect(related.locator('.product-card')).not.toHaveCount(0);
    await expect(related.locator(`a[href="/product/${product._id}"]`)).toHaveCount(0);
    await related.getByRole('button', { name: 'Latest Products' }).click();
    await expect(related.getByRole('button', { name: 'Latest Products' })).toHaveAttribute('aria-pressed', 'true');
    await expect(related.locator('.product-card')).toHaveCount(4);
    await expect(related.locator(`a[href="/product/${product._id}"]`)).toHaveCount(0);
  });

  test('Buy Now adds the product and goes to checkout', async ({ page, shop, shopper }) => {
    const product = await shop.discountedProduct();
    await signIn(page, shopper);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('says when a product does not exist', async ({ page }) => {
    await page.goto('/product/no-such-product');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Products' }).last().click();
    await expect(page).toHaveURL(/\/products$/);
  });
});
