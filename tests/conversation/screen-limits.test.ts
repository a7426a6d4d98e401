// Renders every screen in every language, with the worst data the seeded shop allows (the longest
// names, 999 of a thing, long streets, many order lines) and a refusal line on top, and checks
// the USSD limits (182 characters, GSM-7) and the chat limits (10 buttons, 24-character labels).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession, show } from '../../server/conversation/engine';
import { catalogues, LANGUAGES, translator, type Language } from '../../server/conversation/i18n';
import { CHAT_LABEL_MAX, CHAT_MAX_OPTIONS, renderChat } from '../../server/channels/chat/render-chat';
import { renderUssd, ussdLimits } from '../../server/channels/ussd/render-ussd';
import { isGsmSafe, USSD_SCREEN_LIMIT } from '../../server/lib/gsm-text';
import { newState } from '../../server/conversation/screens/helpers';
import type { ChannelName, Reply, ScreenName, ScreenState, Session } from '../../server/conversation/types';

/** A screen's data as this test gives it: only what its rendering reads (an address step needs no street yet). */
type GivenData = Record<string, string | boolean | number | object>;
import { formatFrw } from '../../server/lib/money';
import { createAddress } from '../../server/modules/addresses/addresses.service';
import { KIGALI_DISTRICTS } from '../../server/modules/addresses/addresses.schema';
import { addToCart } from '../../server/modules/cart/cart.service';
import { listCategories, listProducts } from '../../server/modules/catalog/catalog.service';
import { placeOrder } from '../../server/modules/orders/orders.service';
import { createBasket } from '../../server/modules/baskets/baskets.service';
import { reasonWords } from '../../server/modules/orders/momo-reasons';
import { changeStock } from '../../server/modules/stock/stock.service';
import { saveDeliveryFees } from '../../server/modules/delivery/delivery-fees.service';
import { isMeasuredUnit } from '../../server/lib/units';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
let userId: string;
let phone: string;
let addressId: string;
let orderId: string;
let basketId: string;
let productIds: string[];
let categoryIds: string[];
const longest: Record<string, number> = {};

/** MoMo request-to-pay on, so checkout and an order show its choices (nothing is sent to MTN here). */
const MOMO_ON = {
  MOMO_BASE_URL: 'http://127.0.0.1:9',
  MOMO_TARGET_ENVIRONMENT: 'mtnrwanda',
  MOMO_SUBSCRIPTION_KEY: '0123456789abcdef0123456789abcdef',
  MOMO_API_USER: 'f3b5c9a2-6d1e-4c8b-9a7f-2e4d6c8b0a1f',
  MOMO_API_KEY: 'fedcba9876543210fedcba9876543210',
  MOMO_PAY_CODE: '1234567890',
};
/** The longest failure the shop words itself, and one MTN words (cut to what a line carries). */
const LONG_REASONS = ['MTN MoMo did not receive the payment request', reasonWords({ code: 'SOMETHING_NEW', message: 'x'.repeat(300) })];

beforeAll(async () => {
  shop = await createTestShop(MOMO_ON);
  const shopper = await shop.newShopper();
  userId = shopper.user._id;
  phone = shopper.user.phoneNumber!;
  const { products } = await listProducts(shop.deps, { page: 1, limit: 500, search: '', category: undefined });
  productIds = products.map((product) => product._id);
  categoryIds = (await listCategories(shop.deps)).map((category) => category._id);
  const longNames = [...products].sort((a, b) => b.productname.length - a.productname.length).slice(0, 9);
  for (const product of longNames) await addToCart(shop.deps, userId, { productId: product._id, quantity: 999 });
  const address = await createAddress(shop.deps, userId, {
    description: 'Behind the big yellow house with a blue gate, second door on the left after the church'.repeat(2),
    city: 'Kigali',
    street: 'KG 123 Avenue, Kimihurura, near the roundabout and the market',
    district: 'Nyarugenge',
    phoneNumber: '0788123456',
  });
  addressId = address._id;
  orderId = (await placeOrder(shop.deps, userId, { addressId, paymentType: 'cash', channel: 'ussd' }))._id;
  for (const product of longNames) await addToCart(shop.deps, userId, { productId: product._id, quantity: 999 });
  // A weekly basket of that order: nine long names, 999 of each.
  basketId = (await createBasket(shop.deps, userId, { fromOrderId: orderId, weekday: 3, windowStart: '18:00' }))._id;
  // The longest names also run low (parts of a unit where it is measured): their screens say what is
  // left, the cart's 999 of each cannot be sold and says why, ordering again says what is cut.
  for (const product of longNames) {
    const left = isMeasuredUnit(product.productUnit) ? 4.125 : 5;
    await changeStock(shop.deps, { id: 'limits', fullName: 'Limits' }, product._id, { change: left, reason: 'received' });
  }
});
afterAll(async () => shop.close());

function sessionFor(language: Language, channel: ChannelName, guest = false): Session {
  const session = newSession({ id: `limits-${language}`, channel, language, phone, userId: guest ? undefined : userId });
  session.stack = [newState('home')];
  session.resumable = { current: newState('home'), stack: [] };
  return session;
}

/** The longest refusal or notice a language has: the worst line to carry on top of a screen. */
function longestNote(language: Language): string {
  const t = translator(language);
  const keys = ['error.invalidChoice', 'error.emptyAnswer', 'error.failed', 'quantity.invalid', 'address.phoneInvalid', 'checkout.emptyCart', 'address.tooLong', 'signup.invalid', 'search.empty'] as const;
  return keys.map((key) => t(key, { max: 999 })).sort((a, b) => b.length - a.length)[0];
}

function check(reply: Reply, label: string, language: Language, payWhole = true) {
  const ussd = renderUssd(reply);
  const body = ussd.slice(4);
  longest[language] = Math.max(longest[language] ?? 0, body.length);
  expect(body.length, `${label}: ${body}`).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
  expect(isGsmSafe(body), `${label}: ${body}`).toBe(true);
  // Nothing a shopper must act on is ever cut: the actions and the prompt show whole.
  for (const option of reply.options.filter((o) => o.kind === 'action')) {
    // Whole, or in the short form the option offers for a full screen; an optional one may be left out.
    const shown = body.includes(`${option.key}. ${option.label}`) || (option.short !== undefined && body.includes(`${option.key}. ${option.short}`)) || option.optional === true;
    expect(shown, `${label}: ${option.key}. ${option.label}\n${body}`).toBe(true);
  }
  if (reply.prompt) expect(body, label).toContain(reply.prompt);
  // How to pay is never cut: a line naming the MoMo Pay code shows whole (a refusal on top may take its room).
  if (payWhole && !reply.error && !reply.notice) for (const line of reply.lines.filter((text) => text.includes(shop.deps.config.shop.payCode))) expect(body, label).toContain(line);
  const chat = renderChat(reply);
  expect(chat.options.length, label).toBeLessThanOrEqual(CHAT_MAX_OPTIONS);
  for (const option of chat.options) expect(option.label.length, label).toBeLessThanOrEqual(CHAT_LABEL_MAX);
  // Back stays reachable in chat whenever the screen offers it.
  if (reply.options.some((o) => o.key === '0')) expect(chat.options.some((o) => o.key === '0'), label).toBe(true);
}

async function renderScreen(language: Language, name: ScreenName, data: GivenData = {}, options: { offset?: number; guest?: boolean; channel?: ChannelName; payWhole?: boolean } = {}) {
  for (const note of [{}, { error: longestNote(language) }]) {
    const session = sessionFor(language, options.channel ?? 'ussd', options.guest);
    session.current = { ...newState('home'), name, data, offset: options.offset ?? 0 } as ScreenState;
    const reply = await show(session, shop.deps, ussdLimits, note);
    check(reply, `${language} ${name} ${JSON.stringify(data)} ${JSON.stringify(note)}`, language, options.payWhole);
  }
}

describe.each(LANGUAGES)('every screen in %s', (language) => {
  it('catalogue strings are GSM-7 and button labels fit chat', () => {
    const t = translator(language);
    const sample = { shop: 'Isoko', name: 'Aline', query: 'tomatos', count: 3, total: 'frw 1.00', max: 999, unit: 'kg', quantity: '2 kg', offer: 'frw 1.00', price: 'frw 2.00', phone: '0788123456', address: 'KG 1 Ave, Gasabo', code: '123456', business: 'Isoko Ltd', number: 'AB12CD34', status: 'pending', payment: 'pending', reason: LONG_REASONS[0], id: '12345678901234', window: 'Tomorrow 16:00-18:00', basket: 'Tomatoes, Carrots +1', names: 'Avocados (out of stock)', when: 'Wednesdays 16:00-18:00', fee: 'frw 1,000.00', rider: 'Jean Habimana', district: 'Nyarugenge', minutes: 3, min: '0.5', step: '0.5', choice: 'Similar item', ordered: 'frw 700.00', sent: '2 packs Cherry tomatoes', own: 'frw 2,400.00', substitute: 'Cherry tomatoes', time: '17:53', amount: 'frw 1,200.00' };
    for (const key of Object.keys(catalogues[language]) as (keyof typeof catalogues.en)[]) {
      expect(isGsmSafe(t(key, sample)), key).toBe(true);
    }
  });

  it('first contact, home and language', async () => {
    await renderScreen(language, 'language', { first: true });
    await renderScreen(language, 'language');
    await renderScreen(language, 'signup');
    await renderScreen(language, 'resume');
    await renderScreen(language, 'home');
    await renderScreen(language, 'home', {}, { guest: true, channel: 'chat' });
    await renderScreen(language, 'login-required', { message: 'login.addToCart' }, { guest: true, channel: 'chat' });
  });

  it('search and categories, every page', async () => {
    await renderScreen(language, 'search-prompt');
    for (const query of ['tomatos', 'a', 'zzqqxxv', 'x'.repeat(60), 'juice']) {
      for (const offset of [0, 7, 14]) await renderScreen(language, 'search-results', { query }, { offset });
    }
    for (const offset of [0, 7]) await renderScreen(language, 'categories', {}, { offset });
    for (const id of categoryIds) {
      for (const offset of [0, 7, 14]) await renderScreen(language, 'category', { id }, { offset });
    }
  });

  it('every product, its quantity prompt and the added screen', async () => {
    for (const id of productIds) {
      await renderScreen(language, 'product', { id });
      await renderScreen(language, 'quantity', { id });
    }
    await renderScreen(language, 'added', { id: productIds[0], name: 'Ikivuguto (fermented milk)', amount: '999 bottle' });
  });

  it('cart, checkout and addresses', async () => {
    for (const offset of [0, 7]) await renderScreen(language, 'cart', {}, { offset });
    for (const id of productIds.slice(0, 3)) {
      await renderScreen(language, 'cart-line', { id });
      await renderScreen(language, 'cart-quantity', { id });
    }
    await renderScreen(language, 'cart-clear');
    await renderScreen(language, 'checkout-address');
    for (const name of ['address-district', 'address-street', 'address-description', 'address-phone', 'address-phone-other'] as const) {
      await renderScreen(language, name, { purpose: 'checkout' });
    }
    await renderScreen(language, 'address-phone', { purpose: 'checkout' }, { channel: 'chat', guest: false });
    // Every district's sectors, each page: whole names, never cut.
    for (const district of KIGALI_DISTRICTS) {
      for (const offset of [0, 7, 14]) await renderScreen(language, 'address-sector', { purpose: 'checkout', district }, { offset });
    }
    await renderScreen(language, 'checkout-confirm', { addressId, key: 'k' });
    // Warning of the same order placed minutes ago: within the limits, the choices whole. (With this
    // file's 10-digit pay code and a 9-million total there is no room for the pay line whole in rw and
    // fr; flows/26-same-order-twice.flow holds it whole with a real 6-digit code.)
    const twin = { id: 'twin00000000000000000000', number: 'AB12CD34', minutesAgo: 9 };
    await renderScreen(language, 'checkout-confirm', { addressId, key: 'k', twin }, { payWhole: false });
    await renderScreen(language, 'again-confirm', { orderId, key: 'k', addressId, twin }, { payWhole: false });
    // Ordering again the order of nine long names, 999 of each: its lines are what shortens.
    await renderScreen(language, 'again-confirm', { orderId, key: 'k' });
    await renderScreen(language, 'again-confirm', { orderId, key: 'k', addressId }, { channel: 'chat' });
    for (const offset of [0, 7, 14]) await renderScreen(language, 'checkout-window', { addressId }, { offset });
    await renderScreen(language, 'addresses');
    await renderScreen(language, 'address-detail', { id: addressId });
  });

  it('checkout with a fee table: the fee and the total quoted, the pay code whole', async () => {
    const owner = { id: userId, fullName: 'Limits', email: null, phoneNumber: null, roles: ['owner' as const], role: 'owner' as const };
    try {
      // After midnight the first window is today's ("Aujourd'hui 08:00-10:00", the longest), after the
      // 2 PM cut-off tomorrow's: both in Kigali, on the shop's clock.
      for (const kigaliTime of ['2026-11-28T01:00:00+02:00', '2026-11-28T15:00:00+02:00']) {
        shop.deps.now = () => new Date(kigaliTime);
        for (const freeFrom of [undefined, null, 1]) {
          if (freeFrom !== undefined) await saveDeliveryFees(shop.deps, owner, { mode: 'table', rates: [{ district: 'Nyarugenge', sector: null, from: 0, fee: 99_999 }], freeFrom });
          await renderScreen(language, 'checkout-confirm', { addressId, key: 'k' });
          const session = sessionFor(language, 'ussd');
          session.current = newState('checkout-confirm', { addressId, key: 'k' });
          const body = renderUssd(await show(session, shop.deps, ussdLimits)).slice(4);
          expect(body, body).toContain('1234567890');
          if (freeFrom !== undefined) expect(body, body).toMatch(freeFrom ? /, \S+ frw [\d,]+\.\d\d/ : /frw 99,999\.00, \S+ frw [\d,]+\.\d\d/);
        }
      }
    } finally {
      delete shop.deps.now;
      await saveDeliveryFees(shop.deps, owner, { mode: 'negotiable', rates: [], freeFrom: null });
    }
  });

  it('weekly baskets', async () => {
    await renderScreen(language, 'baskets');
    await renderScreen(language, 'basket', { id: basketId });
    await renderScreen(language, 'basket', { id: basketId }, { channel: 'chat' });
    await renderScreen(language, 'basket-day', { orderId });
    for (const weekday of [1, 7]) await renderScreen(language, 'basket-time', { id: basketId, weekday });
    await renderScreen(language, 'basket-stop', { id: basketId });
  });

  it('orders and the end screens', async () => {
    await renderScreen(language, 'orders');
    for (const offset of [0, 7]) await renderScreen(language, 'order', { id: orderId }, { offset });
    // A MoMo order in each state of its latest request: what to do now, why it failed, "Pay again".
    const states = [
      { momo_state: 'waiting' },
      { momo_state: 'unconfirmed' },
      ...LONG_REASONS.map((reason) => ({ momo_state: 'failed', payment_status: 'failed', payment_failure_reason: reason })),
      { momo_state: 'successful', payment_status: 'completed', momo_transaction_id: '12345678901234567890' },
    ];
    for (const state of states) {
      await shop.deps.db.updateTable('orders').set({ payment_type: 'momo', payment_status: 'pending', momo_payer_phone: '+250788123456', ...state }).where('id', '=', orderId).execute();
      for (const offset of [0, 7]) await renderScreen(language, 'order', { id: orderId }, { offset });
    }
    const t = translator(language);
    const worst = { number: 'AB12CD34', window: 'Tomorrow 16:00-18:00', total: formatFrw(99_999_999_00), code: '1234567890', business: 'Isoko Ltd', phone: '0788123456' };
    const placed = t('checkout.placed', worst);
    const momoEnds = ['checkout.placedMomo', 'checkout.placedMomoUnconfirmed', 'checkout.placedMomoFailed', 'momo.requested', 'momo.unconfirmed', 'momo.notSent', 'momo.paid'] as const;
    const ends = [placed, ...momoEnds.map((key) => t(key, worst)), t('error.apology')];
    for (const title of ends) check({ title, lines: [], list: [], options: [], end: true }, `${language} end: ${title}`, language);
    // The end screen is never cut: the order number and the promise both show.
    expect(placed.length, placed).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
  });
});

afterAll(() => {
  console.log(`longest USSD screen per language: ${JSON.stringify(longest)}`);
});
