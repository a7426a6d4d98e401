// Search: a prompt, then the best matches first (typo-tolerant: the catalog service decides).
import { listProducts } from '../../modules/catalog/catalog.service';
import type { Screen, ScreenContext, ScreenView } from '../types';
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

/** A suggestion's list value: choosing it searches for that name (product ids never start so). */
const SUGGESTED = 'search:';

/** Nothing found: the close product or category names the catalog suggests, each a search of its own. */
function noResults(ctx: ScreenContext, query: string, suggestions: string[]): ScreenView {
  const rows = suggestions.map((name) => ({ value: `${SUGGESTED}${name}`, label: name }));
  // With names listed from 1, "Search again" is 9, so a number never means two things.
  const offered = rows.length ? 'close names suggested' : 'nothing found';
  return {
    title: ctx.t('search.none', { query: shownQuery(query) }),
    ...(rows.length ? { lines: [ctx.t('search.suggest')], rows } : {}),
    actions: menuActions('search-results', ctx.t, (chosen) => chosen.when === offered),
  };
}

export const searchResults: Screen<'search-results'> = {
  async render(ctx, state) {
    const query = state.data.query;
    const { products, pagination, suggestions = [] } = await listProducts(ctx.deps, {
      page: 1,
      limit: windowLimit(state.offset, ctx.pageSize),
      search: query,
      category: undefined,
    });
    if (!pagination.total) return noResults(ctx, query, suggestions);
    return {
      title: ctx.t('search.results', { query: shownQuery(query) }),
      ...windowOf(products.map((found) => productRow(found, ctx)), pagination.total, state.offset, ctx.pageSize),
    };
  },

  async handle(ctx, state, { text, choice }) {
    if (choice?.startsWith(SUGGESTED)) return replace('search-results', { query: choice.slice(SUGGESTED.length) });
    if (choice) return push('product', { id: choice });
    const suggesting = state.choices.length > 0 && state.choices.every((value) => value.startsWith(SUGGESTED));
    const again = menuChoice('search-results', text);
    if (again && (suggesting ? again.when === 'close names suggested' : !state.choices.length)) return replace('search-prompt');
    // A word typed on the results searches again, as it would on the home screen.
    if (text && !/^\d+$/.test(text)) return replace('search-results', { query: firstUnits(text, 60) });
    return invalidChoice(ctx);
  },
};
