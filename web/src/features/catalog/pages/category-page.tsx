// One category's products (docs/product.md section 2, Category page). The address may hold the category's
// name (any case) or its id; an unknown one sends the shopper to all products. ?search= narrows the loaded
// products by name.
import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { useRemote } from '@web/lib/use-remote';
import { CATEGORY_PAGE_SIZE } from '../catalog-constants';
import { getCategories, getCategoryProducts, type Category, type Product } from '../api/catalog-api';
import { ListEnd } from '../components/list-end';
import { ProductGrid } from '../components/product-grid';
import { useInfiniteList } from '../hooks/use-infinite-list';
import '../catalog.css';
import { RetryError } from '../components/retry-error';

export function findCategory(categories: Category[], nameOrId: string): Category | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  return categories.find((category) => category._id === nameOrId || category.name.toLowerCase() === wanted);
}

const categoryFailure = () => t`Failed to fetch category data`;

/** The category the address names, or null when no category has that name or id. */
function useCategory(nameOrId: string) {
  const { state, reload } = useRemote(
    async (signal) => findCategory((await getCategories(signal)).categories ?? [], nameOrId) ?? null,
    [nameOrId],
    categoryFailure(),
  );
  return { state, retry: () => void reload() };
}

export default function CategoryPage() {
  const { categoryName = '' } = useParams();
  const { state, retry } = useCategory(categoryName);

  if (state.status === 'ready' && !state.data) return <Navigate to={paths.products} replace />;

  return (
    <div className="container page">
      <nav className="category-links" aria-label={t`Category page`}>
        <Link to={paths.home} className="back-link">
          <ArrowLeftIcon size={18} /> {t`Back to Home`}
        </Link>
        <Link to={paths.products} className="back-link">
          {t`View All Products`}
        </Link>
      </nav>
      {state.status === 'loading' && <LoadingBlock label={t`Loading products...`} />}
      {state.status === 'error' && (
        <div className="state-message state-error" role="alert">
          {/* The server's words only when it never answered (offline, timed out); otherwise docs/product.md's. */}
          <p>{state.error.status ? categoryFailure() : state.error.message}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            {t`Try Again`}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data && <CategoryProducts category={state.data} />}
    </div>
  );
}

function CategoryProducts({ category }: { category: Category }) {
  const [params] = useSearchParams();
  const search = (params.get('search') ?? '').trim().toLowerCase();
  useDocumentTitle(category.name);

  const fetchPage = useCallback(
    async (page: number, signal: AbortSignal) => {
      const response = await getCategoryProducts(category._id, page, CATEGORY_PAGE_SIZE, signal);
      return { items: response.products ?? [], hasNextPage: Boolean(response.pagination?.hasNextPage) };
    },
    [category._id],
  );
  const list = useInfiniteList<Product>({
    key: category._id,
    fetchPage,
    errorMessage: categoryFailure(),
    loadMoreErrorMessage: t`Failed to load more products`,
  });

  const shown = search
    ? list.items.filter((product) => (product.productname ?? '').toLowerCase().includes(search))
    : list.items;

  return (
    <>
      <header className="category-header">
        <h1 className="page-title">{category.name}</h1>
        {category.description && <p className="muted">{category.description}</p>}
      </header>
      {list.status === 'loading' && <LoadingBlock label={t`Loading products...`} />}
      {list.status === 'error' && <RetryError message={list.error} onRetry={list.retry} />}
      {list.status === 'ready' && shown.length === 0 && !list.hasMore && (
        <p className="state-message">
          {search ? t`No products found matching the search in the category` : t`No products available in the category`}
        </p>
      )}
      {list.status === 'ready' && (
        <>
          {shown.length > 0 && <ProductGrid products={shown} className="category-grid" />}
          <ListEnd sentinelRef={list.sentinelRef} loadingMore={list.loadingMore} hasMore={list.hasMore} count={shown.length} />
        </>
      )}
    </>
  );
}
