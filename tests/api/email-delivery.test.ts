// What the shop e-mails once SMTP_URL and MAIL_FROM are set, as it arrives at a real SMTP server on
// 127.0.0.1: a reset code asked for by e-mail, order notices, and contact-form messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../server/lib/background';
import { grantStaff } from '../../server/modules/users/staff-members.service';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { createTestShop, uniqueEmail, type Shopper, type TestShop } from '../support/test-app';

let smtp: FakeSmtp;
let shop: TestShop;

beforeAll(async () => {
  smtp = await startFakeSmtp({ sender: 'orders@isoko.test' });
  shop = await createTestShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Isoko <orders@isoko.test>', CONTACT_RECIPIENT: 'inbox@isoko.test' });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

async function mailsTo(address: string) {
  await backgroundSettled(shop.deps);
  return smtp.received.filter((mail) => mail.to.includes(address));
}

describe('e-mail through SMTP', () => {
  it('a shopper who signed up with only an e-mail resets the password with the code that arrives by e-mail', async () => {
    const email = uniqueEmail('emailonly');
    const signedUp = await shop.http.post('/api/auth/register').send({ fullName: 'Keza Mutoni', email, password: 'first-pass-1' });
    expect(signedUp.status).toBe(201);
    expect((await shop.http.post('/api/auth/forgot-password').send({ email })).status).toBe(200);

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ from: 'orders@isoko.test', subject: 'Isoko password reset code' });
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect(mail.html).toContain(code);
    // Sent, so the outbox keeps who and what kind, never the code.
    const row = await shop.deps.db.selectFrom('outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'email', kind: 'reset_code', status: 'sent', body: null, provider_message_id: mail.messageId });

    const reset = await shop.http.post('/api/auth/reset-password').send({ email, code, password: 'second-pass-2' });
    expect(reset.status).toBe(200);
    expect((await shop.http.post('/api/auth/login').send({ identifier: email, password: 'second-pass-2' })).status).toBe(200);
    const oldPassword = await shop.http.post('/api/auth/login').send({ identifier: email, password: 'first-pass-1' });
    expect(oldPassword.body).toMatchObject({ success: false, message: 'Invalid credentials' });
  });

  it('forwards each contact-form message to CONTACT_RECIPIENT, with the sender as Reply-To', async () => {
    const sender = uniqueEmail('visitor');
    const response = await shop.http.post('/api/contact').send({ name: 'Divine <Ingabire>', email: sender, subject: 'Kanombe & the airport?', message: 'Do you deliver near the airport?\nThanks' });
    expect(response.status).toBe(201);
    const mail = (await mailsTo('inbox@isoko.test')).find((received) => received.replyTo.includes(sender))!;
    expect(mail).toMatchObject({ from: 'orders@isoko.test', subject: 'Contact form: Kanombe & the airport?', replyTo: [sender] });
    expect(mail.text).toContain(`From Divine <Ingabire> <${sender}>`);
    expect(mail.text).toContain('Do you deliver near the airport?\nThanks');
    expect(mail.html).toContain('From Divine &lt;Ingabire&gt;');
  });

  it('e-mails the shopper the order receipt and every change, beside the texts', async () => {
    const staff = await shop.newVerifiedShopper({ fullName: 'Grace Staff' });
    await grantStaff(shop.deps, staff.user.email!);
    const shopper: Shopper = await shop.newVerifiedShopper({ fullName: 'Aline Umutoni' });
    const address = await shop.http.post('/api/address/create').set(shopper.auth).send({ description: 'Blue gate', city: 'Kigali', street: 'KG 9 Ave', district: 'Gasabo', phoneNumber: '0788222333' });
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: address.body.address._id, paymentType: 'cash' });
    const number = placed.body.order._id.slice(-8).toUpperCase();
    await shop.http.post(`/api/admin/orders/${placed.body.order._id}/status`).set(staff.auth).send({ expectedStatus: 'pending', status: 'processing' });
    await shop.http.post(`/api/admin/orders/${placed.body.order._id}/status`).set(staff.auth).send({ expectedStatus: 'processing', status: 'shipped' });

    const mails = await mailsTo(shopper.user.email!);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Isoko: we received order ${number} \\(frw [\\d,.]+\\), to be delivered ${placed.body.order.deliveryWindow.label.replace('–', '-')}$`)),
      `Isoko: order ${number} is being prepared for delivery ${placed.body.order.deliveryWindow.label.replace('–', '-')}`,
      `Isoko: order ${number} is on its way to you`,
    ]);
    expect(mails[0].text).toContain('Delivery to: Blue gate, KG 9 Ave, Gasabo, Kigali (0788222333)');
    expect(mails[2].text).toContain(`Isoko: order ${number} is on its way to you.`);
  });
});
