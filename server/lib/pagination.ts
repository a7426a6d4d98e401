import type { Pagination } from './fields';

export function paginate(total: number, page: number, limit: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { totalPages, currentPage: page, hasNextPage: page * limit < total, total };
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
