// The main menu. A word typed here (not a number) searches straight away: one step fewer on a keypad.
import { countCartItems } from '../../modules/cart/cart.service';
import type { Screen } from '../types';
import { invalidChoice, push } from './helpers';
import { MENU, menuActions, menuChoice } from './menu';
import { follow } from './navigate';
import { firstUnits } from '../../lib/text';

const cartKey = MENU.home.choices?.find((chosen) => chosen.to === 'cart')?.key;

export const home: Screen<'home'> = {
  async render(ctx) {
    const { t, session, deps } = ctx;
    const cartCount = session.userId ? await countCartItems(deps, session.userId) : 0;
    return {
      title: t('home.title', { shop: deps.config.shop.shopName }),
      hint: t('home.hint'),
      // "My cart" carries the count once there is something in it.
      actions: menuActions('home', t).map((action) => (action.key === cartKey && cartCount ? { ...action, label: t('home.cartCount', { count: cartCount }) } : action)),
    };
  },

  async handle(ctx, _state, { text }) {
    const chosen = menuChoice('home', text);
    if (chosen) return follow(ctx, chosen);
    if (!text || /^\d+$/.test(text)) return invalidChoice(ctx);
    return push('search-results', { query: firstUnits(text, 60) });
  },
};

