// The menu's fixed choices as data: the numbered choices each screen offers and where each one
// leads, with where a chosen list row and typed words lead. The screens show their choices from
// this table and follow it, so the whole menu can be printed (`npm run flows -- --map`) and a test
// can check that every choice leads somewhere that exists and every screen can be reached.
import { KIGALI_DISTRICTS } from '../../modules/addresses/addresses.schema';
import { catalogues, LANGUAGES, type MessageKey, type Params, type Translate } from '../i18n';
import type { ScreenName } from '../types';

/**
 * Steps the screens share, which end on one screen or another depending on the shopper: the
 * checkout (log in, a saved address or a new one), a new address saved (for checkout or the book),
 * the conversation's first screen, the journey a shopper left off, and the order placed (END).
 */
export const STEPS = {
  checkout: { title: 'Checkout', leadsTo: ['login-required', 'checkout-address', 'address-district'] },
  'address-saved': { title: 'Address saved', leadsTo: ['checkout-window', 'addresses'] },
  entry: { title: 'First screen', leadsTo: ['language', 'signup', 'resume', 'home'] },
  journey: { title: 'the screen the journey stopped on', leadsTo: [] },
  placed: { title: 'END Order placed', leadsTo: [] },
  // One weekly basket opens straight away; several are listed first.
  'weekly-basket': { title: 'My weekly basket', leadsTo: ['basket', 'baskets'] },
  'momo-requested': { title: 'END Approve the payment on your phone', leadsTo: [] },
} as const satisfies Record<string, { title: string; leadsTo: readonly ScreenName[] }>;

export type Step = keyof typeof STEPS;
export type Destination = ScreenName | Step;

export interface MenuChoice {
  key: string;
  /** The option's words: a catalogue message, or a name shown as it is (a language, a district). */
  label: MessageKey | { text: string };
  to: Destination;
  /** A guest choosing it is asked to log in first, with this message. */
  needsAccount?: MessageKey;
  /** Offered only sometimes (the cart's "Search products" when it is empty). */
  when?: string;
}

export interface MenuScreen {
  /** The screen as the map names it. */
  title: string;
  choices?: readonly MenuChoice[];
  /** Where choosing one of the screen's list rows (a product, an address, an order) leads. */
  rows?: Destination;
  /** Where typed words (a search, a name, a street, a quantity) lead. */
  typed?: Destination;
}

const choice = (key: number | string, label: MenuChoice['label'], to: Destination, more: Partial<MenuChoice> = {}): MenuChoice => ({
  key: String(key),
  label,
  to,
  ...more,
});

export const MENU: { [N in ScreenName]: MenuScreen } = {
  language: {
    title: 'Language',
    // Each language is named in itself, so a shopper finds theirs whatever is shown now.
    choices: LANGUAGES.map((code, index) => choice(index + 1, { text: catalogues[code]['language.name'] }, 'entry')),
  },
  signup: { title: 'Sign up', typed: 'entry' },
  resume: {
    title: 'Unfinished journey',
    choices: [choice(1, 'resume.continue', 'journey'), choice(2, 'resume.restart', 'home')],
  },
  home: {
    title: 'Home',
    choices: [
      choice(1, 'home.search', 'search-prompt'),
      choice(2, 'home.categories', 'categories'),
      choice(3, 'home.cart', 'cart', { needsAccount: 'login.page' }),
      choice(4, 'home.orders', 'orders', { needsAccount: 'login.page' }),
      choice(5, 'home.addresses', 'addresses', { needsAccount: 'login.page' }),
      choice(6, 'home.language', 'language'),
      // Shown first, with the basket's words and today's total; numbered 7 so the others keep their keys.
      choice(7, 'home.againShort', 'again-confirm', { needsAccount: 'login.page', when: 'the last order has something for sale today' }),
      choice(8, 'home.basket', 'weekly-basket', { needsAccount: 'login.page', when: 'the shopper has a weekly basket' }),
    ],
    typed: 'search-results',
  },
  'search-prompt': { title: 'Search', typed: 'search-results' },
  'search-results': {
    title: 'Results',
    choices: [
      choice(1, 'search.again', 'search-prompt', { when: 'nothing found' }),
      choice(9, 'search.again', 'search-prompt', { when: 'close names suggested' }),
    ],
    // A product; or, when nothing was found, a close name, which searches again.
    rows: 'product',
    typed: 'search-results',
  },
  categories: { title: 'Categories', rows: 'category' },
  category: { title: 'A category', rows: 'product' },
  product: { title: 'Product', choices: [choice(1, 'product.add', 'quantity', { needsAccount: 'login.addToCart' })] },
  quantity: { title: 'Quantity', typed: 'added' },
  added: {
    title: 'Added',
    choices: [choice(1, 'added.checkout', 'checkout'), choice(2, 'added.shopMore', 'home'), choice(3, 'added.cart', 'cart')],
  },
  cart: {
    title: 'My cart',
    choices: [
      choice(1, 'cart.shop', 'search-prompt', { when: 'empty' }),
      choice(8, 'cart.checkout', 'checkout', { when: 'not empty' }),
      choice(9, 'cart.clear', 'cart-clear', { when: 'not empty' }),
    ],
    rows: 'cart-line',
  },
  'cart-line': { title: 'A cart line', choices: [choice(1, 'cart.change', 'cart-quantity'), choice(2, 'cart.remove', 'cart')] },
  'cart-quantity': { title: 'New quantity', typed: 'cart' },
  'cart-clear': { title: 'Clear cart?', choices: [choice(1, 'cart.clearYes', 'cart')] },
  'checkout-address': { title: 'Deliver to', choices: [choice(9, 'address.addNew', 'address-district')], rows: 'checkout-window' },
  'address-district': {
    title: 'District',
    choices: KIGALI_DISTRICTS.map((district, index) => choice(index + 1, { text: district }, 'address-sector')),
  },
  // The district's sectors (the list the web's select offers), paged; a sector's name typed is taken too.
  'address-sector': { title: 'Sector', rows: 'address-street', typed: 'address-street' },
  'address-street': { title: 'Street', typed: 'address-description' },
  'address-description': { title: 'Landmark/description', typed: 'address-phone' },
  'address-phone': {
    title: 'Phone',
    // The caller's own number is offered when the conversation knows it; a number typed is taken too.
    choices: [choice(1, 'address.useCaller', 'address-saved', { when: 'number known' }), choice(2, 'address.otherPhone', 'address-phone-other', { when: 'number known' })],
    typed: 'address-saved',
  },
  'address-phone-other': { title: 'Another phone', typed: 'address-saved' },
  'checkout-confirm': {
    title: 'Confirm',
    choices: [
      choice(1, 'checkout.confirm', 'placed'),
      choice(2, 'checkout.payMomo', 'placed', { when: 'MoMo request-to-pay is on' }),
      choice(3, 'missing.change', 'checkout-missing'),
    ],
  },
  'checkout-missing': { title: 'If an item is missing', choices: [choice(1, 'missing.similar', 'checkout-confirm'), choice(2, 'missing.none', 'checkout-confirm')] },
  'checkout-window': { title: 'Delivery time', rows: 'checkout-confirm' },
  'again-confirm': {
    title: 'Order again',
    choices: [
      choice(1, 'checkout.confirm', 'placed'),
      choice(2, 'checkout.payMomo', 'placed', { when: 'MoMo request-to-pay is on' }),
      choice(3, 'again.changeAddress', 'checkout-address'),
      choice(4, 'again.changeTime', 'checkout-window'),
    ],
  },
  addresses: { title: 'My addresses', choices: [choice(9, 'address.addNew', 'address-district')], rows: 'address-detail' },
  'address-detail': {
    title: 'An address',
    choices: [choice(1, 'address.makeDefault', 'addresses', { when: 'not the default' }), choice(2, 'address.delete', 'addresses')],
  },
  orders: { title: 'Track orders', rows: 'order', typed: 'order' },
  order: {
    title: 'An order',
    choices: [
      choice(1, 'order.payAgain', 'momo-requested', { when: 'its MoMo payment failed' }),
      choice(2, 'order.weekly', 'basket-day'),
      choice(3, 'order.answer', 'order-question', { when: 'a substitute waits for an answer' }),
    ],
  },
  'order-question': { title: 'A substitute proposed', choices: [choice(1, 'question.accept', 'order'), choice(2, 'question.refuse', 'order')] },
  baskets: { title: 'My weekly baskets', rows: 'basket' },
  basket: {
    title: 'A weekly basket',
    choices: [
      choice(1, 'basket.skip', 'basket', { when: 'not paused (or: Undo the skip)' }),
      choice(2, 'basket.pause', 'basket', { when: 'or: Resume' }),
      choice(3, 'basket.change', 'basket-day'),
      choice(4, 'basket.stop', 'basket-stop'),
    ],
  },
  'basket-day': { title: 'Its weekday', rows: 'basket-time' },
  'basket-time': { title: 'Its time', rows: 'basket' },
  'basket-stop': { title: 'Stop it?', choices: [choice(1, 'basket.stopYes', 'home')] },
  'login-required': { title: 'Log in (chat)' },
};

export const isStep = (destination: Destination): destination is Step => destination in STEPS;

/** The choice's words in the shopper's language. */
export function choiceLabel(chosen: MenuChoice, t: Translate, params?: Params): string {
  return typeof chosen.label === 'string' ? t(chosen.label, params) : chosen.label.text;
}

/**
 * The screen's fixed choices as actions, in the shopper's language; `offered` leaves out the ones
 * not offered now, `params` fill the words ("Use {phone}").
 */
export function menuActions(name: ScreenName, t: Translate, offered: (chosen: MenuChoice) => boolean = () => true, params?: Params): { key: string; label: string }[] {
  return (MENU[name].choices ?? []).filter(offered).map((chosen) => ({ key: chosen.key, label: choiceLabel(chosen, t, params) }));
}

/** The fixed choice a typed key names on this screen, if any. */
export function menuChoice(name: ScreenName, text: string): MenuChoice | undefined {
  return MENU[name].choices?.find((chosen) => chosen.key === text);
}
