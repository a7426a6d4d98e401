// A phone number typed on the web ties the account to USSD only once its owner
// enters the SMS code. Squatters get nothing; the owner's USSD account joins the web one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../server/modules/cart/cart.service';
import { createAddress } from '../../server/modules/addresses/addresses.service';
import { findOrCreatePhoneAccount } from '../../server/modules/users/accounts.service';
import { rateProduct } from '../../server/modules/catalog/catalog.service';
import { placeOrder } from '../../server/modules/orders/orders.service';
import { MAX_PHONE_CODES_PER_HOUR, PHONE_CODE_MAX_ATTEMPTS } from '../../server/modules/users/phone.service';
import { createTestShop, lastMessageTo, uniqueEmail, uniquePhone, type Shopper, type TestShop } from '../support/test-app';
import { expectErrorShape, expectFieldErrors } from './expectations';

const SECRET = 'ussd-test-secret-0123456789';
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ USSD_SECRET: SECRET });
});
afterAll(async () => shop.close());

const verify = (shopper: Shopper, code: unknown) => shop.http.post('/api/user/verifyPhone').set(shopper.auth).send({ code });
const resend = (shopper: Shopper) => shop.http.post('/api/user/resendPhoneCode').set(shopper.auth).send();
const cartOf = async (shopper: Shopper) =>
  (await shop.http.get('/api/cart').set(shopper.auth)).body.cart.products.map((line: { productId: { _id: string }; quantity: number }) => [line.productId._id, line.quantity]);

async function codeSentTo(phone: string): Promise<string> {
  const message = await lastMessageTo(shop.deps, phone);
  const match = /\b(\d{6})\b/.exec(message?.body ?? '');
  if (!match) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

/** A USSD session from `phone`: each call sends the next input, as the gateway does. */
function dial(phone: string) {
  const inputs: string[] = [];
  const sessionId = `s-${Math.random()}`;
  const send = async (text?: string) => {
    if (text !== undefined) inputs.push(text);
    const response = await shop.app.request(`/ussd?key=${SECRET}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sessionId, serviceCode: '*384*4766#', phoneNumber: phone, networkCode: '63510', text: inputs.join('*') }).toString(),
    });
    return response.text();
  };
  return send;
}

describe('a number typed at sign-up', () => {
  it('is kept unverified, and a code goes to it by SMS', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: `0${phone.slice(4)}` });
    expect(shopper.user).toMatchObject({ phoneNumber: phone, phoneVerified: false });
    const message = await lastMessageTo(shop.deps, phone);
    expect(message).toMatchObject({ channel: 'sms', recipient: phone });
    expect(message!.body).toMatch(/Your Isoko code is \d{6}\./);
    const account = await shop.http.get('/api/user/account').set(shopper.auth);
    expect(account.body).toMatchObject({ phoneNumber: phone, phoneVerified: false });
  });

  it("does not give a squatter the caller's cart: USSD from that number gets its own account", async () => {
    const phone = '+250788123999';
    const squatter = await shop.newShopper({ phoneNumber: phone, email: uniqueEmail('squatter') });
    const send = dial(phone);
    await send();
    expect(await send('1')).toContain('Enter your full name');
    expect(await send('Real Owner')).toContain('Welcome');
    await send('tomatoes');
    await send('1');
    await send('1');
    expect(await send('2')).toContain('Added 2 kg Tomatoes');
    expect(await cartOf(squatter)).toEqual([]);
    // Nor can the squatter take the number over: the code went to the real owner's phone.
    expectErrorShape(await verify(squatter, '000000'), 400);
  });

  it('ties the account to USSD once the right code is entered', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: phone });
    const verified = await verify(shopper, await codeSentTo(phone));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, message: 'Phone number verified', user: expect.objectContaining({ phoneNumber: phone, phoneVerified: true }) });
    const send = dial(phone);
    await send();
    expect(await send('1')).toContain('Welcome to Isoko!');
    await send('tomatoes');
    await send('1');
    await send('1');
    expect(await send('3')).toContain('Added 3 kg Tomatoes');
    expect(await cartOf(shopper)).toEqual([['tomatoes', 3]]);
  });

  it('refuses a wrong code, locks after 5 tries, and a resent code works', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: phone });
    const code = await codeSentTo(phone);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    expectFieldErrors(await verify(shopper, '12ab'), { code: 'Enter the 6-digit code we sent you' });
    for (let n = 1; n <= PHONE_CODE_MAX_ATTEMPTS; n += 1) {
      const response = await verify(shopper, wrong(n));
      expectErrorShape(response, 400, 'The code is wrong or has expired. Ask for a new one.');
    }
    expectErrorShape(await verify(shopper, code), 400);
    const again = await resend(shopper);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, message: expect.stringContaining('new code') });
    const fresh = await codeSentTo(phone);
    if (fresh !== code) expectErrorShape(await verify(shopper, code), 400);
    expect((await verify(shopper, fresh)).status).toBe(200);
    // Nothing is waiting any more.
    expectErrorShape(await resend(shopper), 400, 'There is no phone number waiting to be verified');
  });

  it('holds the 5 tries when guesses arrive at once', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: phone });
    const code = await codeSentTo(phone);
    const guesses = Array.from({ length: 30 }, (_, n) => (n === 12 ? code : String((Number(code) + n + 1) % 1_000_000).padStart(6, '0')));
    const answers = await Promise.all(guesses.map((guess) => verify(shopper, guess)));
    expect(answers.map((answer) => answer.status)).toEqual(guesses.map(() => 400));
  });

  it('sends at most a few codes an hour', async () => {
    const shopper = await shop.newShopper({ phoneNumber: uniquePhone() });
    for (let n = 1; n < MAX_PHONE_CODES_PER_HOUR; n += 1) expect((await resend(shopper)).status).toBe(200);
    const refused = await resend(shopper);
    expectErrorShape(refused, 429, 'Too many codes sent. Try again in an hour.');
  });

  it('still signs in by that number with the password before it is verified', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: phone, email: undefined, password: 'phone-only-1' });
    const login = await shop.http.post('/api/auth/login').send({ identifier: `0${phone.slice(4)}`, password: 'phone-only-1' });
    expect(login.status).toBe(200);
    expect(login.body.user._id).toBe(shopper.user._id);
  });
});

describe('a number someone already holds', () => {
  it("moves a USSD-only account's cart, addresses and orders into the web account that proves the number", async () => {
    const phone = uniquePhone();
    const ussd = (await findOrCreatePhoneAccount(shop.deps, phone, 'Dialled First'))!;
    await addToCart(shop.deps, ussd._id, { productId: 'tomatoes', quantity: 2 });
    const address = await createAddress(shop.deps, ussd._id, { description: 'Blue gate', city: 'Kigali', street: 'KG 11 Ave', district: 'Gasabo', phoneNumber: phone, isDefault: true });
    const order = await placeOrder(shop.deps, ussd._id, { addressId: address._id, paymentType: 'cash', channel: 'ussd' });
    await addToCart(shop.deps, ussd._id, { productId: 'avocados', quantity: 1 });

    const shopper = await shop.newShopper({ phoneNumber: phone });
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'avocados', quantity: 2 });
    expect((await verify(shopper, await codeSentTo(phone))).status).toBe(200);

    expect(await cartOf(shopper)).toEqual(expect.arrayContaining([['avocados', 3]]));
    const addresses = await shop.http.get('/api/address/allAddress').set(shopper.auth);
    expect(addresses.body.addresses).toEqual([expect.objectContaining({ _id: address._id, street: 'KG 11 Ave', isDefault: true })]);
    const orders = await shop.http.get('/api/order/getUserOrders').set(shopper.auth);
    expect(orders.body.orders.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    // The USSD-only account is gone; the number now reaches the web account.
    expect((await findOrCreatePhoneAccount(shop.deps, phone))!._id).toBe(shopper.user._id);
  });

  it("moves the USSD account's ratings without losing the ones a product opened with, and every face shows the new average at once", async () => {
    const phone = uniquePhone();
    const ussd = (await findOrCreatePhoneAccount(shop.deps, phone, 'Rated By Phone'))!;
    const shopper = await shop.newShopper({ phoneNumber: phone });
    const product = async (id: string) => (await shop.http.get(`/api/product/getProductDetails/${id}`)).body.product as { averageRating: number; ratingCount: number };
    const seedTotal = async (id: string) => (await shop.deps.db.selectFrom('products').select('rating_total').where('id', '=', id).executeTakeFirstOrThrow()).rating_total;
    // Garlic and ginger open with the seed's ratings (12 and 7 shoppers).
    const [garlic, ginger, garlicTotal] = [await product('garlic'), await product('ginger'), await seedTotal('garlic')];
    expect(garlic.ratingCount).toBeGreaterThan(1);
    expect(ginger.ratingCount).toBeGreaterThan(1);

    await rateProduct(shop.deps, ussd._id, 'garlic', 1);
    await shop.http.put('/api/product/rateProduct/garlic').set(shopper.auth).send({ rating: 5 });
    await rateProduct(shop.deps, ussd._id, 'ginger', 5);
    expect(await product('garlic')).toMatchObject({ ratingCount: garlic.ratingCount + 2 });
    const gingerRated = await product('ginger');
    expect(gingerRated).toMatchObject({ ratingCount: ginger.ratingCount + 1 });

    expect((await verify(shopper, await codeSentTo(phone))).status).toBe(200);

    // The web account's own rating of garlic wins: the phone's 1 leaves, the seed's and the 5 stay.
    const average = Math.round(((garlicTotal + 5) / (garlic.ratingCount + 1)) * 10) / 10;
    expect(await product('garlic')).toEqual(expect.objectContaining({ ratingCount: garlic.ratingCount + 1, averageRating: average }));
    // Ginger's rating moved to the web account: the same shopper rating it again replaces it.
    expect(await product('ginger')).toEqual(expect.objectContaining(gingerRated));
    const again = await shop.http.put('/api/product/rateProduct/ginger').set(shopper.auth).send({ rating: 5 });
    expect(again.body.product).toMatchObject({ ratingCount: ginger.ratingCount + 1 });
  });

  it('refuses a second web account a number another account with an email has verified', async () => {
    const phone = uniquePhone();
    const owner = await shop.newShopper({ phoneNumber: phone });
    expect((await verify(owner, await codeSentTo(phone))).status).toBe(200);
    const second = await shop.http.post('/api/auth/register').send({ fullName: 'Second', email: uniqueEmail(), phoneNumber: phone, password: 'secret-123' });
    expectErrorShape(second, 409, 'An account with this phone number already exists');
    expect(second.body.errors).toEqual([{ msg: 'An account with this phone number already exists', param: 'phoneNumber' }]);
    const other = await shop.newShopper();
    const profile = await shop.http.put('/api/user/updateProfile').set(other.auth).send({ fullName: 'Other', email: other.user.email, phoneNumber: phone });
    expect(profile.status).toBe(409);
  });

  it('refuses the code of a number another account verified after it was typed', async () => {
    const phone = uniquePhone();
    const late = await shop.newShopper({ phoneNumber: phone });
    const lateCode = await codeSentTo(phone);
    const first = await shop.newShopper({ phoneNumber: phone });
    expect((await verify(first, await codeSentTo(phone))).status).toBe(200);
    const refused = await verify(late, lateCode);
    expectErrorShape(refused, 409, 'This phone number is already verified on another account');
  });
});

describe('changing the number on the profile', () => {
  it('keeps the verified number on USSD until the new one is proven', async () => {
    const oldPhone = uniquePhone();
    const newPhone = uniquePhone();
    const shopper = await shop.newShopper({ phoneNumber: oldPhone });
    await verify(shopper, await codeSentTo(oldPhone));
    const changed = await shop.http.put('/api/user/updateProfile').set(shopper.auth).send({ fullName: 'Test Shopper', email: shopper.user.email, phoneNumber: newPhone });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ phoneNumber: newPhone, phoneVerified: false });
    expect((await findOrCreatePhoneAccount(shop.deps, oldPhone))!._id).toBe(shopper.user._id);
    expect(await findOrCreatePhoneAccount(shop.deps, newPhone)).toBeUndefined();

    expect((await verify(shopper, await codeSentTo(newPhone))).status).toBe(200);
    expect((await findOrCreatePhoneAccount(shop.deps, newPhone))!._id).toBe(shopper.user._id);
    expect(await findOrCreatePhoneAccount(shop.deps, oldPhone)).toBeUndefined();
  });
});
