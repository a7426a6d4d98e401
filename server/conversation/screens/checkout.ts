// Checkout: choose where to deliver (saved addresses, the default first, or a new one), when (the
// next free delivery windows), confirm with the total and how to pay, then the order is placed and
// the conversation ends.
import { randomUUID } from 'node:crypto';
import { isAppError } from '../../lib/errors';
import { formatFrw, toMinor } from '../../lib/money';
import type { Address } from '../../modules/addresses/addresses.schema';
import { getAddress, listAddresses } from '../../modules/addresses/addresses.service';
import { getCart, setCartSubstitution } from '../../modules/cart/cart.service';
import { orderNumber, type Order } from '../../modules/orders/orders.schema';
import { placeOrder, recentTwinOfCart } from '../../modules/orders/orders.service';
import { confirmTitle, twinOf, twinRefusing, warnedAgain } from './twin-order';
import { WINDOW_UNAVAILABLE } from '../../modules/delivery/delivery.service';
import { quoteDeliveryFee } from '../../modules/delivery/delivery-fees.service';
import type { FeeQuote } from '../../modules/delivery/delivery-fees.schema';
import type { DeliveryWindow } from '../../modules/delivery/delivery.schema';
import type { CheckoutAddress, Outcome, Screen, ScreenContext } from '../types';
import { accountId, invalidChoice, needsAccount, newState, pageOf, pageSizeOf, push, refuse } from './helpers';
import { menuActions, menuChoice } from './menu';
import { askMomo, momoOffered } from './momo';
import { aboutAmount, cartLinesRow, cartTotals, unsellableLines } from './cart-totals';
import { againBelow, backToAgain } from './again-state';
import { chosenOrNext, freeWindows, slotText, windowsAhead, windowText } from './delivery-time';

export const addressLabel = (address: Pick<Address, 'street' | 'district'>) => `${address.street}, ${address.district}`;

/**
 * The confirm screen's state. Its idempotency key is made once, here, so a gateway retrying the
 * "Confirm" request (or a double tap in chat) finds the order already placed instead of a second one;
 * and an order of minutes ago with the cart's very products is looked up once, to be warned of.
 */
export async function confirmState(ctx: ScreenContext, where: CheckoutAddress, windowId: string) {
  const twin = twinOf(await recentTwinOfCart(ctx.deps, accountId(ctx)));
  return newState('checkout-confirm', { ...where, key: `conversation:${ctx.session.id}:${randomUUID()}`, windowId, ...(twin ? { twin } : {}) });
}

/** Only where the order goes, from a checkout screen's data. */
const deliveryAddress = (data: CheckoutAddress): CheckoutAddress => (data.newAddress ? { newAddress: data.newAddress } : { addressId: data.addressId! });

/** The next free window a refused placement named, as its details carry it. */
function nextWindowOf(error: unknown): DeliveryWindow | null | undefined {
  if (!isAppError(error) || error.code !== WINDOW_UNAVAILABLE) return undefined;
  return (error.details.nextWindow as DeliveryWindow | null) ?? null;
}

/** Where every "Checkout" option leads: the address step, or straight to a new address for a first order. */
export async function startCheckout(ctx: ScreenContext): Promise<Outcome> {
  const denied = needsAccount(ctx, 'login.page');
  if (denied) return denied;
  const userId = accountId(ctx);
  const cart = await getCart(ctx.deps, userId);
  if (!cart.products.length) return refuse(ctx.t('checkout.emptyCart'));
  // What checkout would refuse is said now, before the address and the time: the cart changes first.
  const short = unsellableLines(cart, ctx.t, ctx.session.language);
  if (short) return refuse(ctx.t('stock.short', { names: short }));
  const saved = await listAddresses(ctx.deps, userId);
  return saved.length ? push('checkout-address') : push('address-district', { purpose: 'checkout' });
}

export const checkoutAddress: Screen<'checkout-address'> = {
  async render(ctx, state) {
    const saved = await listAddresses(ctx.deps, accountId(ctx));
    const rows = saved.map((address) => ({
      value: address._id,
      label: addressLabel(address),
      detail: address.isDefault ? ctx.t('address.default') : undefined,
    }));
    return {
      title: ctx.t('address.choose'),
      ...pageOf(rows, state.offset, pageSizeOf(ctx, 9)),
      actions: menuActions('checkout-address', ctx.t),
    };
  },

  async handle(ctx, _state, { text, choice }) {
    if (choice) {
      // Asked from "Order again" (Change address): back to it, now with this address.
      const again = againBelow(ctx);
      return again ? backToAgain(again, { addressId: choice }) : push('checkout-window', { addressId: choice });
    }
    if (menuChoice('checkout-address', text)) return push('address-district', { purpose: 'checkout' });
    return invalidChoice(ctx);
  },
};

export const checkoutWindow: Screen<'checkout-window'> = {
  async render(ctx, state) {
    const free = await freeWindows(ctx);
    if (!free.length) return { title: ctx.t('window.none') };
    const { rows, rowsContinue } = pageOf(free, state.offset, ctx.pageSize);
    return { title: ctx.t('window.choose'), rows: rows.map(({ slot }) => ({ value: slot.id, label: slotText(ctx, slot), whole: true })), rowsContinue };
  },

  async handle(ctx, state, { choice }) {
    if (!choice) return invalidChoice(ctx);
    // Asked from "Order again" (Change time): back to it, now with this window.
    const again = againBelow(ctx);
    if (again) return backToAgain(again, { windowId: choice });
    return { type: 'go', how: 'push', to: await confirmState(ctx, deliveryAddress(state.data), choice) };
  },
};

export const checkoutConfirm: Screen<'checkout-confirm'> = {
  async render(ctx, state) {
    const userId = accountId(ctx);
    const [cart, address, windows] = await Promise.all([getCart(ctx.deps, userId), state.data.newAddress ?? getAddress(ctx.deps, userId, state.data.addressId!), windowsAhead(ctx)]);
    if (!cart.products.length) return { title: ctx.t('checkout.emptyCart') };
    const { totalMinor } = cartTotals(cart);
    const language = ctx.session.language;
    const { payCode, businessName } = ctx.deps.config.shop;
    // With a fee table, the fee this address and cart will be placed with, quoted before Confirm.
    const fee = await quoteDeliveryFee(ctx.deps, { district: address.district }, totalMinor);
    // The window chosen; should it have filled up since, Confirm says so and offers the next.
    const shownWindow = chosenOrNext(windows, state.data.windowId);
    // A USSD screen has no room for a fee line beside the pay code: the fee and the total take the
    // items line's place there, the address (chosen on the screen before) is left out and the window
    // goes without its label, rather than the pay code cut; "Pay now with MoMo" may take its short
    // form. "about" once: on the total.
    const compact = ctx.channel.smallScreen && fee.mode !== 'negotiable';
    const goods = aboutAmount(ctx.t, totalMinor, cart.estimated);
    return {
      // The total on the title line, as Order again has it, so the products can show with their units;
      // the same products ordered minutes ago are said there, before Confirm orders them again. On a
      // compact screen the fee line says the total to pay, so the title does not say a second one.
      title: confirmTitle(ctx, state.data.twin, compact ? ctx.t('checkout.titleBare') : ctx.t('checkout.title', { total: goods }), goods),
      lines: [
        ...(compact ? [feeShort(ctx, fee.feeMinor, totalMinor, cart.estimated)] : feeLines(ctx, fee, totalMinor, cart.estimated)),
        // Compact, the window stands alone under the fee line: "Livraison: Aujourd'hui 08:00-10:00"
        // left no room for the pay line's business name after midnight.
        shownWindow ? (compact ? slotText(ctx, shownWindow.slot) : ctx.t('checkout.delivery', { window: slotText(ctx, shownWindow.slot) })) : ctx.t('window.none'),
        ctx.t('checkout.pay', { code: payCode, business: businessName }),
      ],
      // As list rows, what comes ("Tomatoes 2 kg, Carrots 3 kg", each quantity with its unit; "1 item"
      // when even one has no room) and the address are what a small screen shortens, never the pay code;
      // with a fee to quote, USSD leaves the address (chosen on the screen before) out.
      rows: [{ ...cartLinesRow(cart, language) }, ...(compact ? [] : [{ label: ctx.t('checkout.to', { address: addressLabel(address) }) }])],
      // 1 Confirm (cash on delivery, the MoMo Pay code), and 2 Pay now with MoMo when the shop has request-to-pay.
      // 2 has a short form for a full small screen; 3 "If an item is missing" has no room on USSD's
      // Confirm, where its key still works (the cart keeps the shop's default until it is chosen).
      actions: menuActions('checkout-confirm', ctx.t, (chosen) => (chosen.key === '2' ? momoOffered(ctx) : chosen.key !== '3' || !ctx.channel.smallScreen)).map((action) =>
        action.key === '2' ? { ...action, short: ctx.t('checkout.payMomoShort') } : action,
      ),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('checkout-confirm', text);
    if (chosen?.to === 'checkout-missing') return push('checkout-missing', state.data);
    const momo = chosen?.key === '2' && momoOffered(ctx);
    if (!chosen || (chosen.key === '2' && !momo)) return invalidChoice(ctx);
    let order: Order;
    try {
      order = await placeOrder(ctx.deps, accountId(ctx), {
        ...deliveryAddress(state.data),
        paymentType: momo ? 'momo' : 'cash',
        idempotencyKey: state.data.key,
        channel: ctx.session.channel,
        deliveryWindowId: state.data.windowId,
        warnIfDuplicate: true,
        seenTwin: state.data.twin?.id,
      });
    } catch (error) {
      const twin = twinRefusing(error);
      if (twin) return warnedAgain(newState('checkout-confirm', { ...state.data, twin }));
      const next = nextWindowOf(error);
      if (next === undefined) throw error;
      return windowTaken(ctx, state.data, next);
    }
    // A retried Confirm finds the order placed: its first MoMo request is not asked again.
    if (momo) return askMomo(ctx, order, { placed: true, firstOnly: true });
    return {
      type: 'end',
      order: { id: order._id, number: orderNumber(order._id) },
      cartChanged: true,
      text: ctx.t(order.deliveryFee === null ? 'checkout.placed' : 'checkout.placedFee', {
        number: orderNumber(order._id),
        window: order.deliveryWindow ? windowText(ctx, order.deliveryWindow) : '',
        fee: order.deliveryFee === null ? '' : formatFrw(toMinor(order.deliveryFee)),
        total: formatFrw(toMinor(order.total)),
        code: ctx.deps.config.shop.payCode,
      }),
    };
  },
};

/** The fee line of the confirm screen: none while the fee is agreed at the door. */
function feeLines(ctx: ScreenContext, fee: FeeQuote, goodsMinor: number, estimated: boolean | undefined): string[] {
  if (fee.mode === 'negotiable') return [];
  // With a weighed line the total is an estimate too (what is packed is paid).
  const total = aboutAmount(ctx.t, goodsMinor + fee.feeMinor, estimated);
  return [fee.feeMinor === 0 ? ctx.t('checkout.feeFree', { total }) : ctx.t('checkout.fee', { fee: formatFrw(fee.feeMinor), total })];
}

/** The fee and the total in one short line, for a small screen. */
function feeShort(ctx: ScreenContext, feeMinor: number, goodsMinor: number, estimated: boolean | undefined): string {
  const total = aboutAmount(ctx.t, goodsMinor + feeMinor, estimated);
  return feeMinor === 0 ? ctx.t('checkout.feeFree', { total }) : ctx.t('checkout.feeShort', { fee: formatFrw(feeMinor), total });
}

/** The chosen window filled up or passed: the screen again with the next free one, saying so. */
function windowTaken(ctx: ScreenContext, data: CheckoutAddress & { key: string; windowId?: string }, next: DeliveryWindow | null): Outcome {
  if (!next) return refuse(ctx.t('window.none'));
  const moved = newState('checkout-confirm', { ...data, windowId: next.id });
  return { type: 'go', how: 'replace', to: moved, notice: ctx.t('window.taken', { window: windowText(ctx, next) }) };
}

/** What the cart's lines say to do if an item is missing: leave it out when every line says so, else a similar item. */
const missingChoice = (cart: { products: { substitution?: unknown }[] }): 'similar' | 'none' =>
  cart.products.length && cart.products.every((line) => line.substitution === 'none') ? 'none' : 'similar';

/** "If an item is missing: 1 Similar item 2 Leave it out", for every line of the cart; back to Confirm. */
export const checkoutMissing: Screen<'checkout-missing'> = {
  async render(ctx) {
    const cart = await getCart(ctx.deps, accountId(ctx));
    const now = missingChoice(cart) === 'none' ? ctx.t('missing.none') : ctx.t('missing.similar');
    return { title: ctx.t('missing.title'), lines: [ctx.t('missing.now', { choice: now })], actions: menuActions('checkout-missing', ctx.t) };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('checkout-missing', text);
    if (!chosen) return invalidChoice(ctx);
    const substitution = chosen.key === '2' ? 'none' : 'similar';
    await setCartSubstitution(ctx.deps, accountId(ctx), substitution);
    const notice = ctx.t('missing.saved', { choice: ctx.t(substitution === 'none' ? 'missing.none' : 'missing.similar') });
    return { type: 'go', unwindTo: 'checkout-confirm', how: 'replace', to: newState('checkout-confirm', state.data), notice };
  },
};
