// The main menu. A word typed here (not a number) searches straight away: one step fewer on a keypad.
import { countCartItems } from '../../modules/cart/cart.service';
import type { Screen } from '../types';
import { invalidChoice, needsAccount, push } from './helpers';
import { firstUnits } from '../../lib/text';

export const home: Screen<'home'> = {
  async render(ctx) {
    const { t, session, deps } = ctx;
    const cartCount = session.userId ? await countCartItems(deps, session.userId) : 0;
    return {
      title: t('home.title', { shop: deps.config.shop.shopName }),
      hint: t('home.hint'),
      actions: [
        { key: '1', label: t('home.search') },
        { key: '2', label: t('home.categories') },
        { key: '3', label: cartCount ? t('home.cartCount', { count: cartCount }) : t('home.cart') },
        { key: '4', label: t('home.orders') },
        { key: '5', label: t('home.addresses') },
        { key: '6', label: t('home.language') },
      ],
    };
  },

  async handle(ctx, _state, { text }) {
    switch (text) {
      case '1':
        return push('search-prompt');
      case '2':
        return push('categories');
      case '3':
        return needsAccount(ctx, 'login.page') ?? push('cart');
      case '4':
        return needsAccount(ctx, 'login.page') ?? push('orders');
      case '5':
        return needsAccount(ctx, 'login.page') ?? push('addresses');
      case '6':
        return push('language');
      default:
        if (!text || /^\d+$/.test(text)) return invalidChoice(ctx);
        return push('search-results', { query: firstUnits(text, 60) });
    }
  },
};

