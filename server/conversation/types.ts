// The shapes the engine, its screens and the channel renderers share. A reply is data, never
// channel text: each channel decides how a title, a list and options look.
import type { ShopDeps } from '../lib/deps';
import type { OrderChannel } from '../modules/orders/order-lists.schema';
import type { OrderAddress } from '../modules/orders/orders.service';
import type { Language, MessageKey, Translate } from './i18n';

/** The channels a conversation runs on: the order channels (orders.schema.ts) that are not the web's page or the shop's own. */
export const CONVERSATION_CHANNELS = ['ussd', 'chat', 'whatsapp'] as const satisfies readonly OrderChannel[];
export type ChannelName = (typeof CONVERSATION_CHANNELS)[number];

/**
 * What a channel is, where a screen must know it. The engine and the screens read these, never the
 * channel's name: a new channel says what it is here and every rule follows.
 */
export interface ChannelFlags {
  /**
   * The caller is their phone number (USSD, WhatsApp): a new phone chooses its language first, an
   * unknown number signs up, and the number finds the account. Chat knows a shopper by signing in.
   */
  callerIsPhone: boolean;
  /** The session holds the phone's line (USSD): MTN's PIN prompt can come only once it ends, so a MoMo request is asked for after it. */
  holdsLine: boolean;
  /** A screen of a few lines (USSD's 182 characters): a payment note takes the room of the delivery window and of an optional choice. */
  smallScreen: boolean;
  /** A choice is a numbered line of text, not a button of a few words: it can carry a whole label ("7. Order again: Tomatoes +1 frw 3,400.00"). */
  choicesAreLines: boolean;
}

/**
 * What a channel can show, handed to the engine so a page holds as many rows as that channel allows
 * (USSD: what fits 182 characters; chat and WhatsApp: ten).
 */
export interface ChannelLimits {
  /** Most list rows a page offers; a screen that reserves keys (8, 9) offers fewer. */
  pageSize: number;
  /**
   * Whether a composed reply fits the channel with its list names whole ('whole'), cut at whole words no
   * shorter than still reads well ('readable') or, when nothing else fits, no shorter than still tells
   * entries apart ('short').
   */
  fits(reply: Reply, names: 'whole' | 'readable' | 'short'): boolean;
  /** What the channel is, for the rules that depend on it. */
  flags: ChannelFlags;
}

/** What a channel hands the conversation on every turn: its limits, and how it reads typed words. */
export interface ChannelFace {
  limits: ChannelLimits;
  /** The key that typed words name on the reply last shown (chat's "Back" is 0), else the words themselves. */
  keyFor?(lastReply: Reply, text: string, language: Language): string;
}

/** An order placed minutes ago with the same products as the one being confirmed: its id, number and how long ago. */
export interface TwinOrder {
  id: string;
  number: string;
  minutesAgo: number;
}

/** A new address as its steps gather it: for checkout, or for the address book. */
interface AddressDraft {
  purpose: 'checkout' | 'book';
}

/**
 * Where a conversation's checkout delivers: a saved address, or the one just typed for this order,
 * saved with the order when it is placed (placeOrder's own choice).
 */
export type CheckoutAddress = OrderAddress;

/**
 * Every screen by name, with the data its state carries (what it was opened with). A state's data
 * is known from its name: `state.name === 'product'` means `state.data.id` is a product id.
 */
export interface ScreenDataMap {
  language: { first?: boolean };
  signup: Record<string, never>;
  resume: Record<string, never>;
  home: Record<string, never>;
  'search-prompt': Record<string, never>;
  'search-results': { query: string };
  categories: Record<string, never>;
  category: { id: string };
  product: { id: string };
  quantity: { id: string };
  /** What was just added, as the notice words it. */
  added: { id: string; name: string; amount: string };
  cart: Record<string, never>;
  'cart-line': { id: string };
  'cart-quantity': { id: string };
  'cart-clear': Record<string, never>;
  'checkout-address': Record<string, never>;
  'address-district': AddressDraft;
  /** The district's sectors, chosen from the list or typed. */
  'address-sector': AddressDraft & { district: string };
  'address-street': AddressDraft & { district: string; sector?: string };
  'address-description': AddressDraft & { district: string; sector?: string; street: string };
  'address-phone': AddressDraft & { district: string; sector?: string; street: string; description: string };
  'address-phone-other': AddressDraft & { district: string; sector?: string; street: string; description: string };
  /** The delivery window for the order going to this address: the next free windows as choices. */
  'checkout-window': CheckoutAddress;
  /**
   * key: the order's idempotency key, made once when the screen is opened. windowId: the delivery window
   * chosen. twin: the order of the last 10 minutes with the same products, which the screen warns of
   * (Confirm then orders it again; a newer twin is warned of first).
   */
  'checkout-confirm': CheckoutAddress & { key: string; windowId?: string; twin?: TwinOrder };
  /** "If an item is missing": one choice for the whole cart, back to Confirm after. */
  'checkout-missing': CheckoutAddress & { key: string; windowId?: string; twin?: TwinOrder };
  /**
   * "Order again": an earlier order's lines placed as they sell today, in one confirmation. The
   * address and window are the default and the earliest free when it opens, until changed; leftOut
   * names the products the shopper was told are left out (so Confirm never drops one silently), and
   * cuts how many of a line stock could give when the shopper was told (so Confirm never orders fewer unsaid).
   */
  'again-confirm': { orderId: string; key: string; addressId?: string; windowId?: string; leftOut?: string[]; cuts?: Record<string, number>; twin?: TwinOrder };
  /** Weekly baskets: the shopper's, one of them, choosing its day and time, stopping it. */
  baskets: Record<string, never>;
  basket: { id: string };
  /** id: the basket whose day changes; orderId: the order a new basket is made from. */
  'basket-day': { id?: string; orderId?: string };
  'basket-time': { id?: string; orderId?: string; weekday: number };
  'basket-stop': { id: string };
  addresses: Record<string, never>;
  'address-detail': { id: string };
  orders: Record<string, never>;
  order: { id: string };
  /** A substitute the packer proposes for one of the order's lines, to accept or refuse. */
  'order-question': { id: string; productId: string };
  /** retry: the input that asked, played again once the guest has signed in. */
  'login-required': { message: MessageKey; retry?: string };
}

export type ScreenName = keyof ScreenDataMap;

/** A screen Back-to-by-name may open afresh: one that needs no data. */
export type ReturnableScreen = 'cart' | 'addresses';

/** Where the shopper is on one screen: its inputs, and what it last showed (to read a choice). */
export interface StateOf<N extends ScreenName> {
  name: N;
  data: ScreenDataMap[N];
  /** Index of the first list entry shown (lists page with "More"). */
  offset: number;
  /** The values behind the numbered list entries last shown: entry n is choices[n-1]. */
  choices: string[];
  /** How many list entries the last rendering showed, so "More" knows where the next page starts. */
  shown: number;
  /** Whether the list continues past what was shown. */
  more: boolean;
  /**
   * The numbers the screen's choices were shown under, when they differ from the menu table's keys
   * (shown -> table key): numbers run on from the list without gaps ("1. Confirm 2. Change address"
   * when "Pay now with MoMo" is not offered), and a typed number is read back as the table's key.
   */
  keys?: Record<string, string>;
}

/** Where the shopper is: one screen with its inputs, told apart by its name. */
export type ScreenState = { [N in ScreenName]: StateOf<N> }[ScreenName];

export interface Session {
  id: string;
  channel: ChannelName;
  /** The caller's number (+250...) on USSD; the signed-in user's number on chat, when they have one. */
  phone?: string;
  userId?: string;
  /** Unset on a phone that has never chosen: the first screen asks. */
  language?: Language;
  current?: ScreenState;
  /** The screens under the current one, for Back. */
  stack: ScreenState[];
  /** An unfinished journey of this phone (under 10 minutes old), offered on the first screen. */
  resumable?: { current: ScreenState; stack: ScreenState[] };
  ended: boolean;
  /** USSD: the gateway's text of the last request answered, from which its adapter reads the new part. */
  consumedText?: string;
  /** The last reply, answered again when a gateway retries the same request. */
  lastReply?: Reply;
  createdAt: number;
  updatedAt: number;
}

/** One entry of a list; with a key it can be chosen, without one it is information (an order line). */
export interface ListRow {
  key?: string;
  label: string;
  /** Kept whole when space is short (a price); the label is shortened first. */
  detail?: string;
  /** A label that is never shortened (a delivery window: a cut time means nothing); fewer rows show instead. */
  whole?: boolean;
  /**
   * The label is these entries joined by ", " ("Tomatoes 2 kg, Carrots 3 kg"): shortened, it keeps its
   * first whole entries and says how many more ("Tomatoes 2 kg +1"), never half an entry.
   */
  items?: string[];
  /** What the entries come to when not even the first fits ("2 products"): said rather than cut. */
  brief?: string;
  /** A row that only adds to what the screen says: a full USSD screen leaves it out rather than page. */
  optional?: boolean;
  /** The product behind the row, for a channel that shows pictures (USSD ignores it). */
  product?: ProductCard;
}

/** A product as a card shows it: prices in frw, the offer when there is one. */
export interface ProductCard {
  id: string;
  name: string;
  price: number;
  offerPrice?: number;
  unit: string;
  image: string;
  description: string;
  inStock: boolean;
  /** "Only 3 trays left", in the conversation's language: only while the product runs low. */
  left?: string;
}

/** The cart as a summary card shows it. */
export interface CartCard {
  items: number;
  /** frw */
  total: number;
  /** The count and total in the conversation's language ("2 items: frw 1,600.00", "Ibintu 2: ..."). */
  summary: string;
  /** A line stock cannot sell carries why ("Out of stock", "Only 2 kg left"), comes after the others and is left out of the total. */
  lines: { name: string; quantity: string; total: number; image: string; note?: string }[];
}

export interface ReplyOption {
  key: string;
  label: string;
  /** A shorter label USSD shows when the whole one does not fit ("Order again" without its basket). */
  short?: string;
  /** USSD may leave it out of a full screen (its key still works): an offer, not the menu itself. */
  optional?: boolean;
  /** action: numbered menu entry; nav: Back/Home/More; link: only a channel with links shows it. */
  kind: 'action' | 'nav' | 'link';
}

export interface Reply {
  /** One short line above the screen: why the input was refused. */
  error?: string;
  /** One short line above the screen: what just happened ("Quantity updated"). */
  notice?: string;
  title: string;
  lines: string[];
  /** A helpful line a small screen may leave out ("Type a product name or choose:"). */
  hint?: string;
  list: ListRow[];
  /** Asks for free text (a name, a street); its answer is the next input. */
  prompt?: string;
  options: ReplyOption[];
  end: boolean;
  /** The product this screen is about (a product page). */
  product?: ProductCard;
  /** The cart this screen shows. */
  cart?: CartCard;
  /** The order this turn placed, so a channel with links can point to it. */
  order?: { id: string; number: string };
  /** This turn changed the shopper's cart: other faces showing it should read it again. */
  cartChanged?: boolean;
}

/** A list row as a screen gives it: the value is what choosing it means (a product id). */
export interface ViewRow {
  value?: string;
  label: string;
  detail?: string;
  whole?: boolean;
  /** The label's entries, when it is a list of them (ListRow.items), their brief form (ListRow.brief), and ListRow.optional. */
  items?: string[];
  brief?: string;
  optional?: boolean;
  product?: ProductCard;
}

/** What a screen shows, before the engine numbers the list, fits it and adds Back/Home/More. */
export interface ScreenView {
  title: string;
  lines?: string[];
  hint?: string;
  /** Candidate rows from the state's offset; the engine shows as many as fit. */
  rows?: ViewRow[];
  /** Whether the list goes on after the candidate rows. */
  rowsContinue?: boolean;
  actions?: { key: string; label: string; short?: string; optional?: boolean; kind?: 'action' | 'link' }[];
  prompt?: string;
  /** A first-contact screen (language, sign-up, resume) offers no Back/Home. */
  noNav?: boolean;
  product?: ProductCard;
  cart?: CartCard;
}

export interface ScreenContext {
  deps: ShopDeps;
  /** Read only: a screen changes the session by the outcome it returns, which the engine applies. */
  session: Readonly<Omit<Session, 'stack'>> & { readonly stack: readonly ScreenState[] };
  t: Translate;
  /** Most rows a page offers on this channel. */
  pageSize: number;
  /** What the channel is (a phone's line, a small screen…): a screen asks these, never the channel's name. */
  channel: ChannelFlags;
  /** The shopper's account was made this step: the screen need not ask what it holds (nothing yet). */
  accountMade?: boolean;
}

/** The shopper's input as a screen receives it: the text, and the list value if it named a row. */
export interface ScreenInput {
  text: string;
  choice?: string;
}

/** What a screen may change about the session besides where it is: who is speaking, in which language. */
export interface SessionChanges {
  language?: Language;
  userId?: string;
  /** The unfinished journey offered on the first screen is declined: it is not offered again. */
  dropJourney?: boolean;
}

/** What a screen asks of the engine after an input; the engine alone applies it to the session. */
export type Outcome =
  | {
      type: 'go';
      to: ScreenState;
      /** push: Back returns here; replace: this screen is done; reset: a fresh start (home). */
      how: 'push' | 'replace' | 'reset';
      /** First drop back to the nearest screen of this name (e.g. the cart after a change). */
      unwindTo?: ScreenName;
      notice?: string;
      cartChanged?: boolean;
      set?: SessionChanges;
    }
  | { type: 'return'; to: ReturnableScreen; notice?: string; cartChanged?: boolean }
  | { type: 'stay'; error?: string; notice?: string }
  /** The conversation's first screen afresh (language, sign-up, resume or home), after any changes. */
  | {
      type: 'enter';
      notice?: string;
      set?: SessionChanges;
      /** The account was made this step (a sign-up): it has no cart, orders or baskets to ask about yet. */
      accountMade?: boolean;
    }
  /** The unfinished journey offered on the first screen, taken up where it stopped. */
  | { type: 'resume' }
  /** The screen under this one (0 Back). */
  | { type: 'back' }
  | { type: 'end'; text: string; order?: { id: string; number: string }; cartChanged?: boolean };

export interface Screen<N extends ScreenName = ScreenName> {
  render(ctx: ScreenContext, state: StateOf<N>): Promise<ScreenView>;
  handle(ctx: ScreenContext, state: StateOf<N>, input: ScreenInput): Promise<Outcome>;
}
