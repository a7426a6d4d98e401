// All products, search results or one category's products, loaded 15 at a time as the shopper scrolls.
import { t } from '@lingui/core/macro';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { PRODUCTS_PAGE_SIZE } from '../catalog-constants';
import { getProducts, type Product } from '../api/catalog-api';
import { ListEnd } from '../components/list-end';
import { ProductGrid } from '../components/product-grid';
import { useInfiniteList } from '../hooks/use-infinite-list';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../catalog.css';
import { RetryError } from '../components/retry-error';

export function productsTitle(search: string, category: string): string {
  if (search) return t`Results for "${search}"`;
  if (category) return t`Products in Category`;
  return t`All Products`;
}

export default function ProductsPage() {
  const [params] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const category = (params.get('category') ?? '').trim();
  const title = productsTitle(search, category);
  useDocumentTitle(title);

  const [suggestions, setSuggestions] = useState<string[]>([]);
  const fetchPage = useCallback(
    async (page: number, signal: AbortSignal) => {
      const response = await getProducts({ page, limit: PRODUCTS_PAGE_SIZE, search, category: category || null }, signal);
      if (page === 1) setSuggestions(response.suggestions ?? []);
      return { items: response.productList ?? [], hasNextPage: Boolean(response.pagination?.hasNextPage) };
    },
    [search, category],
  );

  const list = useInfiniteList<Product>({
    key: `${search}|${category}`,
    fetchPage,
    errorMessage: t`Failed to fetch products`,
    loadMoreErrorMessage: t`Failed to load more products`,
  });

  return (
    <div className="container page">
      <Link to={paths.home} className="back-link">
        <ArrowLeftIcon size={18} /> {t`Back to Home`}
      </Link>
      <h1 className="page-title">{title}</h1>
      {list.status === 'loading' && <LoadingBlock label={t`Loading products...`} />}
      {list.status === 'error' && <RetryError message={list.error} onRetry={list.retry} />}
      {list.status === 'ready' && list.items.length === 0 && (
        <p className="state-message">
          {search ? t`No products found matching "${search}"` : category ? t`No products found in this category` : t`No products found`}
        </p>
      )}
      {list.status === 'ready' && list.items.length === 0 && suggestions.length > 0 && (
        <p className="state-message search-suggestions">
          {t`Did you mean`}{' '}
          {suggestions.map((name, index) => (
            <span key={name}>
              {index > 0 && (index === suggestions.length - 1 ? ` ${t`or`} ` : ', ')}
              <Link to={paths.productsSearch(name)}>{name}</Link>
            </span>
          ))}
          ?
        </p>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <>
          <ProductGrid products={list.items} />
          <ListEnd sentinelRef={list.sentinelRef} loadingMore={list.loadingMore} hasMore={list.hasMore} count={list.items.length} />
        </>
      )}
    </div>
  );
}
