// What a guest in chat sees when an action needs an account: the storefront's message (docs/product.md
// section 5) and a login link.
import type { Screen } from '../types';

export const LOGIN_OPTION_KEY = 'login';

export const loginRequired: Screen<'login-required'> = {
  async render(ctx, state) {
    return {
      title: ctx.t(state.data.message),
      actions: [{ key: LOGIN_OPTION_KEY, label: ctx.t('login.button'), kind: 'link' }],
    };
  },

  async handle(ctx, _state, { text }) {
    // The widget turns the login option into a link; typed, it gets the same advice in words.
    if (text.toLowerCase() === LOGIN_OPTION_KEY) return { type: 'stay', notice: ctx.t('login.hint') };
    return { type: 'stay', error: ctx.t('error.invalidChoice') };
  },
};
