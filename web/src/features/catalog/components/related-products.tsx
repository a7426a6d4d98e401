// Under a product: a toggle between Related Products (same category) and Latest Products, 4 cards each,
// never the product being viewed.
import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { RELATED_LIST_SIZE } from '../catalog-constants';
import { getProducts, type Product } from '../api/catalog-api';
import { ProductGrid } from './product-grid';

type Tab = 'related' | 'latest';

export function RelatedProducts({ product }: { product: Product }) {
  const [tab, setTab] = useState<Tab>('related');
  const [products, setProducts] = useState<Product[]>([]);
  const [loading, setLoading] = useState(true);
  const categoryId = product.productCategory?._id;

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    // One extra, so that dropping the current product still leaves four.
    getProducts({ page: 1, limit: RELATED_LIST_SIZE + 1, category: tab === 'related' ? categoryId : null }, abort.signal)
      .then((response) => {
        const others = (response.productList ?? []).filter((item) => item._id !== product._id);
        setProducts(others.slice(0, RELATED_LIST_SIZE));
      })
      .catch(() => {
        if (!abort.signal.aborted) setProducts([]);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [tab, product._id, categoryId]);

  return (
    <section className="section related-products" aria-labelledby="related-heading">
      <h2 id="related-heading" className="visually-hidden">
        More products
      </h2>
      <div className="segmented" role="group" aria-label="Show">
        <button type="button" aria-pressed={tab === 'related'} onClick={() => setTab('related')}>
          Related Products
        </button>
        <button type="button" aria-pressed={tab === 'latest'} onClick={() => setTab('latest')}>
          Latest Products
        </button>
      </div>
      {loading ? (
        <div className="state-message">
          <Spinner label="Loading products..." />
        </div>
      ) : products.length === 0 ? (
        <p className="state-message">No products available</p>
      ) : (
        <ProductGrid products={products} className="product-grid-4" />
      )}
    </section>
  );
}
