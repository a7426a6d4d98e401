// Track orders: the latest first with status and payment status; one order's lines and total.
import { formatFrw, toMinor } from '../../lib/money';
import type { Order } from '../../modules/orders/orders.schema';
import { orderNumber } from '../../modules/orders/orders.schema';
import { getOrder, listOrders } from '../../modules/orders/orders.service';
import { getProductsByIds } from '../../modules/catalog/catalog.service';
import type { Language, Translate } from '../i18n';
import type { ShopDeps } from '../../lib/deps';
import type { Screen } from '../types';
import { isAppError } from '../../lib/errors';
import { windowText } from './delivery-time';
import { accountId, invalidChoice, newState, productName, push, quantityText, refusalText, refuse, windowLimit, windowOf } from './helpers';
import { answerSubstitute } from '../../modules/orders/order-packing.service';
import { lineMinor } from '../../lib/quantities';
import { menuActions, menuChoice } from './menu';
import { askMomo, canPayAgain } from './momo';
import { deliverEveryWeek } from './weekly-basket';
import { reasonIn } from '../../modules/orders/momo-reasons';
import { localPhone } from '../../lib/phone';
import type { ScreenContext } from '../types';

/** The order's status and payment in the shopper's words, never the stored values ("pending/pending"). */
const statusWords = (order: Order, t: Translate) => ({
  status: t(`status.${order.status}`),
  payment: t(`payment.${order.paymentStatus}`),
});

/** The same, short, for a line of the list of orders: "to pack, unpaid". */
const shortStatusWords = (order: Order, t: Translate) => `${t(`statusShort.${order.status}`)}, ${t(`paymentShort.${order.paymentStatus}`)}`;

export const orders: Screen<'orders'> = {
  async render(ctx, state) {
    const { orders: latest, pagination } = await listOrders(ctx.deps, accountId(ctx), { page: 1, limit: windowLimit(state.offset, ctx.pageSize) });
    if (!pagination.total) return { title: ctx.t('orders.none') };
    const rows = latest.map((order) => {
      const asked = questionsOf(order).length;
      const question = asked ? ` ${ctx.t('order.questions', { count: asked })}` : '';
      return { value: order._id, label: orderNumber(order._id), detail: `${formatFrw(toMinor(order.total))} ${shortStatusWords(order, ctx.t)}${question}` };
    });
    return { title: ctx.t('orders.title'), hint: ctx.t('orders.hint'), ...windowOf(rows, pagination.total, state.offset, ctx.pageSize) };
  },

  async handle(ctx, _state, { choice, text }) {
    if (choice) return push('order', { id: choice });
    // The 8-character number from a receipt or SMS finds the order, even one far down the list.
    if (text && /^#?[A-Za-z0-9]{8}$/.test(text.trim())) {
      const found = await getOrder(ctx.deps, accountId(ctx), text).catch((error: unknown) => {
        if (isAppError(error) && error.status === 404) return undefined;
        throw error;
      });
      return found ? push('order', { id: found._id }) : refuse(ctx.t('order.gone'));
    }
    return invalidChoice(ctx);
  },
};

/**
 * What each line is called on this screen: an order keeps the English name it was placed under, so a
 * Kinyarwanda screen looks up the product's Kinyarwanda name (a product since deleted keeps the stored one).
 */
async function lineNames(deps: ShopDeps, placed: Order, language: Language | undefined): Promise<Map<string, string>> {
  if (language !== 'rw') return new Map();
  const products = await getProductsByIds(deps, placed.products.map((line) => line.productId));
  return new Map([...products].map(([id, product]) => [id, productName(product, language)]));
}

/** What the order's MoMo payment needs from the shopper now, if anything: approve, wait for MTN, why it failed. */
function momoLine(ctx: ScreenContext, found: Order): string | undefined {
  const request = found.momoRequest;
  if (!request || found.status === 'cancelled') return undefined;
  if (request.state === 'successful') return found.momoTransactionId ? ctx.t('order.momoPaid', { id: found.momoTransactionId }) : undefined;
  if (found.paymentStatus === 'completed') return undefined;
  if (request.state === 'waiting') return ctx.t('order.momoWaiting', { phone: localPhone(request.payerPhone) });
  // MTN may still ask the phone: never the pay code until MTN says the request ended (short: a USSD screen's last room).
  if (request.state === 'unconfirmed') return ctx.t('order.momoUnconfirmed');
  return found.paymentFailureReason ? ctx.t('order.momoFailed', { reason: reasonIn(ctx.session.language ?? 'en', found.paymentFailureReason) }) : undefined;
}

/**
 * Whether the order's screen names its delivery window (beside the number). On USSD a MoMo payment
 * that waits for the shopper (approve, failed, unconfirmed) takes that room: 182 characters hold
 * one of the two, and the payment is what the shopper must act on; once paid, the window shows.
 */
function withWindow(ctx: ScreenContext, found: Order, momoNote: string | undefined): boolean {
  if (!found.deliveryWindow) return false;
  return !ctx.channel.smallScreen || !momoNote || found.momoRequest?.state === 'successful';
}

/**
 * The timeline's latest step where it says more than the status: who is bringing the order, or why it
 * was not delivered and when it comes instead. Never the delivery code (a shared phone may read this).
 */
function wayLine(ctx: ScreenContext, found: Order): string[] {
  const step = found.timeline.at(-1);
  if (step?.step === 'on_the_way' && step.rider) return [ctx.t('order.onTheWay', { rider: step.rider.fullName, phone: localPhone(step.rider.phoneNumber) })];
  if (step?.step !== 'not_delivered') return [];
  const reason = step.reason ? ctx.t(`order.reason.${step.reason}`) : '';
  return [step.window ? ctx.t('order.notDelivered', { reason, window: windowText(ctx, step.window) }) : ctx.t('order.notDeliveredCall', { reason })];
}

export const order: Screen<'order'> = {
  async render(ctx, state) {
    const found = await getOrder(ctx.deps, accountId(ctx), state.data.id);
    const { status, payment } = statusWords(found, ctx.t);
    const note = momoLine(ctx, found);
    const names = await lineNames(ctx.deps, found, ctx.session.language);
    const lines = found.products.map((line) => ({ label: names.get(line.productId) ?? line.productName, detail: lineDetail(ctx, line) }));
    const asked = questionsOf(found);
    return {
      title: withWindow(ctx, found, note) ? ctx.t('order.titleWhen', { number: orderNumber(found._id), window: windowText(ctx, found.deliveryWindow!) }) : ctx.t('order.title', { number: orderNumber(found._id) }),
      lines: [
        ctx.t('order.status', { status }),
        ...wayLine(ctx, found),
        ctx.t('order.payment', { status: payment }),
        ctx.t('order.total', { total: formatFrw(toMinor(found.total)) }),
        ...(asked.length ? [ctx.t('order.questions', { count: asked.length })] : []),
      ],
      // Left out first when a small screen is full (a refusal on top): "Pay again" and the total never are.
      hint: note,
      ...windowOf(lines, lines.length, state.offset, ctx.pageSize),
      // 1 Pay again when its MoMo payment failed; 2 Deliver every week, which a full screen leaves out,
      // and which a USSD screen with a MoMo note does not show (the note keeps the room; the key works).
      // 3 Answer the question, while a proposed substitute waits for one.
      actions: menuActions('order', ctx.t, (chosen) => (chosen.key === '1' ? canPayAgain(ctx, found) : chosen.key === '3' ? asked.length > 0 : !ctx.channel.smallScreen || !note)).map((action) =>
        action.key === '2' ? { ...action, optional: true } : action,
      ),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('order', text);
    if (!chosen) return invalidChoice(ctx);
    if (chosen.to === 'basket-day') return deliverEveryWeek(ctx, state.data.id);
    const found = await getOrder(ctx.deps, accountId(ctx), state.data.id);
    if (chosen.to === 'order-question') {
      const [first] = questionsOf(found);
      return first ? push('order-question', { id: found._id, productId: first.productId }) : refuse(ctx.t('question.none'));
    }
    if (!canPayAgain(ctx, found)) return invalidChoice(ctx);
    try {
      return await askMomo(ctx, found, { placed: false });
    } catch (error) {
      const refusal = refusalText(error, ctx.t, ctx.session.language ?? 'en');
      if (refusal) return refuse(refusal);
      throw error;
    }
  },
};

type OrderLine = Order['products'][number];

/** 17:53 in Kigali: when the shop stops waiting for an answer. */
const kigaliClock = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Kigali', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** The lines whose proposed substitute waits for the shopper's answer. */
const questionsOf = (found: Order): OrderLine[] => found.products.filter((line) => line.substitutedBy?.answer === 'asked');

/** A line as ordered until packed; then "ordered, sent" (the substitute's name and what went in the bag) and its final price. */
function lineDetail(ctx: ScreenContext, line: OrderLine): string {
  const language = ctx.session.language;
  const ordered = quantityText(line.productQuantity, line.unit, language);
  if (line.packedQuantity === null || line.finalSubtotal === null) return `${ordered} ${formatFrw(toMinor(line.subtotal))}`;
  const sub = line.substitutedBy;
  const sentQuantity = sub?.answer === 'refused' ? 0 : line.packedQuantity;
  const sent = sub && sentQuantity > 0 ? `${quantityText(sentQuantity, sub.unit, language)} ${sub.productName}` : quantityText(sentQuantity, line.unit, language);
  return `${ctx.t('order.sent', { ordered, sent })} ${formatFrw(toMinor(line.finalSubtotal))}`;
}

/** "Cabbage is missing. Take Cherry tomatoes (2 packs) instead?": accept or refuse, while the shop waits. */
export const orderQuestion: Screen<'order-question'> = {
  async render(ctx, state) {
    const found = await getOrder(ctx.deps, accountId(ctx), state.data.id);
    const line = questionsOf(found).find((candidate) => candidate.productId === state.data.productId);
    if (!line?.substitutedBy) return { title: ctx.t('question.none') };
    const sub = line.substitutedBy;
    const packed = line.packedQuantity ?? 0;
    const own = formatFrw(lineMinor(toMinor(sub.price), packed));
    const orderedPrice = formatFrw(lineMinor(Math.min(toMinor(sub.price), toMinor(line.price)), packed));
    const price = toMinor(sub.price) > toMinor(line.price) ? ctx.t('question.dearer', { own, ordered: orderedPrice }) : ctx.t('question.price', { price: own });
    const until = sub.answerBy ? [ctx.t('question.until', { time: kigaliClock(new Date(sub.answerBy)) })] : [];
    return {
      title: ctx.t('question.title', { name: line.productName, substitute: sub.productName, quantity: quantityText(packed, sub.unit, ctx.session.language) }),
      lines: [price, ...until],
      actions: menuActions('order-question', ctx.t),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('order-question', text);
    if (!chosen) return invalidChoice(ctx);
    const accept = chosen.key === '1';
    try {
      const answered = await answerSubstitute(ctx.deps, accountId(ctx), state.data.id, { productId: state.data.productId, accept });
      const line = answered.products.find((candidate) => candidate.productId === state.data.productId);
      const notice = accept ? ctx.t('question.accepted', { substitute: line?.substitutedBy?.productName ?? '' }) : ctx.t('question.refused', { name: line?.productName ?? '' });
      return { type: 'go', unwindTo: 'order', how: 'replace', to: newState('order', { id: state.data.id }), notice };
    } catch (error) {
      if (isAppError(error) && error.status === 409) return { type: 'go', unwindTo: 'order', how: 'replace', to: newState('order', { id: state.data.id }), notice: ctx.t('question.late') };
      throw error;
    }
  },
};
