// A reply as chat: message bubbles plus quick-reply buttons. The button's key is what the widget
// sends back (the same keys the USSD menu numbers), its label the option's words. A product in a
// list comes as a card carrying its own button, so a page can offer ten products and still keep
// Back and Home; a product page and the cart come as cards too, and a placed order as a link.
import { translator, type Language } from '../../conversation/i18n';
import type { ChannelFace, ChannelLimits, ListRow, Reply } from '../../conversation/types';
import type { ChatTurn } from './chat-turn.schema';

export const CHAT_MAX_OPTIONS = 10;
export const CHAT_LABEL_MAX = 24;
/** Products a chat page shows at most. */
export const CHAT_PAGE_SIZE = 10;

/** What a turn shows in chat: the shape POST /api/chat's reply schema is built on (the one source). */
export type ChatReply = ChatTurn;
type ChatMessage = ChatReply['messages'][number];
type ChatOption = ChatReply['options'][number];

export function chatLabel(label: string): string {
  return label.length <= CHAT_LABEL_MAX ? label : `${label.slice(0, CHAT_LABEL_MAX - 1).trimEnd()}.`;
}

const rowText = (row: ListRow) => (row.detail ? `${row.label} ${row.detail}` : row.label);

/** Rows that show as cards (products with a key), and the rest, which stay lines and buttons. */
const isCardRow = (row: ListRow) => Boolean(row.key && row.product);

/** Quick replies of a reply: the non-card rows, then the screen's actions and Back/Home/More. */
function quickReplies(reply: Reply): ChatOption[] {
  return [
    ...reply.list.flatMap((row) => (row.key && !isCardRow(row) ? [{ key: row.key, label: chatLabel(row.label) }] : [])),
    ...reply.options.map((option) => ({ key: option.key, label: chatLabel(option.label) })),
  ];
}

/** A chat page: ten products as cards, as many other rows as leave every button on screen. */
export const chatLimits: ChannelLimits = {
  pageSize: CHAT_PAGE_SIZE,
  fits: (reply) => quickReplies(reply).length <= CHAT_MAX_OPTIONS,
  flags: { callerIsPhone: false, holdsLine: false, smallScreen: false, choicesAreLines: false },
};

/** The words a chat card shows around its data (a button, a stock line), in the conversation's language. */
function cardWords(language: Language) {
  const t = translator(language);
  return {
    product: { choose: t('chat.choose'), outOfStock: t('product.outOfStock'), now: t('chat.now'), was: t('chat.was') },
    cart: t('chat.yourCart'),
    order: (number: string) => ({ see: t('chat.seeOrder', { number }), or: t('chat.or'), track: t('chat.trackOrders') }),
  };
}

export function renderChat(reply: Reply, language: Language = 'en'): ChatReply {
  const words = cardWords(language);
  const messages: ChatMessage[] = [];
  const note = reply.error ?? reply.notice;
  if (note) messages.push({ text: note });
  const lines = reply.list.filter((row) => !isCardRow(row)).map(rowText);
  const body = [reply.title, ...reply.lines, ...(reply.hint ? [reply.hint] : []), ...lines, ...(reply.prompt ? [reply.prompt] : [])];
  messages.push({ text: body.join('\n') });
  if (reply.product) messages.push({ text: `${reply.product.name}: ${reply.product.description}`, card: { type: 'product', ...reply.product, words: words.product } });
  for (const row of reply.list.filter(isCardRow)) {
    messages.push({ text: rowText(row), card: { type: 'product', key: row.key, ...row.product!, words: words.product } });
  }
  if (reply.cart) messages.push({ text: reply.cart.summary, card: { type: 'cart', ...reply.cart, title: words.cart } });
  return {
    messages,
    options: quickReplies(reply).slice(0, CHAT_MAX_OPTIONS),
    end: reply.end,
    ...(reply.cartChanged ? { cartChanged: true } : {}),
    ...(reply.order ? { order: { ...reply.order, words: words.order(reply.order.number) } } : {}),
  };
}

/** Chat lets a shopper type a button's words ("Back", "My cart") or a product's name instead of tapping it. */
export function keyForTypedLabel(reply: Reply | undefined, text: string): string {
  if (!reply) return text;
  const wanted = text.trim().toLowerCase();
  const option = quickReplies(reply).find((candidate) => candidate.label.toLowerCase() === wanted);
  if (option) return option.key;
  const card = reply.list.find((row) => isCardRow(row) && row.label.toLowerCase() === wanted);
  return card?.key ?? text;
}

/** The chat as the conversation sees it: its page limits, and button words typed instead of tapped. */
export const chatFace: ChannelFace = { limits: chatLimits, keyFor: keyForTypedLabel };
