// Search: a prompt, then the best matches first (typo-tolerant: the catalog service decides).
import { listProducts } from '../../modules/catalog/catalog.service';
import type { Screen } from '../types';
import { invalidChoice, productRow, push, refuse, replace, windowLimit, windowOf } from './helpers';
import { firstUnits } from '../../lib/text';
import { menuActions, menuChoice } from './menu';

/** The query as a title shows it: long pastes are cut so the results still fit. */
const shownQuery = (query: string) => (query.length > 16 ? `${firstUnits(query, 15)}.` : query);

export const searchPrompt: Screen<'search-prompt'> = {
  async render(ctx) {
    return { title: ctx.t('search.prompt') };
  },

  async handle(ctx, _state, { text }) {
    if (!text) return refuse(ctx.t('search.empty'));
    return replace('search-results', { query: firstUnits(text, 60) });
  },
};

export const searchResults: Screen<'search-results'> = {
  async render(ctx, state) {
    const query = state.data.query;
    const { products, pagination } = await listProducts(ctx.deps, {
      page: 1,
      limit: windowLimit(state.offset, ctx.pageSize),
      search: query,
      category: undefined,
    });
    if (!pagination.total) {
      return { title: ctx.t('search.none', { query: shownQuery(query) }), actions: menuActions('search-results', ctx.t) };
    }
    return {
      title: ctx.t('search.results', { query: shownQuery(query) }),
      ...windowOf(products.map((found) => productRow(found, ctx.t)), pagination.total, state.offset, ctx.pageSize),
    };
  },

  async handle(ctx, state, { text, choice }) {
    if (choice) return push('product', { id: choice });
    if (menuChoice('search-results', text) && !state.choices.length) return replace('search-prompt');
    // A word typed on the results searches again, as it would on the home screen.
    if (text && !/^\d+$/.test(text)) return replace('search-results', { query: firstUnits(text, 60) });
    return invalidChoice(ctx);
  },
};
