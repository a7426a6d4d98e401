// Language: asked on a phone's first call (then remembered per number), and from the menu.
import { catalogues, LANGUAGES, translator } from '../i18n';
import type { Screen } from '../types';
import { goHome, invalidChoice } from './helpers';

export const language: Screen<'language'> = {
  async render(ctx, state) {
    return {
      title: ctx.t('language.title'),
      // Each language is named in itself, so a shopper finds theirs whatever is shown now.
      actions: LANGUAGES.map((code, index) => ({ key: String(index + 1), label: catalogues[code]['language.name'] })),
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
