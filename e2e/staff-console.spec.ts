// The staff console at a phone's size and a laptop's: who may enter, each screen accessible, stock
// reaching the storefront, two staff on one order, a product with an uploaded picture, messages, staff.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, expectToast, signIn, signInStaff } from './support/pages';

test('a guest who opens /admin goes to login and comes back to the console after signing in as staff', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Forders$/);
  await expectToast(page, 'Please log in to access this page');
  await page.getByLabel('Email address').fill('staff.e2e@isoko.test');
  await page.getByLabel('Password', { exact: true }).fill('staff-secret-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test("a shopper who opens /admin reads 'Staff only', and the staff API refuses the shopper's token", async ({ page, shop, shopper }) => {
  await signIn(page, shopper);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
  await expectAccessible(page);
  expect(await shop.staffApiStatus(shopper.token)).toBe(403);
});

test("staff signed in on the shop reach the console from their profile; a shopper's profile has no way in", async ({ page, browser, shop }) => {
  await signInStaff(page, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Staff console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  await signIn(shopperPage, await shop.newShopper());
  await shopperPage.goto('/profile');
  await expect(shopperPage.getByRole('button', { name: 'Manage Addresses' })).toBeVisible();
  await expect(shopperPage.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
  await shopperContext.close();
});

test("the console's first load fetches no phone-verification dialog, which it never shows", async ({ page }) => {
  await signInStaff(page, '/admin');
  // The sign-in's own navigation to the console ends first: a reload in the middle of it is aborted.
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/admin-.+\.js$/)]));
  expect(scripts.filter((script) => /verify-phone-dialog/.test(script))).toEqual([]);
});

test('every console section is in sight on a 360-pixel phone: none cut off at the edge', PHONE, async ({ page }) => {
  await signInStaff(page, '/admin');
  const sections = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');
  await expect(sections.filter({ hasText: 'Staff' })).toBeVisible();
  const width = page.viewportSize()!.width;
  const boxes = await sections.evaluateAll((links) => links.map((link) => ({ name: link.textContent?.trim(), left: link.getBoundingClientRect().left, right: link.getBoundingClientRect().right })));
  expect(boxes.length).toBeGreaterThanOrEqual(7);
  expect(boxes.filter((box) => box.left < 0 || box.right > width).map((box) => box.name)).toEqual([]);
});

test('every console screen is accessible and fits the screen', async ({ page }) => {
  test.setTimeout(150_000);
  await signInStaff(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Orders per day, / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sales per day \(frw\), / })).toBeVisible();
  for (const [link, heading] of [
    ['Today', 'Today'],
    ['Orders', 'Orders'],
    ['Delivery', 'Delivery'],
    ['Catalog', 'Catalog'],
    ['Stock', 'Stock'],
    ['Messages', 'Messages'],
    ['Staff', 'Staff'],
  ]) {
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.spinner-wrap')).toHaveCount(0);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${heading} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('out of stock in the console shows on the storefront and cannot be added; back in stock it can', async ({ page, browser, shop }) => {
  // A product of this test's own, so other specs never meet it out of stock.
  const name = `Isombe leaves ${Date.now().toString(36)}`;
  const token = await shop.staffToken();
  const vegetables = await shop.staffCategory(token, 'Vegetables');
  const product = await shop.createProduct(token, { productname: name, productUnit: 'bunch', price: 300, categoryId: vegetables._id, image: '/images/placeholder.svg' });

  await signInStaff(page, '/admin/catalog');
  await page.getByLabel('Find a product').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const stock = page.getByRole('checkbox', { name: `In stock: ${name}` });
  await expect(stock).toBeChecked();
  // The switch follows the server's answer, so it changes once the product is saved.
  await stock.click();
  await expect(stock).not.toBeChecked();
  await expectToast(page, `${name} is out of stock`);

  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/product/${product._id}`);
  await expect(shopperPage.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(shopperPage.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
  await shopperPage.goto(`/products?search=${encodeURIComponent(name)}`);
  const card = shopperPage.getByRole('article').filter({ hasText: name }).first();
  await expect(card.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();

  await stock.click();
  await expect(stock).toBeChecked();
  await expectToast(page, `${name} is in stock`);
  await shopperPage.goto(`/product/${product._id}`);
  await expect(shopperPage.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
  await expect(shopperPage.getByText('Out of stock', { exact: true })).toHaveCount(0);
  await shopperContext.close();
});

test('when two staff act on one order, the second sees what changed and nothing is overwritten', async ({ page, shop }) => {
  const shopper = await shop.newPhoneShopper('Eric Habimana');
  const orderNumber = await shop.orderByUssd(shopper.phoneNumber);
  await signInStaff(page, `/admin/orders?search=${orderNumber}`);
  await page.getByRole('link', { name: new RegExp(`#${orderNumber}`) }).click();
  await expect(page.getByRole('button', { name: 'Start processing' })).toBeVisible();

  // A colleague cancels it meanwhile.
  const token = await shop.staffToken();
  const orderId = page.url().split('/').pop()!;
  await shop.setOrderStatus(token, orderId, { expectedStatus: 'pending', status: 'cancelled', note: 'Shopper called to cancel' });

  await page.getByRole('button', { name: 'Start processing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else' })).toHaveText(
    'Someone else changed this order first by Claudine Staff: status waiting to be packed → cancelled. Nothing was changed by you; check it and try again.',
  );
  await expect(page.getByText('This order is cancelled: there is nothing more to do.')).toBeVisible();
  await expect(page.getByText('Status: Waiting to be packed → Cancelled')).toBeVisible();
  await expect(page.getByText('“Shopper called to cancel”')).toBeVisible();
});

test("a product's edit screen opened by its address shows it as saved (hidden too); an unknown one says so", async ({ page, shop }) => {
  const token = await shop.staffToken();
  const name = `Tree tomato ${Date.now().toString(36)}`;
  const product = await shop.createProduct(token, {
    productname: name,
    productUnit: 'kg',
    price: 1800,
    categoryId: 'fruits',
    image: '/images/products/tomatoes.svg',
    hidden: true,
  });

  await signInStaff(page, `/admin/catalog/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Price (frw)')).toHaveValue('1800');
  await expect(page.getByLabel('Hidden from the shop')).toBeChecked();

  await page.goto('/admin/catalog/products/no-such-product');
  await expect(page.getByRole('alert').filter({ hasText: 'Product not found.' })).toBeVisible();
});

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('staff add a product with an uploaded picture, and shoppers find it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Amaranth ${Date.now().toString(36)}`;
  await signInStaff(page, '/admin/catalog');
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Local name (optional)').fill('Dodo');
  await page.getByLabel('Unit (kg, bunch, piece...)').fill('bunch');
  await page.getByLabel('Price (frw)').fill('500');
  await page.getByLabel('Offer price (frw, optional)').fill('600');
  await page.getByLabel('Category').selectOption({ label: 'Vegetables' });
  await page.getByLabel('Description').fill('Fresh leaves from Rwamagana.');
  await page.getByLabel('Picture (JPEG, PNG or WebP, up to 2 MB)').setInputFiles({ name: 'amaranth.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Choose' })).toHaveText('Choose a JPEG, PNG or WebP picture');
  await page.getByLabel('Picture (JPEG, PNG or WebP, up to 2 MB)').setInputFiles({ name: 'amaranth.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Picture ready')).toBeVisible();
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Offer price must be less than the price')).toBeVisible();
  await page.getByLabel('Offer price (frw, optional)').fill('450');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog$/);

  await expect
    .poll(async () => {
      const found = await request.get(`/api/product/getAllProducts?search=${encodeURIComponent(name)}`);
      const list = ((await found.json()) as { productList: { productname: string; offerPrice: number; productImage: string }[] }).productList;
      return list.find((item) => item.productname === name)?.offerPrice ?? null;
    })
    .toBe(450);
});

test('messages are marked handled, and staff grant and take back staff access', async ({ page, shop }) => {
  test.setTimeout(90_000);
  const subject = `Delivery time ${Date.now().toString(36)}`;
  await shop.sendContactMessage({ name: 'Grace', email: 'grace@example.rw', subject, message: 'When do you deliver to Kicukiro?' });
  await signInStaff(page, '/admin/messages');
  const item = page.getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText('When do you deliver to Kicukiro?')).toBeVisible();
  await item.getByRole('button', { name: `Mark handled: ${subject}` }).click();
  await expectToast(page, 'Marked handled');
  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: subject }).getByText(/^Handled by Claudine Staff/)).toBeVisible();

  const colleague = await shop.newShopper('Patrick Nkurunziza');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('E-mail or phone number').fill('nobody@example.rw');
  await page.getByRole('button', { name: 'Give access' }).click();
  await expect(page.getByText('No account with that e-mail or phone number')).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill(colleague.email);
  await page.getByRole('button', { name: 'Give access' }).click();
  const member = page.getByRole('listitem').filter({ hasText: 'Patrick Nkurunziza' });
  await expect(member).toBeVisible();
  expect(await shop.staffApiStatus(colleague.token)).toBe(200);

  page.once('dialog', (dialog) => void dialog.accept());
  await member.getByRole('button', { name: 'Remove access: Patrick Nkurunziza' }).click();
  await expect(member).toHaveCount(0);
  expect(await shop.staffApiStatus(colleague.token)).toBe(403);
});

test('a line that went out of stock after it was added is flagged in the cart and at checkout', async ({ page, shop }) => {
  const name = `Passion fruit ${Date.now().toString(36)}`;
  const token = await shop.staffToken();
  const fruits = await shop.staffCategory(token, 'Fruits');
  const product = await shop.createProduct(token, { productname: name, productUnit: 'kg', price: 1200, categoryId: fruits._id, image: '/images/placeholder.svg' });
  const shopper = await shop.newShopper('Diane Ingabire');
  await shop.addToCart(shopper, [product._id]);
  await shop.updateProduct(token, product._id, { inStock: false });

  await signIn(page, shopper);
  await page.goto('/cart');
  await expect(page.getByText('Out of stock: remove it to check out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await page.goto('/checkout');
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot be sold as it is:' })).toHaveText(
    `Cannot be sold as it is: ${name} (out of stock). Change or remove them in your cart to place your order.Go to your cart`,
  );
});
