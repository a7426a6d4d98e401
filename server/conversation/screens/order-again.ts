// "Order again": the home screen offers the shopper's last basket at today's prices, and
// one confirmation places it: dial, choose, Confirm. The lines are the earlier order's that sell today
// (the rest named); the address is the default one and the window the earliest free one, each with a
// way to change it. The cart is left as it is.
import { randomUUID } from 'node:crypto';
import { isAppError } from '../../lib/errors';
import { formatFrw, toMinor } from '../../lib/money';
import type { Address } from '../../modules/addresses/addresses.schema';
import { listAddresses } from '../../modules/addresses/addresses.service';
import type { DeliveryWindow } from '../../modules/delivery/delivery.schema';
import { WINDOW_UNAVAILABLE } from '../../modules/delivery/delivery.service';
import { orderNumber, type Order } from '../../modules/orders/orders.schema';
import { placeOrder, recentTwinOrder } from '../../modules/orders/orders.service';
import { nowOf } from '../../lib/deps';
import { confirmTitle, twinOf, twinRefusing, warnedAgain } from './twin-order';
import type { SkippedLine } from '../../modules/reorder/reorder.schema';
import { basketOf, lastBasket, type Basket, type BasketLine } from '../../modules/reorder/reorder.service';
import type { Language, Translate } from '../i18n';
import type { Outcome, Screen, ScreenContext, ScreenDataMap } from '../types';
import { addressLabel } from './checkout';
import { chosenOrNext, freeWindows, slotText, windowsAhead, windowText } from './delivery-time';
import { localNameIn } from '../../lib/local-name';
import { accountId, invalidChoice, newState, push, quantityText, refuse, shortLinesText } from './helpers';
import { shortagesOf } from '../../modules/stock/stock.service';
import { menuActions, menuChoice } from './menu';
import { askMomo, momoOffered } from './momo';

/** The home screen's words for a basket stay this short, so its line fits a USSD screen whole. */
const BASKET_WORDS_MAX = 22;

const lineName = (line: Pick<BasketLine, 'name' | 'localName'>, language: Language | undefined) => localNameIn(line, language) ?? line.name;

/**
 * "Tomatoes, Carrots +1": the first names that fit, and how many more. Names are whole, the first too
 * when it is long: a line too long for a USSD screen shows "Order again" alone instead.
 */
export function basketWords(lines: readonly Pick<BasketLine, 'name' | 'localName'>[], language: Language | undefined): string {
  const names = lines.map((line) => lineName(line, language));
  let words = names[0];
  let shown = 1;
  while (shown < names.length && `${words}, ${names[shown]}`.length <= BASKET_WORDS_MAX) words = `${words}, ${names[shown++]}`;
  return shown < names.length ? `${words} +${names.length - shown}` : words;
}

/** ["Tomatoes 2 kg", "Carrots 3 kg"]: each line with its quantity and unit. */
const lineTexts = (lines: readonly BasketLine[], language: Language | undefined) => lines.map((line) => `${lineName(line, language)} ${quantityText(line.quantity, line.unit, language)}`);

const skippedText = (skipped: readonly SkippedLine[], t: Translate) =>
  skipped.map((line) => `${line.productName} (${t(line.reason === 'out_of_stock' ? 'again.outOfStock' : 'again.notSold')})`).join(', ');

/** "Tomatoes 1 of 2 kg": the lines stock has fewer of than the earlier order had. */
const lessText = (lines: readonly BasketLine[], t: Translate, language: Language | undefined) =>
  lines
    .filter((line) => line.wanted !== undefined)
    .map((line) => t('again.lessLine', { name: lineName(line, language), count: line.quantity, quantity: quantityText(line.wanted!, line.unit, language) }))
    .join(', ');

/** How many of each cut line the shopper is told of. */
const cutsOf = (lines: readonly BasketLine[]): Record<string, number> | undefined => {
  const cut = lines.filter((line) => line.wanted !== undefined);
  return cut.length ? Object.fromEntries(cut.map((line) => [line.productId, line.quantity])) : undefined;
};

/** The home screen's "Order again" line, when the last order has something for sale today. */
export async function againOffer(ctx: ScreenContext): Promise<{ label: string; basket: Basket } | undefined> {
  if (!ctx.session.userId) return undefined;
  const basket = await lastBasket(ctx.deps, ctx.session.userId);
  if (!basket?.lines.length) return undefined;
  return { basket, label: ctx.t('home.again', { basket: basketWords(basket.lines, ctx.session.language), total: formatFrw(basket.totalMinor) }) };
}

const defaultAddress = (saved: Address[]) => saved.find((address) => address.isDefault) ?? saved[0];

/**
 * Choosing "Order again" on the home screen: its confirmation, with the idempotency key made once
 * here, the default address and the earliest free window.
 */
export async function openAgain(ctx: ScreenContext): Promise<Outcome> {
  const offer = await againOffer(ctx);
  if (!offer) return invalidChoice(ctx);
  const [saved, [earliest]] = await Promise.all([listAddresses(ctx.deps, accountId(ctx)), freeWindows(ctx)]);
  const address = defaultAddress(saved);
  const leftOut = offer.basket.skipped.map((line) => line.productId);
  // Ordered again minutes after the last time (the same products): warned of before Confirm.
  const twin = twinOf(await recentTwinOrder(ctx.deps.db, accountId(ctx), offer.basket.lines, nowOf(ctx.deps)));
  const cuts = cutsOf(offer.basket.lines);
  return {
    type: 'go',
    how: 'push',
    to: newState('again-confirm', {
      orderId: offer.basket.orderId,
      key: `conversation:${ctx.session.id}:${randomUUID()}`,
      ...(address ? { addressId: address._id } : {}),
      ...(earliest ? { windowId: earliest.slot.id } : {}),
      ...(leftOut.length ? { leftOut } : {}),
      ...(twin ? { twin } : {}),
      ...(cuts ? { cuts } : {}),
    }),
  };
}

/** What this confirmation orders: the lines that sell today, but none the shopper was told are left out. */
function confirmedLines(basket: Basket, data: ScreenDataMap['again-confirm']): BasketLine[] {
  const leftOut = new Set(data.leftOut ?? []);
  return basket.lines.filter((line) => !leftOut.has(line.productId));
}

/** Left out: the lines that do not sell today, and any sold again that the shopper was told are left out. */
function leftOutLines(basket: Basket, data: ScreenDataMap['again-confirm']): SkippedLine[] {
  const leftOut = new Set(data.leftOut ?? []);
  return [...basket.skipped, ...basket.lines.filter((line) => leftOut.has(line.productId)).map((line) => ({ productName: line.name, reason: 'out_of_stock' as const }))];
}

/** Stock has fewer left than the screen said: the confirmation again, as it sells now, naming what changed. */
function lessLeft(ctx: ScreenContext, data: ScreenDataMap['again-confirm'], lines: readonly BasketLine[], names: string): Outcome {
  const { cuts: _told, ...rest } = data;
  const cuts = cutsOf(lines);
  return { type: 'go', how: 'replace', to: newState('again-confirm', { ...rest, ...(cuts ? { cuts } : {}) }), notice: ctx.t('again.lessNow', { names }) };
}

/** The window refused (full, passed): the confirmation again with the next free one, saying so. */
function nextWindow(ctx: ScreenContext, data: ScreenDataMap['again-confirm'], error: unknown): Outcome | undefined {
  if (!isAppError(error) || error.code !== WINDOW_UNAVAILABLE) return undefined;
  const next = error.details.nextWindow as DeliveryWindow | null;
  if (!next) return refuse(ctx.t('window.none'));
  return { type: 'go', how: 'replace', to: newState('again-confirm', { ...data, windowId: next.id }), notice: ctx.t('window.taken', { window: windowText(ctx, next) }) };
}

export const againConfirm: Screen<'again-confirm'> = {
  async render(ctx, state) {
    const userId = accountId(ctx);
    const [basket, saved, windows] = await Promise.all([basketOf(ctx.deps, userId, state.data.orderId), listAddresses(ctx.deps, userId), windowsAhead(ctx)]);
    const lines = confirmedLines(basket, state.data);
    if (!lines.length) return { title: ctx.t('again.nothing') };
    const skipped = leftOutLines(basket, state.data);
    const address = saved.find((one) => one._id === state.data.addressId) ?? defaultAddress(saved);
    const window = chosenOrNext(windows, state.data.windowId);
    const total = formatFrw(lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0));
    return {
      title: confirmTitle(ctx, state.data.twin, ctx.t('again.title', { total }), total),
      lines: [window ? ctx.t('checkout.delivery', { window: slotText(ctx, window.slot) }) : ctx.t('window.none')],
      // As list rows, the lines and the address are what a small screen shortens (at whole words); the options never are.
      rows: [
        // One row for what comes and what does not, so a small screen shortens it rather than paging.
        {
          label: [
            lineTexts(lines, ctx.session.language).join(', '),
            ...(skipped.length ? [ctx.t('again.left', { names: skippedText(skipped, ctx.t) })] : []),
            ...(lines.some((line) => line.wanted !== undefined) ? [ctx.t('again.less', { names: lessText(lines, ctx.t, ctx.session.language) })] : []),
          ].join('; '),
        },
        { label: address ? ctx.t('checkout.to', { address: addressLabel(address) }) : ctx.t('again.noAddress') },
      ],
      // 1 Confirm (cash on delivery), 2 Pay now with MoMo when the shop has it, 3 Change address, 4 Change time.
      actions: menuActions('again-confirm', ctx.t, (chosen) => chosen.key !== '2' || momoOffered(ctx)),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('again-confirm', text);
    const momo = chosen?.key === '2' && momoOffered(ctx);
    if (!chosen || (chosen.key === '2' && !momo)) return invalidChoice(ctx);
    const userId = accountId(ctx);
    const saved = await listAddresses(ctx.deps, userId);
    const address = saved.find((one) => one._id === state.data.addressId) ?? defaultAddress(saved);
    if (chosen.to === 'checkout-address') return saved.length ? push('checkout-address') : push('address-district', { purpose: 'checkout' });
    if (chosen.to === 'checkout-window') return address ? push('checkout-window', { addressId: address._id }) : push('address-district', { purpose: 'checkout' });
    if (!address) return push('address-district', { purpose: 'checkout' });
    const basket = await basketOf(ctx.deps, userId, state.data.orderId);
    // A line that stopped selling since the shopper read this screen is not dropped unsaid: the
    // screen again, naming it, and the next Confirm orders the rest.
    const told = new Set(state.data.leftOut ?? []);
    const stopped = basket.skipped.filter((line) => !told.has(line.productId));
    if (stopped.length) {
      const leftOut = [...told, ...stopped.map((line) => line.productId)];
      return { type: 'go', how: 'replace', to: newState('again-confirm', { ...state.data, leftOut }), notice: ctx.t('again.stopped', { names: stopped.map((line) => line.productName).join(', ') }) };
    }
    const lines = confirmedLines(basket, state.data);
    if (!lines.length) return refuse(ctx.t('again.nothing'));
    // Fewer left than the shopper was told: the screen again, saying so, before anything is ordered.
    const lessNow = lines.filter((line) => line.wanted !== undefined && state.data.cuts?.[line.productId] !== line.quantity);
    if (lessNow.length) return lessLeft(ctx, state.data, lines, lessText(lessNow, ctx.t, ctx.session.language));
    let order: Order;
    try {
      order = await placeOrder(ctx.deps, userId, {
        addressId: address._id,
        paymentType: momo ? 'momo' : 'cash',
        idempotencyKey: state.data.key,
        channel: ctx.session.channel,
        deliveryWindowId: state.data.windowId,
        lines,
        warnIfDuplicate: true,
        seenTwin: state.data.twin?.id,
      });
    } catch (error) {
      const twin = twinRefusing(error);
      if (twin) return warnedAgain(newState('again-confirm', { ...state.data, twin }));
      const moved = nextWindow(ctx, state.data, error);
      if (moved) return moved;
      // Another order took what was left between this read and the order's own check.
      const short = shortagesOf(error);
      if (short.length) return lessLeft(ctx, state.data, (await basketOf(ctx.deps, userId, state.data.orderId)).lines, shortLinesText(short, ctx.t, ctx.session.language));
      throw error;
    }
    // A retried Confirm finds the order placed: its first MoMo request is not asked again.
    if (momo) return askMomo(ctx, order, { placed: true, firstOnly: true });
    return {
      type: 'end',
      order: { id: order._id, number: orderNumber(order._id) },
      text: ctx.t('checkout.placed', {
        number: orderNumber(order._id),
        window: order.deliveryWindow ? windowText(ctx, order.deliveryWindow) : '',
        total: formatFrw(toMinor(order.amount)),
        code: ctx.deps.config.shop.payCode,
      }),
    };
  },
};
