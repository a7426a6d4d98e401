// Under a product: a toggle between Related Products (same category) and Latest Products, 4 cards each,
// never the product being viewed.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useRemote } from '@web/lib/use-remote';
import { Spinner } from '@web/components/ui/spinner';
import { RELATED_LIST_SIZE } from '../catalog-constants';
import { getProducts, type Product } from '../api/catalog-api';
import { ProductGrid } from './product-grid';

type Tab = 'related' | 'latest';

export function RelatedProducts({ product }: { product: Product }) {
  const [tab, setTab] = useState<Tab>('related');
  const categoryId = product.productCategory?._id;
  const { state } = useRemote(
    // One extra, so that dropping the current product still leaves four.
    (signal) =>
      getProducts({ page: 1, limit: RELATED_LIST_SIZE + 1, category: tab === 'related' ? categoryId : null }, signal).then((response) =>
        (response.productList ?? []).filter((item) => item._id !== product._id).slice(0, RELATED_LIST_SIZE),
      ),
    [tab, product._id, categoryId],
  );
  const loading = state.status === 'loading';
  // A failed list shows as an empty one: these are suggestions, not the page's subject.
  const products = state.status === 'ready' ? state.data : [];

  return (
    <section className="section related-products" aria-labelledby="related-heading">
      <h2 id="related-heading" className="visually-hidden">
        {t`More products`}
      </h2>
      <div className="segmented" role="group" aria-label={t`Show`}>
        <button type="button" aria-pressed={tab === 'related'} onClick={() => setTab('related')}>
          {t`Related Products`}
        </button>
        <button type="button" aria-pressed={tab === 'latest'} onClick={() => setTab('latest')}>
          {t`Latest Products`}
        </button>
      </div>
      {loading ? (
        <div className="state-message">
          <Spinner label={t`Loading products...`} />
        </div>
      ) : products.length === 0 ? (
        <p className="state-message">{t`No products available`}</p>
      ) : (
        <ProductGrid products={products} className="product-grid-4" />
      )}
    </section>
  );
}
