// Language: asked on a phone's first call (then remembered per number), and from the menu.
import { LANGUAGES, translator } from '../i18n';
import type { Screen } from '../types';
import { goHome, invalidChoice } from './helpers';
import { menuActions } from './menu';

export const language: Screen<'language'> = {
  async render(ctx, state) {
    return {
      title: ctx.t('language.title'),
      actions: menuActions('language', ctx.t),
      noNav: Boolean(state.data.first),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = LANGUAGES[Number(text) - 1];
    if (!/^\d$/.test(text) || !chosen) return invalidChoice(ctx);
    if (state.data.first) return { type: 'enter', set: { language: chosen } };
    return { ...goHome(translator(chosen)('language.changed')), set: { language: chosen } };
  },
};
