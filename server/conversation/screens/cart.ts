// The cart: its lines a page at a time with the total; a line can change quantity or go; the whole
// cart can be cleared (after a yes, since a keypad slip is easy).
import { formatFrw } from '../../lib/money';
import { MAX_LINE_QUANTITY } from '../../modules/cart/cart.schema';
import { clearCart, getCart, removeFromCart, updateCartLine } from '../../modules/cart/cart.service';
import type { Language, Translate } from '../i18n';
import type { Screen, ScreenView } from '../types';
import { aboutAmount, cartCard, cartTotals, lineTotalMinor, sellableFirst, unsellableText, type CartLine } from './cart-totals';
import { accountId, invalidChoice, pageOf, pageSizeOf, productName, push, quantityText, refuse, returnTo } from './helpers';
import { menuActions, menuChoice, type MenuChoice } from './menu';
import { follow } from './navigate';
import { quantityPrompt, quantityRefusal, readQuantity } from './product';

/** The cart's choices offered when it is empty (or when it is not). */
const whenEmpty = (empty: boolean) => (chosen: MenuChoice) => (chosen.when === 'empty') === empty;

/** "2 kg frw 1,600.00", and why stock cannot sell it when it cannot ("Out of stock", "Only 1 kg left"). */
function lineDetail(line: CartLine, t: Translate, language?: Language, smallScreen?: boolean): string {
  const why = unsellableText(line, t, language);
  const quantity = quantityText(line.quantity, line.productId.productUnit, language);
  // A line stock cannot sell is out of the total: on a small screen why takes its price's place, so a
  // whole name, the reason and the cart's choices still fit beside a refusal ("Only 4.125 L left").
  if (why && smallScreen) return `${quantity} ${why}`;
  const amount = formatFrw(lineTotalMinor(line));
  return `${quantity} ${line.estimated ? t('price.about', { amount }) : amount}${why ? ` ${why}` : ''}`;
}

export const cart: Screen<'cart'> = {
  async render(ctx, state) {
    const current = await getCart(ctx.deps, accountId(ctx));
    if (!current.products.length) {
      return { title: ctx.t('cart.empty'), actions: menuActions('cart', ctx.t, whenEmpty(true)) };
    }
    const { totalMinor } = cartTotals(current);
    // The lines checkout cannot sell come last, each saying why; the total leaves them out.
    const rows = sellableFirst(current).map((line) => ({ value: line.productId._id, label: productName(line.productId, ctx.session.language), detail: lineDetail(line, ctx.t, ctx.session.language, ctx.channel.smallScreen) }));
    return {
      cart: cartCard(current, ctx.session.language),
      // How many products; each line says its quantity with its unit ("Tomatoes 2 kg").
      title: ctx.t('cart.title', { count: current.products.length }),
      lines: [ctx.t('cart.total', { total: aboutAmount(ctx.t, totalMinor, current.estimated) }), ...(current.estimated && !ctx.channel.smallScreen ? [ctx.t('price.aboutWhy')] : [])],
      ...pageOf(rows, state.offset, pageSizeOf(ctx, 8)),
      actions: menuActions('cart', ctx.t, whenEmpty(false)),
    };
  },

  async handle(ctx, state, { text, choice }) {
    if (choice) return push('cart-line', { id: choice });
    const chosen = menuChoice('cart', text);
    return chosen && whenEmpty(!state.choices.length)(chosen) ? follow(ctx, chosen) : invalidChoice(ctx);
  },
};

async function findLine(ctx: Parameters<Screen['render']>[0], productId: string): Promise<CartLine | undefined> {
  const current = await getCart(ctx.deps, accountId(ctx));
  return current.products.find((line) => line.productId._id === productId);
}

/** A cart line's screen (its name and what it holds, with what `rest` adds), or "gone" once it left the cart. */
async function lineScreen(ctx: Parameters<Screen['render']>[0], productId: string, rest: (line: CartLine) => Partial<ScreenView>): Promise<ScreenView> {
  const line = await findLine(ctx, productId);
  if (!line) return { title: ctx.t('product.gone') };
  // Why a weighed line is "about": on USSD the cart's list has no room for it, so the line's own screen says it.
  const why = line.estimated ? [ctx.t('price.aboutWhy')] : [];
  return { title: productName(line.productId, ctx.session.language), lines: [lineDetail(line, ctx.t, ctx.session.language), ...why], ...rest(line) };
}

export const cartLine: Screen<'cart-line'> = {
  async render(ctx, state) {
    return lineScreen(ctx, state.data.id, () => ({ actions: menuActions('cart-line', ctx.t) }));
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('cart-line', text);
    if (chosen?.to === 'cart-quantity') return push('cart-quantity', { id: state.data.id });
    if (chosen?.label === 'cart.remove') {
      await removeFromCart(ctx.deps, accountId(ctx), state.data.id);
      return { ...returnTo('cart', ctx.t('cart.removed')), cartChanged: true };
    }
    return invalidChoice(ctx);
  },
};

export const cartQuantity: Screen<'cart-quantity'> = {
  async render(ctx, state) {
    return lineScreen(ctx, state.data.id, (line) => ({ prompt: quantityPrompt(ctx, line.productId, MAX_LINE_QUANTITY) }));
  },

  async handle(ctx, state, { text }) {
    const line = await findLine(ctx, state.data.id);
    if (!line) return returnTo('cart', ctx.t('product.gone'));
    const amount = readQuantity(text, line.productId);
    if (amount === undefined) return refuse(quantityRefusal(ctx, line.productId));
    await updateCartLine(ctx.deps, accountId(ctx), state.data.id, { quantity: amount });
    return { ...returnTo('cart', ctx.t('cart.updated')), cartChanged: true };
  },
};

export const cartClear: Screen<'cart-clear'> = {
  async render(ctx) {
    return { title: ctx.t('cart.clearAsk'), actions: menuActions('cart-clear', ctx.t) };
  },

  async handle(ctx, _state, { text }) {
    if (!menuChoice('cart-clear', text)) return invalidChoice(ctx);
    await clearCart(ctx.deps, accountId(ctx));
    return { ...returnTo('cart', ctx.t('cart.cleared')), cartChanged: true };
  },
};
