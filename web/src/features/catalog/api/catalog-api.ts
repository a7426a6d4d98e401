// The catalog calls of docs/api.md, one function each; types come from the server's schema (no zod at runtime).
import type {
  CategoriesReply,
  CategoryProductsReply,
  ProductListReply,
  ProductReply,
  RateProductReply,
} from '@server/modules/catalog/catalog.schema';
import { CATEGORY_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from '@server/lib/page-sizes';
import { api } from '@web/lib/api-client';

export type { Category, Product } from '@server/modules/catalog/catalog.schema';

export interface ProductListQuery {
  page?: number;
  limit?: number;
  search?: string;
  category?: string | null;
  /** 'popular': most ordered lately, then best rated (the home page's Popular Products). */
  sort?: 'newest' | 'popular';
}

export function getProducts(query: ProductListQuery = {}, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = { page: query.page ?? 1, limit: query.limit ?? PRODUCTS_PAGE_SIZE };
  if (query.search) searchParams.search = query.search;
  if (query.category) searchParams.category = query.category;
  if (query.sort === 'popular') searchParams.sort = 'popular';
  return api.get('product/getAllProducts', { searchParams, signal }).json<ProductListReply>();
}

export function getProductDetails(productId: string, signal?: AbortSignal) {
  return api
    .get(`product/getProductDetails/${encodeURIComponent(productId)}`, { signal })
    .json<ProductReply>();
}

export function rateProduct(productId: string, rating: number) {
  return api
    .put(`product/rateProduct/${encodeURIComponent(productId)}`, { json: { rating } })
    .json<RateProductReply>();
}

export function getCategories(signal?: AbortSignal) {
  return api.get('category/getAllCategories', { signal }).json<CategoriesReply>();
}

export function getCategoryProducts(nameOrId: string, page = 1, limit = CATEGORY_PAGE_SIZE, signal?: AbortSignal) {
  return api
    .get(`category/${encodeURIComponent(nameOrId)}/products`, { searchParams: { page, limit }, signal })
    .json<CategoryProductsReply>();
}
