// Featured Products (docs/product.md section 2): the first 10 products, with View All.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { getProducts, HOME_SECTION_SIZE, ProductCardSkeleton, ProductGrid, type Product } from '@web/features/catalog';
import { useRemote } from '@web/lib/use-remote';

const loadFeatured = (signal: AbortSignal) =>
  getProducts({ page: 1, limit: HOME_SECTION_SIZE }, signal).then((response) => response.productList ?? []);

/** `still`: cards standing in for a section not yet requested. They are off screen until the section
 *  loads, so they do not shimmer: the animation repainted them on every frame, a cost on a phone's battery. */
export function SkeletonGrid({ count, still = false }: { count: number; still?: boolean }) {
  return (
    <ul className={`product-grid plain-list${still ? ' skeleton-still' : ''}`} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

export function FeaturedProducts() {
  const { state } = useRemote<Product[]>(loadFeatured, [], t`Failed to fetch featured products`);
  return (
    <section className="container section" aria-labelledby="featured-title">
      <div className="section-header">
        <h2 id="featured-title" className="section-title">
          {t`Featured Products`}
        </h2>
        <Link to={paths.products}>{t`View All`}</Link>
      </div>
      {state.status === 'loading' && (
        <>
          <p className="visually-hidden" role="status">
            {t`Loading...`}
          </p>
          <SkeletonGrid count={HOME_SECTION_SIZE} />
        </>
      )}
      {state.status === 'error' && (
        <p className="state-message state-error" role="alert">
          {state.error.message}
        </p>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="state-message">{t`No products available`}</p>}
      {state.status === 'ready' && state.data.length > 0 && <ProductGrid products={state.data} />}
    </section>
  );
}
