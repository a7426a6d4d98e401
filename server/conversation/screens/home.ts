// The main menu. A word typed here (not a number) searches straight away: one step fewer on a keypad.
// A shopper whose last order has something for sale today sees "Order again" first.
import { countCartLines } from '../../modules/cart/cart.service';
import type { Screen } from '../types';
import { againOffer, openAgain } from './order-again';
import { offersBaskets, openBaskets } from './weekly-basket';
import { invalidChoice, push } from './helpers';
import { MENU, menuActions, menuChoice } from './menu';
import { follow, loginFirst } from './navigate';
import { firstUnits } from '../../lib/text';

const cartKey = MENU.home.choices?.find((chosen) => chosen.to === 'cart')?.key;
const againKey = MENU.home.choices?.find((chosen) => chosen.to === 'again-confirm')?.key;
const basketKey = MENU.home.choices?.find((chosen) => chosen.to === 'weekly-basket')?.key;

export const home: Screen<'home'> = {
  async render(ctx) {
    const { t, session, deps } = ctx;
    // Right after a sign-up the account holds nothing: the menu asks the database nothing about it.
    const [cartCount, again, weekly] = ctx.accountMade
      ? [0, undefined, false]
      : await Promise.all([session.userId ? countCartLines(deps, session.userId) : 0, againOffer(ctx), offersBaskets(ctx)]);
    // "My cart" carries how many products once there is something in it (never their quantities summed).
    const menu = menuActions('home', t, (chosen) => chosen.key !== againKey && chosen.key !== basketKey).map((action) =>
      action.key === cartKey && cartCount ? { ...action, label: t('home.cartCount', { count: cartCount }) } : action,
    );
    // USSD names the basket on its numbered line ("Order again" alone on a full screen, or nothing when
    // a refusal on top leaves no room: the key still works); a chat
    // button holds 24 characters, so there the basket is a line of the message and the button says
    // "Order again".
    const wholeLine = ctx.channel.choicesAreLines;
    const againAction = again && { key: againKey!, optional: true, ...(wholeLine ? { label: again.label, short: t('home.againShort') } : { label: t('home.againShort') }) };
    return {
      title: t('home.title', { shop: deps.config.shop.shopName }),
      ...(again && !wholeLine ? { lines: [again.label] } : {}),
      hint: t('home.hint'),
      // "My weekly basket" last, for a shopper who has one; it too steps aside on a full USSD screen.
      actions: [...(againAction ? [againAction] : []), ...menu, ...(weekly ? [{ key: basketKey!, label: t('home.basket'), optional: true }] : [])],
    };
  },

  async handle(ctx, _state, { text }) {
    const chosen = menuChoice('home', text);
    if (chosen && chosen.key === againKey) return loginFirst(ctx, chosen) ?? openAgain(ctx);
    if (chosen && chosen.key === basketKey) return loginFirst(ctx, chosen) ?? openBaskets(ctx);
    if (chosen) return follow(ctx, chosen);
    if (!text || /^\d+$/.test(text)) return invalidChoice(ctx);
    return push('search-results', { query: firstUnits(text, 60) });
  },
};

