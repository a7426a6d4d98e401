// The WhatsApp channel against a fake Graph API: Meta's verification handshake, signed deliveries
// (a bad signature acts on nothing), replies within WhatsApp's limits, one action per message id,
// the sender's number as the shopper, and the route off without configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { renderWhatsApp } from '../../server/channels/whatsapp/render-whatsapp';
import type { Reply } from '../../server/conversation/types';
import { signBody } from '../../server/channels/whatsapp/signature';
import { messageProblems, startFakeGraphApi, whatsappEnv, type FakeGraphApi } from '../support/fake-graph-api';
import { newSession } from '../../server/conversation/engine';
import { decodePng } from '../support/png';
import { playUssd } from '../support/play-ussd';
import { createTestShop, uniquePhone, type TestShop } from '../support/test-app';

const APP_SECRET = 'whatsapp-test-app-secret-0123';
const VERIFY_TOKEN = 'whatsapp-test-verify-token-01';

let graph: FakeGraphApi;
let shop: TestShop;
beforeAll(async () => {
  graph = await startFakeGraphApi();
  shop = await createTestShop(whatsappEnv(graph, APP_SECRET, VERIFY_TOKEN));
});
afterAll(async () => {
  await shop.close();
  await graph.close();
});

let counter = 0;
function delivery(from: string, message: Record<string, unknown>, id = `wamid.test${Date.now()}${++counter}`) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: graph.phoneNumberId }, messages: [{ from, id, timestamp: '1', ...message }] } }] }],
  });
}

const text = (body: string) => ({ type: 'text', text: { body } });
const tap = (id: string) => ({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id, title: 'x' } } });

function post(raw: string, signature = signBody(raw, APP_SECRET)) {
  return shop.http.post('/whatsapp/webhook').set('Content-Type', 'application/json').set('X-Hub-Signature-256', signature).send(raw);
}

async function repliesTo(to: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (graph.sentTo(to).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return graph.sentTo(to);
}

const digits = (phone: string) => phone.slice(1);

describe('the webhook', () => {
  it("answers Meta's verification handshake with the challenge, and refuses a wrong token", async () => {
    const ok = await shop.http.get('/whatsapp/webhook').query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    const wrong = await shop.http.get('/whatsapp/webhook').query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' });
    expect(wrong.status).toBe(403);
  });

  it('refuses a delivery with a bad or missing signature with 401, and sends nothing', async () => {
    const from = digits(uniquePhone());
    const raw = delivery(from, text('hi'));
    expect((await post(raw, signBody(raw, 'another-secret-entirely'))).status).toBe(401);
    expect((await shop.http.post('/whatsapp/webhook').set('Content-Type', 'application/json').send(raw)).status).toBe(401);
    expect((await post(`${raw} `, signBody(raw, APP_SECRET))).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(graph.sentTo(from)).toEqual([]);
  });

  it('ignores status updates: 200, nothing sent', async () => {
    const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.x', status: 'read' }] } }] }] });
    const before = graph.received.length;
    expect((await post(raw)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(graph.received.length).toBe(before);
  });
});

describe('a shopper on WhatsApp', () => {
  it('is the web account with their number: buttons to choose the language, then the menu, then what the search found', async () => {
    const shopper = await shop.newVerifiedShopper();
    const from = digits(shopper.user.phoneNumber!);
    expect((await post(delivery(from, text('Hi')))).status).toBe(200);
    const [language] = await repliesTo(from, 1);
    expect(language.accepted).toBe(true);
    expect(language.body.interactive.type).toBe('button');
    expect(language.body.interactive.action.buttons.map((button: { reply: { title: string } }) => button.reply.title)).toEqual(['English', 'Kinyarwanda', 'Francais']);
    await post(delivery(from, tap('1')));
    const [, home] = await repliesTo(from, 2);
    expect(home.body.interactive.body.text).toContain('Welcome to Isoko!');
    expect(home.body.interactive.body.text).not.toContain('Enter your full name');
    await post(delivery(from, text('tomatoes')));
    const [, , results] = await repliesTo(from, 3);
    expect(results.problems).toEqual([]);
    const rows = results.body.interactive.action.sections[0].rows;
    expect(rows[0]).toEqual({ id: '1', title: 'Tomatoes', description: 'frw 800.00/kg' });
    // Found by name (and by a typo of a name), never only through a description: no Amaranth greens
    // or Green grams, whose descriptions mention tomato; all seven fit one list, so no "More" row.
    expect(rows.map((row: { title: string }) => row.title)).toEqual([
      'Tomatoes',
      'Cherry tomatoes',
      'Tree tomatoes',
      'Tomato paste',
      'Tomato ketchup',
      'Irish potatoes',
      'Sweet potatoes',
      'Back',
      'Home',
    ]);
  });

  it("sees a seed product's picture as PNG above its buttons, a link the shop serves", async () => {
    const shopper = await shop.newVerifiedShopper();
    const from = digits(shopper.user.phoneNumber!);
    for (const [index, message] of [text('hi'), tap('1'), text('tomatoes'), tap('1')].entries()) {
      await post(delivery(from, message));
      await repliesTo(from, index + 1);
    }
    const product = graph.sentTo(from)[3];
    expect(product.problems).toEqual([]);
    expect(product.body.interactive.body.text).toContain('Tomatoes');
    const link = new URL(product.body.interactive.header.image.link);
    // The shop's PUBLIC_BASE_URL (createTestShop's), and the PNG drawn beside the seed's SVG.
    expect(link.origin).toBe('http://isoko.test');
    expect(link.pathname).toBe('/images/products/tomatoes.png');
    const picture = await shop.http.get(link.pathname).buffer(true);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(decodePng(picture.body)).toMatchObject({ width: 400, height: 400 });
  });

  it('acts once on a delivery Meta sends twice', async () => {
    const shopper = await shop.newVerifiedShopper();
    const from = digits(shopper.user.phoneNumber!);
    for (const [index, message] of [text('hi'), tap('1'), text('tomatoes'), tap('1'), tap('1')].entries()) {
      await post(delivery(from, message));
      await repliesTo(from, index + 1);
    }
    const quantity = delivery(from, text('2'), `wamid.duplicate${Date.now()}`);
    await Promise.all([post(quantity), post(quantity)]);
    await repliesTo(from, 6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.sentTo(from)).toHaveLength(6);
    const cart = await shop.http.get('/api/cart').set(shopper.auth);
    expect(cart.body.cart.products).toEqual([expect.objectContaining({ quantity: 2, productId: expect.objectContaining({ productname: 'Tomatoes' }) })]);
  });
});

describe('typed text on WhatsApp', () => {
  /** The words a WhatsApp message shows: its body, and its list rows' or buttons' titles. */
  const shown = (message: any) => {
    const interactive = message.body.interactive;
    if (!interactive) return { text: message.body.text.body as string, choices: [] as string[] };
    const choices = interactive.type === 'list' ? interactive.action.sections.flatMap((section: any) => section.rows.map((row: any) => row.title)) : interactive.action.buttons.map((button: any) => button.reply.title);
    return { text: interactive.body.text as string, choices: choices as string[] };
  };

  it('reads stray spaces, capitals and invisible characters as USSD reads the plain keys', async () => {
    const shopper = await shop.newVerifiedShopper();
    const from = digits(shopper.user.phoneNumber!);
    // Typed by hand on a phone: the language button's words in capitals, a key between spaces with a
    // zero-width space, a product name in capitals with a NUL and a no-break space, Home padded.
    const typed = ['Hi', '  ENGLISH ', '\u200b 1 ', ' TOMATOES\u0000\u00a0', '  00  '];
    for (const [index, message] of typed.entries()) {
      expect((await post(delivery(from, text(message)))).status).toBe(200);
      await repliesTo(from, index + 1);
    }
    const [, home, prompt, results, homeAgain] = graph.sentTo(from).map(shown);

    // The same journey on USSD, keyed plainly: English, Search, tomatoes.
    const ussd = newSession({ id: `ussd-typed-${from}`, channel: 'ussd', phone: shopper.user.phoneNumber! });
    const ussdPrompt = await playUssd(shop.deps, ussd, [null, '1', '1']);
    const ussdResults = await playUssd(shop.deps, ussdPrompt.session, ['tomatoes']);

    expect(home.text).toContain('Welcome to Isoko!');
    expect(ussdPrompt.text).toContain(prompt.text.split('\n')[0]);
    expect(results.choices[0]).toBe('Tomatoes');
    // The same products in the same order (USSD fits fewer on a screen, and may shorten a name).
    const ussdNames = [...ussdResults.text.matchAll(/^\d\. (.+?) frw/gm)].map((match) => match[1].replace(/\.$/, ''));
    expect(ussdNames[0]).toBe('Tomatoes');
    expect(ussdNames.length).toBeGreaterThan(1);
    ussdNames.forEach((name, index) => expect(results.choices[index].startsWith(name)).toBe(true));
    expect(homeAgain.text).toContain('Welcome to Isoko!');
  });
});

describe('the WhatsApp renderer', () => {
  const base: Reply = { title: 'Tomatoes', lines: ['frw 800.00/kg'], list: [], options: [], end: false };
  const product = { id: 'p1', name: 'Tomatoes', price: 1000, offerPrice: 800, unit: 'kg', image: '/images/products/tomatoes.png', description: 'Red', inStock: true };

  it('shows a product with reply buttons and its picture as the header', () => {
    const reply: Reply = { ...base, product, options: [{ key: '1', label: 'Add to cart', kind: 'action' }, { key: '0', label: 'Back', kind: 'nav' }, { key: '00', label: 'Home', kind: 'nav' }] };
    const content = renderWhatsApp(reply, { language: 'en', publicBaseUrl: 'https://shop.example.rw' });
    expect(content).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'image', image: { link: 'https://shop.example.rw/images/products/tomatoes.png' } },
        body: { text: 'Tomatoes\nfrw 800.00/kg' },
        action: { buttons: [{ type: 'reply', reply: { id: '1', title: 'Add to cart' } }, { type: 'reply', reply: { id: '0', title: 'Back' } }, { type: 'reply', reply: { id: '00', title: 'Home' } }] },
      },
    });
    expect(messageProblems({ messaging_product: 'whatsapp', to: '250788000000', ...content })).toEqual([]);
    // No public address: no header.
    expect(renderWhatsApp(reply, { language: 'en' })).not.toHaveProperty('interactive.header');
  });

  it("shows the shop's SVG drawings by their PNG, a JPEG or PNG upload as it is, and a WebP upload without a header", () => {
    const options: Reply['options'] = [{ key: '1', label: 'Add to cart', kind: 'action' }, { key: '0', label: 'Back', kind: 'nav' }];
    const header = (image: string) => (renderWhatsApp({ ...base, product: { ...product, image }, options }, { language: 'en', publicBaseUrl: 'https://shop.example.rw' }) as any).interactive.header;
    expect(header('/images/products/tomatoes.svg')).toEqual({ type: 'image', image: { link: 'https://shop.example.rw/images/products/tomatoes.png' } });
    expect(header('/uploads/a1b2c3.jpg')).toEqual({ type: 'image', image: { link: 'https://shop.example.rw/uploads/a1b2c3.jpg' } });
    expect(header('/uploads/a1b2c3.png').image.link).toBe('https://shop.example.rw/uploads/a1b2c3.png');
    expect(header('https://cdn.example.rw/tomatoes.jpeg').image.link).toBe('https://cdn.example.rw/tomatoes.jpeg');
    // WhatsApp's headers take JPEG and PNG only: a WebP upload, or an SVG from elsewhere, shows none.
    expect(header('/uploads/a1b2c3.webp')).toBeUndefined();
    expect(header('https://cdn.example.rw/tomatoes.svg')).toBeUndefined();
  });

  it('cuts long names to 24 characters and gives them whole in the description; text when nothing is to be chosen', () => {
    const long = 'Organic sweet potato leaves from Musanze';
    const reply: Reply = { ...base, list: [{ key: '1', label: long, detail: 'frw 300.00/bunch' }], options: [{ key: '0', label: 'Back', kind: 'nav' }] };
    const content = renderWhatsApp(reply, { language: 'en' }) as any;
    expect(content.interactive.type).toBe('list');
    expect(content.interactive.action.sections[0].rows[0]).toEqual({ id: '1', title: 'Organic sweet potato le.', description: `${long} frw 300.00/bunch` });
    expect(messageProblems({ messaging_product: 'whatsapp', to: '250788000000', ...content })).toEqual([]);
    expect(renderWhatsApp({ ...base, prompt: 'Enter your full name:' }, { language: 'en' })).toEqual({ type: 'text', text: { body: 'Tomatoes\nfrw 800.00/kg\nEnter your full name:' } });
  });

  it('the fake refuses what Meta refuses', () => {
    const rows = Array.from({ length: 11 }, (_, index) => ({ id: String(index), title: 'x'.repeat(25) }));
    const problems = messageProblems({ messaging_product: 'whatsapp', to: '250788000000', type: 'interactive', interactive: { type: 'list', body: { text: 'b' }, action: { button: 'x'.repeat(21), sections: [{ rows }] } } });
    expect(problems).toEqual(expect.arrayContaining(['action.button: 1 to 20 characters', 'rows: 1 to 10 in all (got 11)', expect.stringContaining('row.title')]));
  });
});

describe('configuration', () => {
  it('is off without the WHATSAPP_ variables, and names the missing ones when only some are set', () => {
    expect(loadConfig({}).whatsapp).toBeUndefined();
    expect(() => loadConfig({ WHATSAPP_ACCESS_TOKEN: 'a-long-enough-access-token' })).toThrow(/WHATSAPP_APP_SECRET=.*set all four WHATSAPP_ variables, or none/);
    expect(loadConfig(whatsappEnv(graph, APP_SECRET, VERIFY_TOKEN)).whatsapp).toMatchObject({ graphUrl: graph.url, phoneNumberId: graph.phoneNumberId });
  });
});
