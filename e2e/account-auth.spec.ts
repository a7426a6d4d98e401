// /login and /signup in a real browser: validation, sign-in by email and by phone, the reset dialog.
import { expect, test } from './support/test';
import { expectAccessible, expectToast, signUp } from './support/pages';
import { uniqueContact } from './support/shop-api';

test.describe('login', () => {
  test('shows the rules, toggles the password and passes axe', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Please provide an email or phone number')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expectAccessible(page);
  });

  test('wrong credentials read Invalid credentials, then clear after 3 s', async ({ page, shopper }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const inline = page.locator('.auth-errors');
    await expect(inline).toHaveText('Invalid credentials');
    await expect(inline).toBeHidden({ timeout: 5_000 });
  });

  test('signs in by phone and returns to the page asked for', async ({ page, shopper }) => {
    await page.goto('/login?redirect=%2Ftrack-orders');
    await page.getByRole('radio', { name: 'Phone' }).check();
    await page.getByLabel('Phone number').fill(shopper.phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login successful!');
    await expect(page).toHaveURL(/\/track-orders$/);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null'));
    expect(stored).toEqual({ fullName: shopper.fullName, email: shopper.email, phoneNumber: shopper.phoneNumber });
  });

  test('ignores a redirect to another site', async ({ page, shopper }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('Email address').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('the reset dialog walks both steps and closes on Escape', async ({ page, shopper }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Please provide an email or phone number')).toBeVisible();
    await dialog.getByLabel('Email address').fill(shopper.email);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('6-digit code')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('New password', { exact: true }).fill('another1');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('another2');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Enter the 6-digit code we sent you')).toBeVisible();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    // A wrong code is refused by the server and said in the dialog.
    await dialog.getByLabel('6-digit code').fill('000000');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('another1');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.locator('.auth-errors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Email address')).toHaveValue(shopper.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset password' }).getByLabel('Email address')).toHaveValue('');
  });
});

test.describe('signup', () => {
  test('shows every rule and passes axe', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('You must agree to the Terms & Conditions')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password', { exact: true }).fill('54321');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expectAccessible(page);
  });

  test('creates an account, stores the user and goes home', async ({ page, request }) => {
    const contact = uniqueContact();
    await signUp(page, { fullName: 'Jean Mugisha', ...contact, password: 'secret123' });
    await expectToast(page, 'Registration successful!');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ fullName: 'Jean Mugisha', email: contact.email });
    // The stored token is this shopper's session.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const me = await request.get('/api/user/account', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ fullName: 'Jean Mugisha', email: contact.email });
  });

  test('a second account with the same email is refused with the server message', async ({ page, shopper }) => {
    await signUp(page, { fullName: 'Someone Else', email: shopper.email, password: 'secret123' });
    await expect(page.locator('.auth-errors')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
