// About, contact, the 404 page and the signed-in account menu.
import { expect, PHONE, test } from './support/test';
import { expectAccessible, expectToast, isPhone, signIn } from './support/pages';

test.describe('about, contact and not found', () => {
  test('about shows the mission, values and services', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    for (const name of ['Quality First', 'Supporting Local', 'Customer Satisfaction', 'Same-Day Delivery', 'Scheduled Delivery', 'Customized Meal Plans', 'Contactless Payment']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('contact validates, sends the message and offers vendor information', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    // The hours are the delivery schedule's (every day 08:00-20:00 as seeded), the days checkout offers.
    await expect(page.getByText('Every day 08:00-20:00')).toBeVisible();
    await expect(page.getByText('Nyarugenge, Kigali, Rwanda').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Name').fill('Aline Uwase');
    await page.getByLabel('Email').fill('aline@example.rw');
    await page.getByLabel('Subject').fill('Delivery to Kicukiro');
    await page.getByLabel('Message').fill('Do you deliver to Kicukiro on Sundays?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('.form-message-success')).toHaveText("Message sent! We'll get back to you soon.");
    await expect(page.getByLabel('Name')).toHaveValue('');

    await page.getByRole('button', { name: 'Get Vendor Information' }).click();
    await expectToast(page, 'Vendor information has been sent to your email!');
  });

  test('an unknown address shows the 404 page and logs it', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    // The page's console line reaches the test on its own channel, possibly after the heading shows.
    await expect.poll(() => logged.some((line) => line.includes('/no/such/page'))).toBe(true);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in shopper gets Profile, Track Orders and Logout', PHONE, async ({ page, shop }) => {
    const shopper = await shop.newShopper('Eric Mugisha');
    await signIn(page, shopper);
    await page.goto('/about');
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Track Orders' })).toBeVisible();
      await menu.getByRole('button', { name: 'Logout' }).click();
    } else {
      await page.getByRole('button', { name: /account menu/ }).click();
      await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Track Orders' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Logout' }).click();
    }
    await expectToast(page, 'Logged out successfully');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});
