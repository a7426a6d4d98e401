// Helpers for the console specs: the staff account signed in through the normal login, a shopper who
// orders by USSD through POST /ussd, the shopper's USSD track-order screen, and the fake SMS log.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_STAFF, fakeSmsUrlFile } from './support/staff-account';
import type { FakeSmsMessage } from '../tests/support/fake-africas-talking-sms';

export { E2E_STAFF };

/** Signs staff in the way staff do: the login page, e-mail and password, then back to `to`. */
export async function signInStaff(page: Page, to = '/admin') {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(E2E_STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === to.split('?')[0]);
}

export async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { identifier: E2E_STAFF.email, password: E2E_STAFF.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

let made = 0;
/** A web shopper with a confirmed phone number, so the same person can dial USSD. */
export async function createPhoneShopper(request: APIRequestContext, fullName = 'Aline Uwase') {
  made += 1;
  const digits = `${Date.now()}${process.pid}${made}`.slice(-8);
  const phoneNumber = `+2507${digits}`;
  const email = `ussd.${Date.now().toString(36)}${process.pid}${made}@example.rw`;
  const response = await request.post('/api/auth/register', { data: { fullName, email, phoneNumber, password: 'secret123' } });
  expect(response.status(), await response.text()).toBe(201);
  const token = ((await response.json()) as { token: string }).token;
  await confirmPhone(request, phoneNumber, token);
  return { fullName, email, phoneNumber, token };
}

/** Enters the code the shop texted, as the shopper would, so USSD from that number reaches the account. */
async function confirmPhone(request: APIRequestContext, phoneNumber: string, token: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = (await smsLog()).filter((sms) => sms.to === phoneNumber).map((sms) => /\b(\d{6})\b/.exec(sms.message)?.[1]);
      code = texts.filter(Boolean).at(-1);
      return code;
    })
    .toBeTruthy();
  const verified = await request.post('/api/user/verifyPhone', { headers: { Authorization: `Bearer ${token}` }, data: { code } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** One USSD session as Africa's Talking drives it: the whole `*`-joined path on every request. */
export function ussdSession(request: APIRequestContext, phoneNumber: string) {
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
}

/** The shopper orders 3 kg of carrots by USSD, to a new address; returns the 8-character order number. */
export async function orderByUssd(request: APIRequestContext, phoneNumber: string): Promise<string> {
  const send = ussdSession(request, phoneNumber);
  await send();
  let reply = '';
  for (const input of ['1', 'carrots', '1', '1', '3', '1', '3', 'KN 2 St', 'Yellow house', '1', '1']) reply = await send(input);
  const match = /Order ([A-Z0-9]{8}) placed/.exec(reply);
  expect(match, reply).not.toBeNull();
  return match![1];
}

/** The shopper's latest orders as USSD shows them ('4' on the home menu). */
export async function ussdOrders(request: APIRequestContext, phoneNumber: string): Promise<string> {
  const send = ussdSession(request, phoneNumber);
  const home = await send();
  // A call soon after an unfinished journey offers to continue; start again instead.
  if (home.includes('Continue where you left off')) await send('2');
  return send('4');
}

/** Every SMS the fake Africa's Talking accepted from the e2e server, in order. */
export async function smsLog(): Promise<FakeSmsMessage[]> {
  const url = readFileSync(fakeSmsUrlFile(process.env.E2E_PORT ?? '4321'), 'utf8').trim();
  const response = await fetch(url.replace('/version1/messaging', '/__log'));
  return ((await response.json()) as { accepted: FakeSmsMessage[] }).accepted;
}

export async function smsTo(phoneNumber: string, orderNumber: string): Promise<string[]> {
  return (await smsLog()).filter((sms) => sms.to === phoneNumber && sms.message.includes(orderNumber)).map((sms) => sms.message);
}
