// Cart drawer and cart page (docs/product.md section 2) for a signed-in shopper whose cart was filled through the API.
import { expect, fastForwardUntil, PHONE, SETTLE, test, WAITS } from './support/test';
import { expectAccessible, expectToast, signIn } from './support/pages';

test.describe('cart', () => {
  test('the drawer lists the lines, changes quantities, removes and goes to the cart page', PHONE, async ({ page, shop, shopper }) => {
    const [first, second] = await shop.countedProducts(2);
    await shop.addToCart(shopper, [first._id, second._id]);
    await signIn(page, shopper);
    await page.goto('/products');

    await page.getByRole('button', { name: 'Open cart, 2 items' }).click();
    const drawer = page.getByRole('dialog', { name: /Your Cart/ });
    await expect(page.getByRole('dialog', { name: /Your Cart \(2\)/ })).toBeVisible();
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.cart-line')).toHaveCount(2);
    await expect(drawer.getByText('Shipping price is negotiable with the delivery agent.')).toBeVisible();
    await expectAccessible(page);

    await expect(drawer.getByRole('button', { name: `Decrease quantity of ${first.productname}` })).toBeDisabled();
    await drawer.getByRole('button', { name: `Increase quantity of ${first.productname}` }).click();
    await expectToast(page, 'Quantity updated');
    await expect(page.getByRole('dialog', { name: /Your Cart \(3\)/ })).toBeVisible();

    await drawer.getByRole('button', { name: `Remove ${second.productname} from cart` }).click();
    await expectToast(page, 'Item removed from cart');
    await expect(drawer.locator('.cart-line')).toHaveCount(1);

    await drawer.getByRole('button', { name: 'View Cart' }).click();
    await expect(drawer.getByRole('button', { name: 'Loading...' })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  });

  test('Escape closes the drawer, and an empty cart says so', async ({ page, shopper }) => {
    await signIn(page, shopper);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open cart, 0 items' }).click();
    const drawer = page.getByRole('dialog', { name: /Your Cart \(0\)/ });
    await expect(drawer.getByText('Your cart is empty')).toBeVisible();
    await expect(drawer.getByText("Looks like you haven't added any products to your cart yet.")).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the cart page sums the order and clears the cart', async ({ page, shop, shopper }) => {
    const products = await shop.products(3);
    await shop.addToCart(shopper, products.map((item) => item._id));
    await signIn(page, shopper);
    await page.goto('/cart');
    await expect(page.locator('.cart-line')).toHaveCount(3);
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary).toContainText('Negotiable with delivery agent');
    await expect(summary.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    await expectAccessible(page);
    await summary.getByRole('button', { name: 'Clear Cart' }).click();
    await expectToast(page, 'Cart cleared successfully');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Track Orders' }).last()).toHaveAttribute('href', '/track-orders');
  });

  test('Proceed to Checkout waits 3 seconds, then opens checkout', async ({ page, shop, shopper }) => {
    const [product] = await shop.products(1);
    await shop.addToCart(shopper, [product._id]);
    await signIn(page, shopper);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/cart$/);
    await fastForwardUntil(page, WAITS.cartToCheckout, () => expect(page).toHaveURL(/\/checkout$/, SETTLE));
  });

  test('a guest who adds from a card is asked to log in', async ({ page }) => {
    await page.goto('/products');
    // The first card that can be added (a console spec may have just put its own product out of stock).
    await page.locator('.product-card').getByRole('button', { name: /^Add to Cart/ }).and(page.locator(':enabled')).first().click();
    await expectToast(page, 'Please log in to add items to your cart.');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts$/);
  });
});
