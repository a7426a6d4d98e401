// The rider app at /rider on a phone: the rider signs in with the SMS code, sees the stop, and works
// through a network cut: each action tapped offline is saved on the phone, shown as waiting, and sent
// once when the network is back (one answered request per action, the order delivered once, the cash
// on the rider's ledger once).
import { orderNumber } from '../server/lib/order-number';
import { expect, PHONE, test } from './support/test';
import { smsLog, smsTo, uniqueContact } from './support/shop-api';

test('a rider delivers through a network cut: each action is queued offline and sent once', PHONE, async ({ page, context, request, shop, shopper }) => {
  const token = await shop.staffToken();
  const staff = { Authorization: `Bearer ${token}` };
  const { phoneNumber } = uniqueContact('rider');
  const added = await request.post('/api/admin/riders', { headers: staff, data: { phoneNumber, fullName: 'Jean Offline' } });
  expect(added.status()).toBe(201);
  const riderId = (await added.json()).rider._id as string;

  const [product] = await shop.products(1);
  await shop.addToCart(shopper, [product._id]);
  const order = await shop.placeOrder(shopper, (await shop.addAddress(shopper))._id);
  const number = orderNumber(order._id);
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'pending', status: 'processing' });
  expect((await request.put(`/api/admin/orders/${order._id}/rider`, { headers: staff, data: { riderId } })).status()).toBe(200);

  const answered: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/rider\/orders\//.test(response.url())) answered.push(new URL(response.url()).pathname);
  });

  await page.goto('/rider');
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => (code = (await smsLog()).filter((sms) => sms.to === phoneNumber).map((sms) => /\b(\d{6})\b/.exec(sms.message)?.[1]).at(-1)))
    .toMatch(/^\d{6}$/);
  await page.getByLabel('Code from the SMS').fill(code!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const stop = page.getByRole('listitem').filter({ hasText: `#${number}` });
  await expect(stop).toBeVisible();
  await expect(stop.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);

  // Out of coverage at the shop's door: "Picked up" waits on the phone.
  await context.setOffline(true);
  await stop.getByRole('button', { name: 'Picked up' }).click();
  await expect(stop.getByText('Saved, waiting for the network: picked-up')).toBeVisible();
  await expect(page.getByText(/No network: actions are saved on this phone/)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(`Order ${number} picked up: the shopper has their code`)).toBeVisible();

  // The shopper's code came by SMS; at the door the network is gone again.
  let doorCode: string | undefined;
  await expect.poll(async () => (doorCode = (await smsTo('+250788123456', number)).map((text) => /code (\d{4})\b/.exec(text)?.[1]).find(Boolean))).toMatch(/^\d{4}$/);
  await context.setOffline(true);
  await stop.getByRole('button', { name: 'Delivered...', exact: true }).click();
  await stop.getByLabel("Shopper's 4-digit code").fill(doorCode!);
  await stop.getByLabel('Delivery fee agreed (frw)').fill('500');
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(stop.getByText('Saved, waiting for the network: delivered')).toBeVisible();
  // The action is kept on the phone (a closed app sends it when next opened), with its idempotency key.
  const queued = JSON.parse((await page.evaluate(() => localStorage.getItem('isoko.rider.queue'))) ?? '[]') as { kind: string; key: string }[];
  expect(queued).toEqual([expect.objectContaining({ kind: 'delivered', key: expect.any(String) })]);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(new RegExp(`Order ${number} delivered`))).toBeVisible();
  await expect(page.getByText('No stops now.')).toBeVisible();

  expect(answered.filter((path) => path.endsWith('/picked-up'))).toHaveLength(1);
  expect(answered.filter((path) => path.endsWith('/delivered'))).toHaveLength(1);
  const ledger = await (await request.get(`/api/admin/riders/${riderId}/ledger`, { headers: staff })).json();
  expect(ledger.entries).toHaveLength(1);
  const detail = await (await request.get(`/api/admin/orders/${order._id}`, { headers: staff })).json();
  expect(detail.order.status).toBe('delivered');
  expect(detail.order.history.filter((entry: { to: string }) => entry.to === 'delivered')).toHaveLength(1);
});

test("an answer lost on the way back: the action stays on the phone, is sent again with its key when the app is next opened, and is done once", PHONE, async ({ page, request, shop, shopper }) => {
  const token = await shop.staffToken();
  const staff = { Authorization: `Bearer ${token}` };
  const { phoneNumber } = uniqueContact('rider');
  const added = await request.post('/api/admin/riders', { headers: staff, data: { phoneNumber, fullName: 'Eric Lost Answer' } });
  expect(added.status()).toBe(201);
  const riderId = (await added.json()).rider._id as string;
  const [product] = await shop.products(1);
  await shop.addToCart(shopper, [product._id]);
  const order = await shop.placeOrder(shopper, (await shop.addAddress(shopper))._id);
  const number = orderNumber(order._id);
  await shop.setOrderStatus(token, order._id, { expectedStatus: 'pending', status: 'processing' });
  expect((await request.put(`/api/admin/orders/${order._id}/rider`, { headers: staff, data: { riderId } })).status()).toBe(200);

  await page.goto('/rider');
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => (code = (await smsLog()).filter((sms) => sms.to === phoneNumber).map((sms) => /\b(\d{6})\b/.exec(sms.message)?.[1]).at(-1)))
    .toMatch(/^\d{6}$/);
  await page.getByLabel('Code from the SMS').fill(code!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const stop = page.getByRole('listitem').filter({ hasText: `#${number}` });
  await stop.getByRole('button', { name: 'Picked up' }).click();
  await expect(page.getByText(`Order ${number} picked up: the shopper has their code`)).toBeVisible();

  // Nobody home. The request reaches the shop and is done, but its answer never comes back.
  let reachedShop = 0;
  await page.route('**/api/rider/orders/*/not-delivered', async (route) => {
    await route.fetch();
    reachedShop += 1;
    await route.abort('internetdisconnected');
  });
  await stop.getByRole('button', { name: 'Not delivered...' }).click();
  await stop.getByRole('button', { name: 'Bring it back' }).click();
  await expect.poll(() => reachedShop).toBeGreaterThanOrEqual(1);
  await expect(stop.getByText('Saved, waiting for the network: not-delivered')).toBeVisible();
  await expect(page.getByText(/No network: actions are saved on this phone/)).toBeVisible();
  const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('isoko.rider.queue'))) ?? '[]') as { kind: string; key: string }[];
  expect(kept).toEqual([expect.objectContaining({ kind: 'not-delivered', key: expect.any(String) })]);

  // The app closed and opened again with the network back: the saved action goes again, with its key.
  await page.unroute('**/api/rider/orders/*/not-delivered');
  const resent = page.waitForResponse((response) => response.url().endsWith(`/api/rider/orders/${order._id}/not-delivered`));
  await page.reload();
  const answer = await resent;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['idempotency-key']).toBe(kept[0].key);
  await expect(page.getByText(new RegExp(`Order ${number} comes back to the shop`))).toBeVisible();
  await expect(page.getByText('No stops now.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('isoko.rider.queue'))) ?? '[]')).toEqual([]);

  // Done once: one way back to the shop in the order's history, one notice to the shopper.
  const detail = await (await request.get(`/api/admin/orders/${order._id}`, { headers: staff })).json();
  expect(detail.order.status).toBe('processing');
  expect(detail.order.history.filter((entry: { from: string; to: string }) => entry.from === 'shipped' && entry.to === 'processing')).toHaveLength(1);
});
