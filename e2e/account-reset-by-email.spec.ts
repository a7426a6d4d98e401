// A shopper who signed up with an e-mail address and no phone forgets
// the password, asks for a code by e-mail in the reset dialog, reads it in the e-mail the shop sent
// through SMTP (the e2e server's SMTP server on 127.0.0.1), sets a new password and signs in with it.
import { expect, test } from './support/test';
import { expectToast } from './support/pages';
import { mailsTo } from './support/shop-api';

test('an e-mail-only shopper resets the password with the code e-mailed to them', async ({ page, shop }) => {
  const shopper = await shop.newEmailShopper('Keza Mutoni');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await dialog.getByLabel('Email address').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('6-digit code')).toBeVisible();

  // The code arrives by e-mail, from the shop, in a message that says what it is for.
  let code = '';
  await expect
    .poll(async () => {
      const [mail] = await mailsTo(shopper.email);
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return mail && { subject: mail.subject, from: mail.from, code };
    })
    .toEqual({ subject: 'Isoko password reset code', from: 'shop@isoko.test', code: expect.stringMatching(/^\d{6}$/) });

  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByLabel('New password', { exact: true }).fill('new-secret-7');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('new-secret-7');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password updated successfully!');
  await expect(dialog).toBeHidden();

  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill('new-secret-7');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login successful!');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});
