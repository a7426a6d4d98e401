// The engine and the conversation around it: first screens, navigation, refusals, resuming,
// gateway retries and the checkout's idempotency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { africasTalking, newInputs } from '../../server/channels/ussd/africas-talking';
import { createConversation, RESUME_WINDOW_MS } from '../../server/conversation/conversation';
import { newSession, step } from '../../server/conversation/engine';
import { ussdTurn } from '../../server/channels/ussd/ussd-turn';
import { renderUssd, ussdLimits } from '../../server/channels/ussd/render-ussd';
import { databaseSessionStore, memorySessionStore } from '../../server/conversation/sessions';
import type { Session } from '../../server/conversation/types';
import { createAddress, listAddresses } from '../../server/modules/addresses/addresses.service';
import { addToCart, countCartItems } from '../../server/modules/cart/cart.service';
import { listOrders } from '../../server/modules/orders/orders.service';
import { findOrCreatePhoneAccount } from '../../server/modules/users/accounts.service';
import { playUssd } from '../support/play-ussd';
import { createTestShop, uniquePhone, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const play = (session: Session, inputs: (string | null)[]) => playUssd(shop.deps, session, inputs);

async function returningShopper() {
  const shopper = await shop.newVerifiedShopper();
  const session = newSession({ id: `ussd:${Math.random()}`, channel: 'ussd', phone: shopper.user.phoneNumber, language: 'en' });
  return { shopper, session };
}

describe('first screens', () => {
  it('asks a new phone its language, then a name, then shows the menu', async () => {
    const phone = uniquePhone();
    const session = newSession({ id: 'ussd:new-phone', channel: 'ussd', phone });
    let result = await play(session, [null]);
    expect(result.text).toContain('1. English');
    result = await play(result.session, ['1']);
    expect(result.text).toContain('Enter your full name:');
    result = await play(result.session, ['Aline Uwase']);
    expect(result.text).toContain('Welcome, Aline!');
    // The account now exists, under that phone and name, and the session acts as it.
    const account = await shop.deps.db.selectFrom('users').select(['id', 'full_name']).where('phone_number', '=', phone).executeTakeFirstOrThrow();
    expect(account.full_name).toBe('Aline Uwase');
    expect(result.session.userId).toBe(account.id);
  });

  it('shows the cart of an account made for the number while the caller typed the name, not an empty menu', async () => {
    const phone = uniquePhone();
    const atName = await play(newSession({ id: 'ussd:raced-sign-up', channel: 'ussd', phone }), [null, '1']);
    expect(atName.text).toContain('Enter your full name:');
    // Meanwhile the number signs up on another face and fills a cart.
    const other = (await findOrCreatePhoneAccount(shop.deps, phone, 'Aline Uwase'))!;
    await addToCart(shop.deps, other._id, { productId: 'tomatoes', quantity: 2 });
    const menu = await play(atName.session, ['Aline Uwase']);
    expect(menu.session.userId).toBe(other._id);
    // One product (2 kg of tomatoes): the menu counts products.
    expect(menu.text).toContain('My cart (1)');
    // A number nobody had: its new account's menu, with nothing in the cart.
    const fresh = await play(newSession({ id: 'ussd:fresh-sign-up', channel: 'ussd', phone: uniquePhone() }), [null, '1', 'Eric Mugisha']);
    expect(fresh.text).toContain('Welcome, Eric!');
    expect(fresh.text).toMatch(/\d\. My cart\n/);
  });

  it('never changes the session it is given', async () => {
    const { session } = await returningShopper();
    const before = structuredClone(session);
    await step(session, null, shop.deps, ussdLimits);
    expect(session).toEqual(before);
  });
});

describe('navigation and refusals', () => {
  it('searches a word typed on the home screen', async () => {
    const { session } = await returningShopper();
    const { text } = await play(session, [null, 'tomatos']);
    expect(text).toMatch(/^CON Results for "tomatos":\n1\. Tomatoes frw 800\.00\/kg/);
  });

  it('repeats the screen with one reason line for a wrong choice', async () => {
    const { session } = await returningShopper();
    const home = await play(session, [null]);
    const wrong = await play(home.session, ['7']);
    expect(wrong.text).toBe(home.text.replace(/^CON /, 'CON Invalid choice. Try again.\n'));
    expect(wrong.session.current!.name).toBe('home');
  });

  it('pages with 98, goes back a page with 0 and home with 00', async () => {
    const { session } = await returningShopper();
    const first = await play(session, [null, '2', '1']);
    const firstChoices = first.session.current!.choices;
    const second = await play(first.session, ['98']);
    expect(second.session.current!.offset).toBe(firstChoices.length);
    expect(second.session.current!.choices[0]).not.toBe(firstChoices[0]);
    const back = await play(second.session, ['0']);
    expect(back.session.current!.choices).toEqual(firstChoices);
    const home = await play(back.session, ['00']);
    expect(home.session.current!.name).toBe('home');
    expect(home.session.stack).toEqual([]);
  });

  it('treats 98 as an answer where no list continues (a quantity)', async () => {
    const { shopper, session } = await returningShopper();
    const { text } = await play(session, [null, 'tomatoes', '1', '1', '98']);
    expect(text).toContain('Added 98 kg Tomatoes');
    expect(await countCartItems(shop.deps, shopper.user._id)).toBe(98);
  });
});

describe('checkout', () => {
  it('places one order for a confirm answered twice (a retry on a stale copy of the session)', async () => {
    const { shopper, session } = await returningShopper();
    await createAddress(shop.deps, shopper.user._id, { description: 'Gate', city: 'Kigali', street: 'KG 1 Ave', district: 'Gasabo', phoneNumber: '0788000000' });
    await addToCart(shop.deps, shopper.user._id, { productId: 'tomatoes', quantity: 2 });
    // Cart, Checkout (numbered on after its one line), the address, the earliest delivery window.
    const confirm = await play(session, [null, '3', '2', '1', '1']);
    expect(confirm.text).toContain('Confirm order');
    const first = await play(confirm.session, ['1']);
    const again = await play(confirm.session, ['1']);
    expect(first.text).toMatch(/^END Order [A-Z0-9]{8} placed/);
    expect(again.text).toBe(first.text);
    const { orders } = await listOrders(shop.deps, shopper.user._id, { page: 1, limit: 10 });
    expect(orders).toHaveLength(1);
  });

  it('saves an address typed at checkout with the order: nothing while the shopper chooses, once on Confirm, answered twice', async () => {
    const { shopper, session } = await returningShopper();
    await addToCart(shop.deps, shopper.user._id, { productId: 'tomatoes', quantity: 2 });
    // Cart, Checkout (no saved address: straight to a new one), Nyarugenge, its sector, street, place, this phone.
    const windows = await play(session, [null, '3', '2', '3', 'Nyamirambo', 'KN 2 St', 'Yellow house', '1']);
    expect(windows.text).toContain('Choose a delivery time:');
    const confirm = await play(windows.session, ['1']);
    expect(confirm.text).toContain('To: KN 2 St, Nyarugenge');
    expect(await listAddresses(shop.deps, shopper.user._id)).toEqual([]);
    // Dropped here, the typed address is not saved; confirmed (twice: a retry), it is saved once, with the order.
    const first = await play(confirm.session, ['1']);
    const again = await play(confirm.session, ['1']);
    expect(again.text).toBe(first.text);
    const saved = await listAddresses(shop.deps, shopper.user._id);
    expect(saved).toMatchObject([{ street: 'KN 2 St', district: 'Nyarugenge', description: 'Yellow house', isDefault: true }]);
    const { orders } = await listOrders(shop.deps, shopper.user._id, { page: 1, limit: 10 });
    expect(orders).toHaveLength(1);
    expect(orders[0].address).toMatchObject({ _id: saved[0]._id, street: 'KN 2 St' });
  });
});

describe('the conversation around the engine', () => {
  it('reads only the new part of the gateway text, and answers a retry from the stored reply', async () => {
    const shopper = await shop.newVerifiedShopper();
    const conversation = createConversation(shop.deps, { store: memorySessionStore() });
    const phoneNumber = shopper.user.phoneNumber!;
    const turn = (text: string) => ussdTurn(conversation, { sessionId: 'retry', phoneNumber, text }, africasTalking);
    await turn('');
    await turn('1');
    await turn('1*tomatoes');
    await turn('1*tomatoes*1');
    await turn('1*tomatoes*1*1');
    const added = await turn('1*tomatoes*1*1*2');
    const retried = await turn('1*tomatoes*1*1*2');
    expect(retried).toEqual(added);
    expect(await countCartItems(shop.deps, shopper.user._id)).toBe(2);
  });

  it('answers a gateway retry that reaches another instance while the first is working once, as the first did', async () => {
    const shopper = await shop.newVerifiedShopper();
    // Two instances: each its own conversation and store, over the one database.
    const [a, b] = [0, 1].map(() => createConversation(shop.deps, { store: databaseSessionStore(shop.deps, { shared: true }) }));
    const sessionId = `across-${Math.random()}`;
    const turn = (instance: typeof a, text: string) => ussdTurn(instance, { sessionId, phoneNumber: shopper.user.phoneNumber!, text }, africasTalking);
    await turn(a, '');
    await turn(b, '1');
    await turn(a, '1*tomatoes');
    await turn(b, '1*tomatoes*1');
    await turn(a, '1*tomatoes*1*1');
    const [onA, onB] = await Promise.all([turn(a, '1*tomatoes*1*1*2'), turn(b, '1*tomatoes*1*1*2')]);
    expect(onB).toEqual(onA);
    expect(renderUssd(onA)).toContain('Added 2 kg Tomatoes');
    expect(await countCartItems(shop.deps, shopper.user._id)).toBe(2);
  });

  it("writes nothing of a new phone that hangs up on the language screen, and keeps its language once chosen", async () => {
    const conversation = createConversation(shop.deps, { store: memorySessionStore() });
    const phoneNumber = uniquePhone();
    const remembered = () => shop.deps.db.selectFrom('conversation_phones').select(['language', 'last_session_id']).where('phone_number', '=', phoneNumber).execute();
    await ussdTurn(conversation, { sessionId: 'hung-up', phoneNumber, text: '' }, africasTalking);
    expect(await remembered()).toEqual([]);
    await ussdTurn(conversation, { sessionId: 'chose', phoneNumber, text: '' }, africasTalking);
    await ussdTurn(conversation, { sessionId: 'chose', phoneNumber, text: '3' }, africasTalking);
    expect(await remembered()).toEqual([{ language: 'fr', last_session_id: 'ussd:chose' }]);
    // Dialled again, the phone is greeted in its language.
    expect(renderUssd(await ussdTurn(conversation, { sessionId: 'again', phoneNumber, text: '' }, africasTalking))).not.toContain('1. English');
  });

  it('splits a text into new inputs', () => {
    expect(newInputs(undefined, '')).toEqual([]);
    expect(newInputs(undefined, '1*tomatoes')).toEqual(['1', 'tomatoes']);
    expect(newInputs('1*tomatoes', '1*tomatoes*2')).toEqual(['2']);
    expect(newInputs('1', '5*3')).toEqual(['3']);
    // The very text answered last is the gateway retrying that request.
    expect(newInputs('1*tomatoes', '1*tomatoes')).toBeNull();
  });

  it('offers to resume within 10 minutes of an unfinished journey, not after', async () => {
    const shopper = await shop.newVerifiedShopper();
    let clock = Date.now();
    const conversation = createConversation(shop.deps, { store: memorySessionStore(), now: () => clock });
    const phoneNumber = shopper.user.phoneNumber!;
    const dial = (sessionId: string, text: string) => ussdTurn(conversation, { sessionId, phoneNumber, text }, africasTalking);
    await dial('a', '');
    await dial('a', '1*tomatoes*1');
    clock += RESUME_WINDOW_MS - 60_000;
    expect(renderUssd(await dial('b', ''))).toContain('1. Continue where you left off');
    expect(renderUssd(await dial('b', '1'))).toContain('Add to cart');
    clock += RESUME_WINDOW_MS + 60_000;
    expect(renderUssd(await dial('c', ''))).toContain('Welcome to Isoko!');
  });
});
