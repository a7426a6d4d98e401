// "Pay now with MoMo" on the web: the payment step beside cash on delivery, the order
// confirmed while the shopper approves on their phone, the page showing it paid once MTN says so
// (no staff), "Pay again" after a decline, and MTN's answer lost: the order is placed, the shopper is
// told to approve if asked and wait (never the code: MTN may still charge), and approving pays.
// MTN here is the local fake of its Collections API (tests/support/fake-momo-collections.ts).
import { answerMomoPrompt, nextMomoAnswers, smsTo } from './support/shop-api';
import { expectAccessible, expectToast, signIn, signInStaff } from './support/pages';
import type { Page } from '@playwright/test';
import { expect, fastForwardUntil, PHONE, SETTLE, test } from './support/test';
import type { Shopper } from './support/shop-api';

/** From the cart to the confirmation, paying now with MoMo from `payer` (07…). */
async function checkOutWithMomo(page: Page, payer: string) {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pay now with MoMo/ }).check();
  const number = page.getByLabel('MoMo number');
  await number.fill(payer);
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible({ timeout: 30_000 });
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

/** The phone of the address shop.addAddress saves: a shopper who has not confirmed their own number gets the SMS there. */
const DELIVERY_PHONE = '+250788123456';
const local = (shopper: Shopper) => `0${shopper.phoneNumber.slice(4)}`;
const spaced = (shopper: Shopper) => local(shopper).replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3');
/** The page asks the shop again every 5 s while MTN may answer: move its clock on until `check` passes. */
const untilShown = (page: Page, check: () => Promise<void>) => fastForwardUntil(page, 5000, check);

test('pay now with MoMo: approve on the phone and the order shows paid, with no one at the shop', PHONE, async ({ page, shop, shopper }) => {
  await shop.fillCart(shopper, 2);
  await shop.addAddress(shopper);
  await signIn(page, shopper);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Cash on delivery \(MoMo Pay code\)/ })).toBeChecked();
  await page.getByRole('radio', { name: /Pay now with MoMo/ }).check();
  // A number MoMo Rwanda cannot ask is refused before anything is sent.
  await expectAccessible(page);
  await page.getByLabel('MoMo number').fill('12345');
  await page.getByRole('button', { name: 'Continue to Delivery' }).click();
  await expect(page.getByText('Enter an MTN MoMo number of Rwanda, like 0788123456')).toBeVisible();

  const orderId = await checkOutWithMomo(page, local(shopper));
  const momo = page.locator('.momo-panel');
  await expect(momo).toContainText(`Approve the payment on your phone: MTN MoMo asked ${spaced(shopper)}`);
  await expect(page.getByText('Pay now with MoMo (MTN MoMo request to pay)')).toBeVisible();
  await expectAccessible(page);

  const paid = await answerMomoPrompt(shopper.phoneNumber, 'approve');
  await untilShown(page, () => expect(momo).toContainText(`Paid by MoMo. MoMo transaction ${paid.financialTransactionId}.`, SETTLE));
  // The payment status in words, never the stored value ("COMPLETED").
  await expect(page.getByRole('region', { name: 'Payment Information' }).getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay again' })).toHaveCount(0);
  // The receipt quotes MTN's transaction id.
  const number = orderId.slice(-8).toUpperCase();
  await expect.poll(async () => (await smsTo(DELIVERY_PHONE, number)).join('\n')).toContain(`MoMo transaction ${paid.financialTransactionId}`);
});

test('declined on the phone: the reason, then "Pay again" to another number, approved', async ({ page, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper);
  await signIn(page, shopper);
  await checkOutWithMomo(page, local(shopper));
  const momo = page.locator('.momo-panel');
  await expect(momo).toContainText('Approve the payment on your phone');

  await answerMomoPrompt(shopper.phoneNumber, 'decline', 'NOT_ENOUGH_FUNDS');
  await untilShown(page, () => expect(momo).toContainText('MoMo payment failed: Not enough money on the MoMo account.', SETTLE));
  await expectToast(page, 'Payment failed. Please try again or contact support.');

  // Another number pays: a new request to it.
  const other = await shop.newShopper('Eric Mugisha');
  await momo.getByLabel('MoMo number').fill(local(other));
  await momo.getByRole('button', { name: 'Pay again' }).click();
  await expect(momo).toContainText(`Approve the payment on your phone: MTN MoMo asked ${spaced(other)}`);
  await answerMomoPrompt(other.phoneNumber, 'approve');
  await untilShown(page, () => expect(momo).toContainText('Paid by MoMo.', SETTLE));
});

test('"Pay again" from Track Orders after a declined MoMo payment', async ({ page, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper);
  await signIn(page, shopper);
  await checkOutWithMomo(page, local(shopper));
  await answerMomoPrompt(shopper.phoneNumber, 'decline');
  await page.goto('/track-orders');
  const payAgain = page.getByRole('button', { name: 'Pay again' });
  await payAgain.click();
  await expect(page.locator('.toaster').getByText(/^Approve the payment on your phone/).first()).toBeVisible();
  await expect(payAgain).toHaveCount(0);
});

test('MTN takes the request but its answer is lost: the page says to approve and wait, never the code, and approving pays', async ({ page, request, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  await shop.addAddress(shopper);
  await signIn(page, shopper);
  await nextMomoAnswers(shopper.phoneNumber, 'accept_then_500');
  const orderId = await checkOutWithMomo(page, local(shopper));
  const config = await (await request.get('/api/config')).json();
  const momo = page.locator('.momo-panel');
  await expect(momo).toContainText(`MTN MoMo has not answered yet, so its request to ${spaced(shopper)}`);
  await expect(momo).toContainText('If your phone asks for your MoMo PIN, approve it, and do not pay another way');
  await expect(momo).not.toContainText(config.payCode);
  await expect(page.getByRole('region', { name: 'Payment Information' }).getByText('Not yet paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay again' })).toHaveCount(0);
  const number = orderId.slice(-8).toUpperCase();
  await expect.poll(async () => (await smsTo(DELIVERY_PHONE, number)).join('\n')).toContain('If your phone asks for your MoMo PIN, approve it, and do not pay another way');
  expect((await smsTo(DELIVERY_PHONE, number)).join('\n')).not.toContain('MoMo Pay code');
  // The prompt reached the phone after all: approving it pays the order, once.
  const paid = await answerMomoPrompt(shopper.phoneNumber, 'approve');
  await untilShown(page, () => expect(momo).toContainText(`Paid by MoMo. MoMo transaction ${paid.financialTransactionId}.`, SETTLE));
});

test('the console shows a MoMo order paid by MTN, with MTN\'s ids, and no hand confirmation', async ({ page, shop, shopper }) => {
  await shop.fillCart(shopper, 1);
  const address = await shop.addAddress(shopper);
  const order = await shop.placeMomoOrder(shopper, address._id, shopper.phoneNumber);
  const paid = await answerMomoPrompt(shopper.phoneNumber, 'approve');
  await signInStaff(page, `/admin/orders/${order._id}`);
  await expect(page.getByText('MoMo request-to-pay: MTN confirms it, no one needs to')).toBeVisible();
  const requests = page.getByRole('list', { name: 'MoMo requests' });
  await expect(requests).toContainText(paid.referenceId);
  await expect(requests).toContainText(paid.financialTransactionId ?? 'missing');
  await expect(requests).toContainText('Paid');
  await expect(page.getByRole('button', { name: 'Confirm payment' })).toHaveCount(0);
  await expect(page.getByText(`(MoMo ${paid.financialTransactionId})`)).toBeVisible();
  await expectAccessible(page);
});
