// The shop as a spec finds it before the part it tests: shoppers, carts, addresses and orders made
// through /api (quicker than the screens, which their own specs drive), what staff do to orders and
// the catalog through /api/admin, a shopper's USSD session as Africa's Talking drives it, and the fake
// SMS provider's log. Specs get it as the `shop` fixture.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { z } from 'zod';
import type {
  changeOrderStatusSchema,
  changePaymentSchema,
  StaffOrder,
  StaffOrderDetail,
} from '../../server/modules/orders/staff-orders.schema';
import type { productInputSchema, productPatchSchema, StaffCategory, StaffProduct } from '../../server/modules/catalog/staff-catalog.schema';
import type { GrantedRole } from '../../server/modules/auth/roles.schema';
import type { FakeSmsMessage } from '../../tests/support/fake-africas-talking-sms';
import type { FakeMail } from '../../tests/support/fake-smtp';
import type { FakeMomoRequest, RequestToPayAnswer } from '../../tests/support/fake-momo-collections';
import { E2E_STAFF, fakeMomoUrlFile, fakeSmsUrlFile, fakeSmtpLogFile } from './staff-account';

export interface Shopper {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
  token: string;
}

export interface CatalogProduct {
  _id: string;
  productname: string;
  price: number;
  offerPrice?: number | null;
  productCategory: { _id: string; name: string };
  /** 1 for a product sold in whole units; 0.5 for one weighed by the half kilo (docs/packing.md). */
  quantityStep: number;
}

/**
 * The API places every order unless asked to warn of a twin (the checkout asks): `confirmDuplicate`
 * stays harmless for a spec that orders one basket several times and says so.
 */
type PlaceAgain = { confirmDuplicate?: true };

export const SHOPPER_PASSWORD = 'secret123';

let made = 0;
/** An e-mail and a phone number no other test has, in any worker or in a rerun on the same database. */
export function uniqueContact(prefix = 'shopper') {
  made += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${made}`;
  const digits = `${Date.now()}${process.pid}${made}`.slice(-8);
  return { email: `${prefix}.${stamp}@example.rw`, phoneNumber: `+2507${digits}` };
}

/** The status must be this one; when it is not, the message names the call and gives the reply's text. */
async function expectStatus(response: APIResponse, status: number) {
  const { pathname, search } = new URL(response.url());
  expect(response.status(), `${pathname}${search} answered ${response.status()}: ${await response.text()}`).toBe(status);
  return response.json();
}

/** Products the console's specs add for themselves have generated ids and change stock while others run. */
const madeByAConsoleSpec = (product: CatalogProduct) => /^[0-9a-f]{24}$/.test(product._id);

export function shopApi(request: APIRequestContext) {
  const auth = (shopper: Pick<Shopper, 'token'>) => ({ Authorization: `Bearer ${shopper.token}` });

  const shop = {
    /** A new web shopper, signed up with a unique e-mail and phone number (not yet confirmed). */
    async newShopper(fullName = 'Aline Uwase'): Promise<Shopper> {
      const contact = uniqueContact();
      const body = await expectStatus(
        await request.post('/api/auth/register', { data: { fullName, ...contact, password: SHOPPER_PASSWORD } }),
        201,
      );
      return { fullName, ...contact, password: SHOPPER_PASSWORD, token: body.token };
    },

    /** A web shopper who signed up with an e-mail address and no phone number. */
    async newEmailShopper(fullName = 'Keza Mutoni'): Promise<Omit<Shopper, 'phoneNumber'>> {
      const { email } = uniqueContact('emailonly');
      const body = await expectStatus(await request.post('/api/auth/register', { data: { fullName, email, password: SHOPPER_PASSWORD } }), 201);
      return { fullName, email, password: SHOPPER_PASSWORD, token: body.token };
    },

    /** A web shopper who has entered the code texted to their phone, so USSD from that number reaches them. */
    async newPhoneShopper(fullName = 'Aline Uwase'): Promise<Shopper> {
      const shopper = await shop.newShopper(fullName);
      let code: string | undefined;
      await expect
        .poll(async () => {
          const codes = (await smsLog()).filter((sms) => sms.to === shopper.phoneNumber).map((sms) => /\b(\d{6})\b/.exec(sms.message)?.[1]);
          code = codes.filter(Boolean).at(-1);
          return code;
        })
        .toMatch(/^\d{6}$/);
      await expectStatus(await request.post('/api/user/verifyPhone', { headers: auth(shopper), data: { code } }), 200);
      return shopper;
    },

    /** The first `limit` products of the seeded catalog, as the storefront lists them. */
    async products(limit = 100): Promise<CatalogProduct[]> {
      const body = (await expectStatus(await request.get('/api/product/getAllProducts?limit=100'), 200)) as { productList: CatalogProduct[] };
      return body.productList.filter((product) => !madeByAConsoleSpec(product)).slice(0, limit);
    },

    /** Products sold in whole units (a step of 1), for specs that count pieces: weighed ones step by half a kilo. */
    async countedProducts(limit = 100): Promise<CatalogProduct[]> {
      return (await shop.products()).filter((product) => product.quantityStep === 1).slice(0, limit);
    },

    async discountedProduct(): Promise<CatalogProduct> {
      const found = (await shop.products()).find((item) => item.offerPrice != null && item.offerPrice < item.price);
      if (!found) throw new Error('The seeded catalog has no product on offer');
      return found;
    },

    /** `quantity` of each product into the shopper's cart. */
    async addToCart(shopper: Shopper, productIds: string[], quantity = 1): Promise<void> {
      for (const productId of productIds) {
        await expectStatus(await request.post('/api/cart/add', { headers: auth(shopper), data: { productId, quantity } }), 200);
      }
    },

    /** One of each of the first `count` products in the shopper's cart; returns those products. */
    async fillCart(shopper: Shopper, count = 2): Promise<CatalogProduct[]> {
      const products = await shop.products(count);
      await shop.addToCart(shopper, products.map((product) => product._id));
      return products;
    },

    async addAddress(shopper: Shopper, description = 'Home'): Promise<{ _id: string }> {
      const data = { description, city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788123456' };
      const body = await expectStatus(await request.post('/api/address/create', { headers: auth(shopper), data }), 201);
      return body.address;
    },

    /** An order paid now by MoMo request-to-pay, asked of `payerPhone` (MTN here is the e2e server's fake). */
    async placeMomoOrder(shopper: Shopper, addressId: string, payerPhone: string, again: PlaceAgain = {}): Promise<{ _id: string }> {
      const data = { addressId, paymentType: 'momo', payerPhone, callbackUrl: 'http://localhost/order-confirmation', ...again };
      const body = await expectStatus(await request.post('/api/order/placeOrder', { headers: auth(shopper), data }), 201);
      return body.order;
    },

    /** A cash order of the cart; `{ confirmDuplicate: true }` when the spec orders the same basket again within 10 minutes. */
    async placeOrder(shopper: Shopper, addressId: string, again: PlaceAgain = {}): Promise<{ _id: string }> {
      const data = { addressId, paymentType: 'cash', callbackUrl: 'http://localhost/order-confirmation', ...again };
      const body = await expectStatus(await request.post('/api/order/placeOrder', { headers: auth(shopper), data }), 201);
      return body.order;
    },

    async staffToken(): Promise<string> {
      const data = { identifier: E2E_STAFF.email, password: E2E_STAFF.password };
      return ((await expectStatus(await request.post('/api/auth/login', { data }), 200)) as { token: string }).token;
    },

    /** The id of the one order staff find by the 8-character number its shopper reads out. */
    async staffOrderId(staffToken: string, orderNumber: string): Promise<string> {
      const path = `/api/admin/orders?search=${encodeURIComponent(orderNumber)}`;
      const { orders } = (await expectStatus(await request.get(path, { headers: auth({ token: staffToken }) }), 200)) as { orders: StaffOrder[] };
      expect(orders, `GET ${path} should find one order`).toHaveLength(1);
      return orders[0]!._id;
    },

    /** Staff move an order on; `expectedStatus` is the status they saw (another one answers 409). */
    async setOrderStatus(staffToken: string, orderId: string, change: z.input<typeof changeOrderStatusSchema>): Promise<StaffOrderDetail> {
      const path = `/api/admin/orders/${orderId}/status`;
      return ((await expectStatus(await request.post(path, { headers: auth({ token: staffToken }), data: change }), 200)) as { order: StaffOrderDetail }).order;
    },

    /** Staff confirm an order's MoMo payment (with its transaction id) or record that it failed. */
    async setPaymentStatus(staffToken: string, orderId: string, change: z.input<typeof changePaymentSchema>): Promise<StaffOrderDetail> {
      const path = `/api/admin/orders/${orderId}/payment`;
      return ((await expectStatus(await request.post(path, { headers: auth({ token: staffToken }), data: change }), 200)) as { order: StaffOrderDetail }).order;
    },

    /** A category as staff see it (hidden ones too), by its name. */
    async staffCategory(staffToken: string, name: string): Promise<StaffCategory> {
      const body = (await expectStatus(await request.get('/api/admin/categories', { headers: auth({ token: staffToken }) }), 200)) as { categories: StaffCategory[] };
      const found = body.categories.find((category) => category.name === name);
      if (!found) throw new Error(`GET /api/admin/categories has no category named ${name}`);
      return found;
    },

    /** A product staff add to the catalog. Give it a name of the test's own, so no other spec meets it. */
    async createProduct(staffToken: string, product: z.input<typeof productInputSchema>): Promise<StaffProduct> {
      return ((await expectStatus(await request.post('/api/admin/products', { headers: auth({ token: staffToken }), data: product }), 201)) as { product: StaffProduct }).product;
    },

    /** Staff change some of a product's fields, e.g. `{ inStock: false }`. */
    async updateProduct(staffToken: string, productId: string, change: z.input<typeof productPatchSchema>): Promise<StaffProduct> {
      const path = `/api/admin/products/${productId}`;
      return ((await expectStatus(await request.put(path, { headers: auth({ token: staffToken }), data: change }), 200)) as { product: StaffProduct }).product;
    },

    /** Staff change what is on hand of a product (a product without a count starts counting from it). */
    async changeStock(staffToken: string, productId: string, change: number, reason: 'received' | 'adjusted' | 'spoiled' = 'received'): Promise<void> {
      const path = `/api/admin/products/${productId}/stock`;
      await expectStatus(await request.post(path, { headers: auth({ token: staffToken }), data: { change, reason } }), 200);
    },

    /**
     * The status the staff API answers this token with (200 staff, 403 a shopper), for the specs that
     * check who gets in: unlike the helpers above it does not decide which status is right.
     */
    async staffApiStatus(token: string): Promise<number> {
      return (await request.get('/api/admin/orders', { headers: auth({ token }) })).status();
    },

    /** The owner gives an existing account a role (staff, packer, rider or owner), as the Staff page does. */
    async grantRole(ownerToken: string, who: Pick<Shopper, 'email'>, role: GrantedRole): Promise<void> {
      await expectStatus(await request.post('/api/admin/staff', { headers: auth({ token: ownerToken }), data: { identifier: who.email, role } }), 201);
    },

    /** The status the owner's Staff list answers this token with (200 an owner, 403 anyone else). */
    async staffListStatus(token: string): Promise<number> {
      return (await request.get('/api/admin/staff', { headers: auth({ token }) })).status();
    },

    /** A message to the shop from its contact form, for staff to handle. */
    async sendContactMessage(message: { name: string; email: string; subject: string; message: string }): Promise<void> {
      await expectStatus(await request.post('/api/contact', { data: message }), 201);
    },

    /** One USSD session as Africa's Talking drives it: the whole `*`-joined path on every request. */
    ussdSession(phoneNumber: string) {
      const sessionId = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const inputs: string[] = [];
      return async function send(input?: string): Promise<string> {
        if (input !== undefined) inputs.push(input);
        const response = await request.post('/ussd', {
          form: { sessionId, serviceCode: '*384*4766#', phoneNumber, networkCode: '63510', text: inputs.join('*') },
        });
        expect(response.status()).toBe(200);
        return response.text();
      };
    },

    /** The shopper orders 3 kg of carrots by USSD, to a new address; returns the 8-character order number. */
    async orderByUssd(phoneNumber: string): Promise<string> {
      const send = shop.ussdSession(phoneNumber);
      await send();
      let reply = '';
      // ... the phone, the earliest delivery window, Confirm.
      for (const input of ['1', 'carrots', '1', '1', '3', '1', '3', 'Nyamirambo', 'KN 2 St', 'Yellow house', '1', '1', '1']) reply = await send(input);
      const match = /Order ([A-Z0-9]{8}) placed/.exec(reply);
      expect(match, reply).not.toBeNull();
      return match![1];
    },

    /** The shopper's latest orders as USSD shows them ('4' on the home menu). */
    async ussdOrders(phoneNumber: string): Promise<string> {
      const send = shop.ussdSession(phoneNumber);
      const home = await send();
      // A call soon after an unfinished journey offers to continue; start again instead.
      if (home.includes('Continue where you left off')) await send('2');
      return send('4');
    },
  };
  return shop;
}

export type ShopApi = ReturnType<typeof shopApi>;

/** Every SMS the fake Africa's Talking accepted from the e2e server, in order. */
export async function smsLog(): Promise<FakeSmsMessage[]> {
  const url = readFileSync(fakeSmsUrlFile(process.env.E2E_PORT ?? '4321'), 'utf8').trim();
  const response = await fetch(url.replace('/version1/messaging', '/__log'));
  return ((await response.json()) as { accepted: FakeSmsMessage[] }).accepted;
}

/** The texts sent to this number that name this order. */
export async function smsTo(phoneNumber: string, orderNumber: string): Promise<string[]> {
  return (await smsLog()).filter((sms) => sms.to === phoneNumber && sms.message.includes(orderNumber)).map((sms) => sms.message);
}

/** Every e-mail the e2e server's SMTP server received, in order. */
export async function mailLog(): Promise<FakeMail[]> {
  const url = readFileSync(fakeSmtpLogFile(process.env.E2E_PORT ?? '4321'), 'utf8').trim();
  return ((await (await fetch(url)).json()) as { received: FakeMail[] }).received;
}

/** The e-mails sent to this address. */
export async function mailsTo(address: string): Promise<FakeMail[]> {
  return (await mailLog()).filter((mail) => mail.to.includes(address));
}

const momoUrl = () => readFileSync(fakeMomoUrlFile(process.env.E2E_PORT ?? '4321'), 'utf8').trim();

/**
 * The shopper answers MTN MoMo's PIN prompt on their phone (+2507…): the fake MTN settles the latest
 * request to that number and sends its callback to the e2e server. Returns the request as MTN holds it.
 */
export async function answerMomoPrompt(phoneNumber: string, answer: 'approve' | 'decline', reason = 'APPROVAL_REJECTED'): Promise<FakeMomoRequest> {
  const settlement = answer === 'approve' ? { status: 'SUCCESSFUL' } : { status: 'FAILED', reason };
  const response = await fetch(`${momoUrl()}/__settle`, { method: 'POST', body: JSON.stringify({ partyId: phoneNumber, ...settlement }) });
  expect(response.status, `no MoMo request waits on ${phoneNumber}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as FakeMomoRequest;
}

/** How MTN answers the next requests to this number (a 500, no answer...). */
export async function nextMomoAnswers(phoneNumber: string, ...answers: RequestToPayAnswer[]): Promise<void> {
  await fetch(`${momoUrl()}/__next`, { method: 'POST', body: JSON.stringify({ partyId: phoneNumber, requestToPay: answers }) });
}
