// The catalog calls of API.md, one function each; types come from the server's schema (no zod at runtime).
import type { Category, Product } from '@server/modules/catalog/catalog.schema';
import type { Pagination } from '@server/lib/fields';
import { api } from '../../../lib/api-client';

export type { Category, Product } from '@server/modules/catalog/catalog.schema';
export type { Pagination } from '@server/lib/fields';

export interface ProductListQuery {
  page?: number;
  limit?: number;
  search?: string;
  category?: string | null;
  /** 'popular': most ordered lately, then best rated (the home page's Popular Products). */
  sort?: 'newest' | 'popular';
}

export interface ProductListResponse {
  success?: boolean;
  productList?: Product[];
  pagination?: Partial<Pagination>;
  suggestions?: string[];
}

export function getProducts(query: ProductListQuery = {}, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = { page: query.page ?? 1, limit: query.limit ?? 15 };
  if (query.search) searchParams.search = query.search;
  if (query.category) searchParams.category = query.category;
  if (query.sort === 'popular') searchParams.sort = 'popular';
  return api.get('product/getAllProducts', { searchParams, signal }).json<ProductListResponse>();
}

export function getProductDetails(productId: string, signal?: AbortSignal) {
  return api
    .get(`product/getProductDetails/${encodeURIComponent(productId)}`, { signal })
    .json<{ success?: boolean; product?: Product; message?: string }>();
}

export function rateProduct(productId: string, rating: number) {
  return api
    .put(`product/rateProduct/${encodeURIComponent(productId)}`, { json: { rating } })
    .json<{ success?: boolean; message?: string; product?: Product }>();
}

export function getCategories(signal?: AbortSignal) {
  return api.get('category/getAllCategories', { signal }).json<{ success?: boolean; categories?: Category[] }>();
}

export interface CategoryProductsResponse {
  success?: boolean;
  products?: Product[];
  pagination?: Partial<Pagination>;
  message?: string;
}

export function getCategoryProducts(nameOrId: string, page = 1, limit = 8, signal?: AbortSignal) {
  return api
    .get(`category/${encodeURIComponent(nameOrId)}/products`, { searchParams: { page, limit }, signal })
    .json<CategoryProductsResponse>();
}
