// Popular Products (docs/product.md section 2): ten skeleton cards until the section scrolls into view, then the
// most popular products; Load More and View All go to the full list.
import { t } from '@lingui/core/macro';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Spinner } from '@web/components/ui/spinner';
import { getProducts, HOME_SECTION_SIZE, ProductGrid, type Product } from '@web/features/catalog';
import { SkeletonGrid } from './featured-products';
import { useRemote } from '@web/lib/use-remote';
import { useSeen } from '../use-seen';

// The server ranks popularity: what shoppers ordered most over 30 days, then ratings, then newest.
async function loadPopular(signal: AbortSignal): Promise<Product[]> {
  const response = await getProducts({ page: 1, limit: HOME_SECTION_SIZE, sort: 'popular' }, signal);
  return response.productList ?? [];
}

export function PopularProducts() {
  const navigate = useNavigate();
  const { ref, seen } = useSeen<HTMLElement>('100px 0px');
  const { state } = useRemote<Product[]>(loadPopular, [], t`Failed to fetch popular products`, seen);

  return (
    <section ref={ref} className="container section" aria-labelledby="popular-title">
      <div className="section-header">
        <h2 id="popular-title" className="section-title">
          {t`Popular Products`}
        </h2>
        <Link to={paths.products}>{t`View All`}</Link>
      </div>
      {!seen && <SkeletonGrid count={HOME_SECTION_SIZE} still />}
      {seen && state.status === 'loading' && (
        <div className="state-message">
          <Spinner label={t`Loading...`} />
        </div>
      )}
      {seen && state.status === 'error' && (
        <p className="state-message state-error" role="alert">
          {state.error.message}
        </p>
      )}
      {seen && state.status === 'ready' && state.data.length === 0 && <p className="state-message">{t`No products available`}</p>}
      {seen && state.status === 'ready' && state.data.length > 0 && (
        <>
          <ProductGrid products={state.data} />
          <div className="section-more">
            <button type="button" className="btn btn-secondary" onClick={() => navigate(paths.products)}>
              {t`Load More`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
