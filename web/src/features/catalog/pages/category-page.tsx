// One category's products (spec 2, Category page). The address may hold the category's name (any case)
// or its id; an unknown one sends the shopper to all products. ?search= narrows the loaded products by name.
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { toApiError } from '../../../lib/api-client';
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

type Lookup = { status: 'loading' } | { status: 'error'; message: string } | { status: 'missing' } | { status: 'found'; category: Category };

function useCategory(nameOrId: string) {
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    setLookup({ status: 'loading' });
    getCategories(abort.signal)
      .then((response) => {
        const category = findCategory(response.categories ?? [], nameOrId);
        setLookup(category ? { status: 'found', category } : { status: 'missing' });
      })
      .catch(async (error: unknown) => {
        if (abort.signal.aborted) return;
        const failure = await toApiError(error, 'Failed to fetch category data');
        setLookup({ status: 'error', message: failure.status ? 'Failed to fetch category data' : failure.message });
      });
    return () => abort.abort();
  }, [nameOrId, attempt]);
  return { lookup, retry: () => setAttempt((value) => value + 1) };
}

export default function CategoryPage() {
  const { categoryName = '' } = useParams();
  const { lookup, retry } = useCategory(categoryName);

  if (lookup.status === 'missing') return <Navigate to={paths.products} replace />;

  return (
    <div className="container page">
      <nav className="category-links" aria-label="Category page">
        <Link to={paths.home} className="back-link">
          <ArrowLeftIcon size={18} /> Back to Home
        </Link>
        <Link to={paths.products} className="back-link">
          View All Products
        </Link>
      </nav>
      {lookup.status === 'loading' && <LoadingBlock label="Loading products..." />}
      {lookup.status === 'error' && (
        <div className="state-message state-error" role="alert">
          <p>{lookup.message}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {lookup.status === 'found' && <CategoryProducts category={lookup.category} />}
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
    errorMessage: 'Failed to fetch category data',
    loadMoreErrorMessage: 'Failed to load more products',
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
      {list.status === 'loading' && <LoadingBlock label="Loading products..." />}
      {list.status === 'error' && <RetryError message={list.error} onRetry={list.retry} />}
      {list.status === 'ready' && shown.length === 0 && !list.hasMore && (
        <p className="state-message">
          {search ? 'No products found matching the search in the category' : 'No products available in the category'}
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
