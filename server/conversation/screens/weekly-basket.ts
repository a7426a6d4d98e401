// Weekly baskets in the conversation: the home screen's "My weekly basket" (when the
// shopper has one), each basket's coming delivery with Skip the next one, Pause, Change day or time
// and Stop; and "Deliver every week" on an order, which makes one (its day, then its time).
import { nowOf } from '../../lib/deps';
import type { Basket } from '../../modules/baskets/baskets.schema';
import { BASKET_EXISTS, basketOfOrder, createBasket, getBasket, hasBaskets, listBaskets, stopBasket, updateBasket } from '../../modules/baskets/baskets.service';
import { isAppError } from '../../lib/errors';
import { deliveryDays, labelOf, windowsOfWeekday } from '../../modules/delivery/delivery.service';
import { weekdayName, windowWords } from '../../modules/delivery/window-words';
import { formatFrw, toMinor } from '../../lib/money';
import { orderNumber } from '../../modules/orders/orders.schema';
import type { Outcome, Screen, ScreenContext } from '../types';
import { accountId, goHome, invalidChoice, newState, pageOf, push, quantityText } from './helpers';
import { menuActions, menuChoice } from './menu';

/** "Tuesdays 08:00-10:00" in the shopper's words. */
export function basketWhen(ctx: Pick<ScreenContext, 'session'>, basket: Pick<Basket, 'weekday' | 'windowStart' | 'label'>): string {
  return `${weekdayName(basket.weekday, ctx.session.language)} ${basket.windowStart}-${basket.label.slice(-5)}`;
}

function nextLine(ctx: ScreenContext, basket: Basket): string {
  const next = basket.nextDelivery;
  if (!next) return ctx.t('basket.paused');
  const when = labelOf(next, nowOf(ctx.deps), windowWords(ctx.session.language));
  return ctx.t(next.skipped ? 'basket.nextSkipped' : 'basket.next', { when: next.orderId ? `${when} (${orderNumber(next.orderId)})` : when });
}

/** "My weekly basket" on the home screen: one basket opens straight away, several are listed. */
export async function openBaskets(ctx: ScreenContext): Promise<Outcome> {
  const baskets = await listBaskets(ctx.deps, accountId(ctx));
  if (!baskets.length) return invalidChoice(ctx);
  return baskets.length === 1 ? push('basket', { id: baskets[0]._id }) : push('baskets');
}

/** Whether the home screen offers "My weekly basket". */
export const offersBaskets = (ctx: ScreenContext) => (ctx.session.userId ? hasBaskets(ctx.deps, ctx.session.userId) : Promise.resolve(false));

export const baskets: Screen<'baskets'> = {
  async render(ctx, state) {
    const rows = (await listBaskets(ctx.deps, accountId(ctx))).map((basket) => ({ value: basket._id, label: basketWhen(ctx, basket) }));
    if (!rows.length) return { title: ctx.t('error.failed') };
    return { title: ctx.t('basket.list'), ...pageOf(rows, state.offset, ctx.pageSize) };
  },
  async handle(ctx, _state, { choice }) {
    return choice ? push('basket', { id: choice }) : invalidChoice(ctx);
  },
};

export const basket: Screen<'basket'> = {
  async render(ctx, state) {
    const found = await getBasket(ctx.deps, accountId(ctx), state.data.id);
    const lines = found.lines.map((line) => `${line.productName} ${quantityText(line.quantity, line.unit, ctx.session.language)}`);
    const skipped = found.nextDelivery?.skipped ?? false;
    return {
      title: ctx.t('basket.title', { when: basketWhen(ctx, found) }),
      // Its coming delivery; the line a full USSD screen (a refusal on top) leaves out first.
      hint: nextLine(ctx, found),
      rows: [{ label: lines.join(', '), items: lines, brief: ctx.t('products.count', { count: lines.length }), detail: formatFrw(toMinor(found.total)) }],
      actions: menuActions('basket', ctx.t, (chosen) => !(chosen.key === '1' && found.paused)).map((action) => {
        if (action.key === '1' && skipped) return { ...action, label: ctx.t('basket.unskip') };
        if (action.key === '2' && found.paused) return { ...action, label: ctx.t('basket.resume') };
        return action;
      }),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('basket', text);
    if (!chosen) return invalidChoice(ctx);
    const userId = accountId(ctx);
    const found = await getBasket(ctx.deps, userId, state.data.id);
    if (chosen.to === 'basket-day') return push('basket-day', { id: found._id });
    if (chosen.to === 'basket-stop') return push('basket-stop', { id: found._id });
    if (chosen.key === '1') {
      if (found.paused) return invalidChoice(ctx);
      const skip = !found.nextDelivery?.skipped;
      await updateBasket(ctx.deps, userId, found._id, { skipNext: skip });
      return { type: 'stay', notice: ctx.t(skip ? 'basket.skipped' : 'basket.unskipped') };
    }
    await updateBasket(ctx.deps, userId, found._id, { paused: !found.paused });
    return { type: 'stay', notice: ctx.t(found.paused ? 'basket.resumed' : 'basket.pausedNow') };
  },
};

export const basketDay: Screen<'basket-day'> = {
  async render(ctx, state) {
    const rows = (await deliveryDays(ctx.deps)).map((day) => ({ value: String(day), label: weekdayName(day, ctx.session.language) }));
    return { title: ctx.t('basket.day'), ...pageOf(rows, state.offset, ctx.pageSize) };
  },
  async handle(ctx, state, { choice }) {
    return choice ? push('basket-time', { ...state.data, weekday: Number(choice) }) : invalidChoice(ctx);
  },
};

export const basketTime: Screen<'basket-time'> = {
  async render(ctx, state) {
    const rows = (await windowsOfWeekday(ctx.deps, state.data.weekday)).map((window) => ({ value: window.start, label: `${window.start}-${window.end}`, whole: true }));
    return { title: ctx.t('basket.time'), ...pageOf(rows, state.offset, ctx.pageSize) };
  },
  async handle(ctx, state, { choice }) {
    if (!choice) return invalidChoice(ctx);
    const userId = accountId(ctx);
    const { id, orderId, weekday } = state.data;
    if (id) {
      const changed = await updateBasket(ctx.deps, userId, id, { weekday, windowStart: choice });
      return { type: 'go', unwindTo: 'basket', how: 'replace', to: newState('basket', { id }), notice: ctx.t('basket.changed', { when: basketWhen(ctx, changed) }) };
    }
    if (!orderId) return invalidChoice(ctx);
    let made: Basket;
    try {
      made = await createBasket(ctx.deps, userId, { fromOrderId: orderId, weekday, windowStart: choice });
    } catch (error) {
      // A basket already brings these groceries (made meanwhile on another face): that one is opened.
      if (!isAppError(error) || error.code !== BASKET_EXISTS) throw error;
      return openExisting(ctx, await getBasket(ctx.deps, userId, String(error.details.basketId)), orderId);
    }
    // Its first week is the order's own window: that week comes with the order, and the screen says so.
    const notice = made.coveredBy
      ? ctx.t('basket.madeCovered', { when: basketWhen(ctx, made), number: made.coveredBy.orderNumber })
      : ctx.t('basket.made', { when: basketWhen(ctx, made) });
    // The order's screen stays under it: Back returns there.
    return { type: 'go', unwindTo: 'order', how: 'push', to: newState('basket', { id: made._id }), notice };
  },
};

/** The basket that already brings an order's groceries, opened over the order's screen, saying why. */
function openExisting(ctx: ScreenContext, found: Basket, orderId: string): Outcome {
  const when = basketWhen(ctx, found);
  const notice = found.fromOrderId === orderId ? ctx.t('basket.already', { number: orderNumber(orderId) }) : ctx.t('basket.sameTime', { when });
  return { type: 'go', unwindTo: 'order', how: 'push', to: newState('basket', { id: found._id }), notice };
}

/**
 * "Deliver every week" on an order: its day and time are asked, unless the order has its weekly
 * basket already; then that basket opens (one basket per order), never a second one.
 */
export async function deliverEveryWeek(ctx: ScreenContext, orderId: string): Promise<Outcome> {
  const existing = await basketOfOrder(ctx.deps, accountId(ctx), orderId);
  return existing ? openExisting(ctx, existing, orderId) : push('basket-day', { orderId });
}

export const basketStop: Screen<'basket-stop'> = {
  async render(ctx, state) {
    const found = await getBasket(ctx.deps, accountId(ctx), state.data.id);
    return { title: ctx.t('basket.stopAsk', { when: basketWhen(ctx, found) }), actions: menuActions('basket-stop', ctx.t) };
  },
  async handle(ctx, state, { text }) {
    if (!menuChoice('basket-stop', text)) return invalidChoice(ctx);
    await stopBasket(ctx.deps, accountId(ctx), state.data.id);
    return goHome(ctx.t('basket.stopped'));
  },
};
