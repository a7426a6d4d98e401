// The shop's words on chat and USSD: counts and units read right in English, Kinyarwanda and French
// ("My cart (1 item)", "Quantity in pieces", "2 trays"), Kinyarwanda screens name products in
// Kinyarwanda too, and a search that finds nothing offers close names to choose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession, step } from '../../server/conversation/engine';
import { translator, type Language } from '../../server/conversation/i18n';
import { chatLimits, renderChat } from '../../server/channels/chat/render-chat';
import { renderUssd, ussdLimits } from '../../server/channels/ussd/render-ussd';
import type { ChannelName, Session } from '../../server/conversation/types';
import { quantityWithUnit, unitWord } from '../../server/lib/units';
import { addToCart } from '../../server/modules/cart/cart.service';
import { createAddress } from '../../server/modules/addresses/addresses.service';
import { placeOrder } from '../../server/modules/orders/orders.service';
import { createTestShop, type TestShop } from '../support/test-app';

describe('quantities with their unit', () => {
  it('count units in English', () => {
    expect(quantityWithUnit(1, 'tray')).toBe('1 tray');
    expect(quantityWithUnit(2, 'tray')).toBe('2 trays');
    expect(quantityWithUnit(3, 'piece')).toBe('3 pieces');
    expect(quantityWithUnit(2, 'loaf')).toBe('2 loaves');
    expect(quantityWithUnit(2, 'kg')).toBe('2 kg');
    expect(quantityWithUnit(2, 'pcs')).toBe('2 pcs');
    // A unit staff typed that the table does not know still reads as English.
    expect(quantityWithUnit(2, 'box')).toBe('2 boxes');
    expect(quantityWithUnit(1, 'box')).toBe('1 box');
  });

  it('count units in French, where 0 and 1 are both singular', () => {
    expect(quantityWithUnit(1, 'tray', 'fr')).toBe('1 plateau');
    expect(quantityWithUnit(2, 'tray', 'fr')).toBe('2 plateaux');
    expect(quantityWithUnit(0, 'bottle', 'fr')).toBe('0 bouteille');
    expect(unitWord('piece', 50, 'fr')).toBe('pieces');
  });

  it('count units in Kinyarwanda, the number after the noun', () => {
    expect(quantityWithUnit(1, 'bottle', 'rw')).toBe('icupa 1');
    expect(quantityWithUnit(2, 'bottle', 'rw')).toBe('amacupa 2');
    expect(quantityWithUnit(2, 'kg', 'rw')).toBe('ibiro 2');
  });
});

describe('counted messages', () => {
  const cartTitle = (language: Language, count: number) => translator(language)('cart.title', { count });

  it('say "1 item" and "2 items" in English and French', () => {
    expect(cartTitle('en', 1)).toBe('My cart (1 item):');
    expect(cartTitle('en', 2)).toBe('My cart (2 items):');
    expect(cartTitle('fr', 1)).toBe('Mon panier (1 article):');
    expect(cartTitle('fr', 2)).toBe('Mon panier (2 articles):');
    expect(translator('en')('checkout.items', { count: 1, total: 'frw 800.00' })).toBe('1 item: frw 800.00');
  });

  it('say "Ikintu 1" and "Ibintu 3" in Kinyarwanda', () => {
    expect(translator('rw')('checkout.items', { count: 1, total: 'frw 800.00' })).toBe('Ikintu 1: frw 800.00');
    expect(translator('rw')('checkout.items', { count: 3, total: 'frw 800.00' })).toBe('Ibintu 3: frw 800.00');
  });
});

describe('conversation screens', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  async function shopperSession(language: Language, channel: ChannelName = 'ussd') {
    const shopper = await shop.newVerifiedShopper();
    const session = newSession({ id: `${channel}:${Math.random()}`, channel, phone: shopper.user.phoneNumber, language });
    return { shopper, session };
  }

  /** Plays inputs, returning the last session, the USSD text and the chat reply of the last one. */
  async function play(session: Session, inputs: (string | null)[]) {
    let current = session;
    let reply;
    for (const input of inputs) {
      const result = await step(current, input, shop.deps, current.channel === 'chat' ? chatLimits : ussdLimits);
      current = result.session;
      reply = result.reply;
    }
    return { session: current, text: renderUssd(reply!), chat: renderChat(reply!) };
  }

  // Products are counted (2 trays of eggs are 1 item), each line says its quantity and unit.
  it('count the cart\'s products and units in English', async () => {
    const { shopper, session } = await shopperSession('en');
    await addToCart(shop.deps, shopper.user._id, { productId: 'eggs-tray', quantity: 1 });
    let result = await play(session, [null, '3']);
    expect(result.text).toContain('My cart (1 item):');
    expect(result.text).toContain('1 tray');
    await addToCart(shop.deps, shopper.user._id, { productId: 'eggs-tray', quantity: 1 });
    result = await play(result.session, ['00', '3']);
    expect(result.text).toContain('My cart (1 item):');
    expect(result.text).not.toContain('2 items');
    expect(result.text).toContain('2 trays');
  });

  it('ask for a quantity in pieces, not "piece"', async () => {
    const { session } = await shopperSession('en');
    const result = await play(session, [null, 'cabbage', '1', '1']);
    expect(result.text).toContain('Quantity in pieces (1-');
  });

  it('name products in Kinyarwanda too on Kinyarwanda screens, with Kinyarwanda units', async () => {
    const { session } = await shopperSession('rw');
    let result = await play(session, [null, 'tomatos']);
    // Whole names, never "Inyanya.": the page shows fewer results instead.
    expect(result.text).toContain('1. Inyanya (Tomatoes) frw 800.00/kg');
    expect(result.text).not.toMatch(/\w\. frw/);
    result = await play(result.session, ['1', '1']);
    expect(result.text).toContain('Umubare: ibiro, guhera 0.5');
    result = await play(result.session, ['2']);
    expect(result.text).toContain('ibiro 2 Inyanya (Tomatoes) byashyizwe mu gatebo!');
    result = await play(result.session, ['3']);
    expect(result.text).toContain('Inyanya (Tomatoes) ibiro 2 hafi frw 1,600.00'); // weighed: about (hafi) until packed
  });

  it("name an order's lines in Kinyarwanda on a Kinyarwanda track-order screen, and in English on an English one", async () => {
    const { shopper, session } = await shopperSession('rw');
    const home = await createAddress(shop.deps, shopper.user._id, { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788123456' });
    await addToCart(shop.deps, shopper.user._id, { productId: 'tomatoes', quantity: 2 });
    await placeOrder(shop.deps, shopper.user._id, { addressId: home._id, paymentType: 'cash' });
    // Home, 4 (track orders), 1 (the order): the order copied the English name, the screen says both.
    const inRw = await play(session, [null, '4', '1']);
    expect(inRw.text).toContain('Inyanya (Tomatoes) ibiro 2');
    const inEn = await play({ ...session, language: 'en' }, [null, '4', '1']);
    expect(inEn.text).toContain('Tomatoes 2 kg');
    expect(inEn.text).not.toContain('Inyanya');
  });

  it('keep English names on English screens', async () => {
    const { session } = await shopperSession('en');
    const result = await play(session, [null, 'tomatos']);
    expect(result.text).toContain('1. Tomatoes frw 800.00/kg');
    expect(result.text).not.toContain('inyanya');
  });

  it('offer close names when a search finds nothing, on USSD', async () => {
    const { session } = await shopperSession('en');
    let result = await play(session, [null, 'cabage soupp']);
    expect(result.text).toContain('No products found matching "cabage soupp".');
    expect(result.text).toContain('Did you mean:');
    expect(result.text).toContain('1. Cabbage');
    // Numbered on from the suggestions, without a gap.
    expect(result.text).toContain('2. Search again');
    result = await play(result.session, ['1']);
    expect(result.text).toContain('Results for "Cabbage":');
    expect(result.text).toContain('1. Cabbage frw');
  });

  it('offer close names when a search finds nothing, on chat, in Kinyarwanda', async () => {
    const { session } = await shopperSession('rw', 'chat');
    let result = await play(session, [null, 'cabage soupp']);
    expect(result.chat.messages[0].text).toContain('Wasanga ari:');
    const cabbage = result.chat.options.find((option) => option.label === 'Cabbage');
    expect(cabbage).toBeDefined();
    result = await play(result.session, [cabbage!.key]);
    expect(result.chat.messages.map((message) => message.text).join('\n')).toContain('Amashu (Cabbage)');
  });

  it('still offers "Search again" as 1 when nothing close was found', async () => {
    const { session } = await shopperSession('en');
    let result = await play(session, [null, 'zzqxv']);
    expect(result.text).toContain('No products found matching "zzqxv".');
    expect(result.text).not.toContain('Did you mean');
    expect(result.text).toContain('1. Search again');
    result = await play(result.session, ['1']);
    expect(result.text).toContain('Enter a product name:');
  });
});
