// Categories, then one category's products, each a page at a time.
import { listCategories, listCategoryProducts } from '../../modules/catalog/catalog.service';
import type { Screen } from '../types';
import { invalidChoice, pageOf, productRow, push, windowLimit, windowOf } from './helpers';

export const categories: Screen<'categories'> = {
  async render(ctx, state) {
    const all = await listCategories(ctx.deps);
    const page = pageOf(all.map((category) => ({ value: category._id, label: category.name })), state.offset, ctx.pageSize);
    return { title: ctx.t('categories.title'), ...page };
  },

  async handle(ctx, _state, { choice }) {
    return choice ? push('category', { id: choice }) : invalidChoice(ctx);
  },
};

export const category: Screen<'category'> = {
  async render(ctx, state) {
    const { category: found, products, pagination } = await listCategoryProducts(ctx.deps, state.data.id, {
      page: 1,
      limit: windowLimit(state.offset, ctx.pageSize),
    });
    if (!pagination.total) return { title: found.name, lines: [ctx.t('category.empty')] };
    return {
      title: ctx.t('category.title', { name: found.name }),
      ...windowOf(products.map((found) => productRow(found, ctx)), pagination.total, state.offset, ctx.pageSize),
    };
  },

  async handle(ctx, _state, { choice }) {
    return choice ? push('product', { id: choice }) : invalidChoice(ctx);
  },
};
