// /admin/catalog: products (hidden ones too) with search and paging, each with an in-stock switch and
// an edit link; and the categories. Changing stock here reaches every face within seconds.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { staffProductsQuerySchema, type StaffProduct } from '@server/modules/catalog/staff-catalog.schema';
import { staffPaths } from '../staff-paths';
import { buttonClass } from '@web/components/ui/button';
import { Image } from '@web/components/ui/image';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { effectivePrice } from '@web/lib/money';
import { fetchCategories, fetchProducts, updateProduct } from '../api/staff-api';
import { LoadState } from '../components/load-state';
import { Pager } from '../components/pager';
import { SearchForm } from '../components/search-form';
import { formatMoney } from '../format';
import { useRemote } from '../use-remote';

function StockSwitch({ product, onChanged }: { product: StaffProduct; onChanged: (product: StaffProduct) => void }) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const result = await updateProduct(product._id, { inStock: !product.inStock });
      onChanged(result.product);
      toast.success(result.product.inStock ? `${result.product.productname} is in stock` : `${result.product.productname} is out of stock`);
    } catch (error) {
      const failure = await toApiError(error, 'Could not change the stock');
      if (failure.error !== 'unauthorized') toast.error(failure.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className="staff-switch">
      {/* The visible words first, then which product: "In stock: Carrots" for screen readers and voice control. */}
      <input
        type="checkbox"
        aria-label={`In stock: ${product.productname}`}
        checked={product.inStock}
        disabled={busy}
        onChange={() => void toggle()}
      />
      In stock
    </label>
  );
}

const productSearchSchema = staffProductsQuerySchema.pick({ search: true });

function ProductsSection() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const { state, reload, replace } = useRemote(
    () => fetchProducts({ page, search: search || undefined }),
    [page, search],
    'Could not load the products',
  );

  function searchFor(typed: string) {
    const next = new URLSearchParams(params);
    if (typed) next.set('search', typed);
    else next.delete('search');
    next.delete('page');
    setParams(next);
  }

  function changed(product: StaffProduct) {
    if (!state.data) return;
    replace({ ...state.data, products: state.data.products.map((item) => (item._id === product._id ? product : item)) });
  }

  const data = state.data;
  return (
    <section aria-labelledby="products-title" className="staff-block">
      <div className="staff-block-head">
        <h2 id="products-title" className="staff-section-title">
          Products
        </h2>
        <Link to={staffPaths.newProduct} className={buttonClass('primary', 'sm')}>
          Add product
        </Link>
      </div>
      <SearchForm id="product-search" label="Find a product" value={search} schema={productSearchSchema} onSearch={searchFor} />
      <LoadState state={state} onRetry={() => void reload()} label="Loading products..." />
      {data ? (
        <>
          {data.products.length === 0 ? <p className="staff-empty">No products match.</p> : null}
          <ul className="staff-list" aria-label="Products">
            {data.products.map((product) => (
              <li key={product._id} className="staff-row staff-product-row">
                <Image src={product.productImage} alt="" width={48} height={48} className="staff-thumb" />
                <div className="staff-product-text">
                  <Link to={staffPaths.product(product._id)} className="staff-row-title">
                    {product.productname}
                  </Link>
                  <span className="staff-row-meta">
                    {formatMoney(effectivePrice(product.price, product.offerPrice))} / {product.productUnit} · {product.productCategory.name}
                  </span>
                  <span className="staff-row-badges">
                    {product.hidden ? <span className="badge badge-neutral">Hidden</span> : null}
                    {!product.inStock ? <span className="badge staff-badge-warn">Out of stock</span> : null}
                  </span>
                </div>
                <StockSwitch product={product} onChanged={changed} />
              </li>
            ))}
          </ul>
          <Pager
            pagination={data.pagination}
            label="Product pages"
            onPage={(next) => {
              const nextParams = new URLSearchParams(params);
              nextParams.set('page', String(next));
              setParams(nextParams);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function CategoriesSection() {
  const { state, reload } = useRemote(fetchCategories, [], 'Could not load the categories');
  return (
    <section aria-labelledby="categories-title" className="staff-block">
      <div className="staff-block-head">
        <h2 id="categories-title" className="staff-section-title">
          Categories
        </h2>
        <Link to={staffPaths.newCategory} className={buttonClass('primary', 'sm')}>
          Add category
        </Link>
      </div>
      <LoadState state={state} onRetry={() => void reload()} label="Loading categories..." />
      {state.data ? (
        <ul className="staff-list" aria-label="Categories">
          {state.data.categories.map((category) => (
            <li key={category._id} className="staff-row">
              <Link to={staffPaths.category(category._id)} className="staff-row-title">
                {category.name}
              </Link>
              <span className="staff-row-meta">
                {category.productCount === 1 ? '1 product' : `${category.productCount} products`}
              </span>
              {category.hidden ? <span className="badge badge-neutral">Hidden</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function CatalogPage() {
  useDocumentTitle('Catalog');
  return (
    <div className="staff-page">
      <h1 className="page-title">Catalog</h1>
      <ProductsSection />
      <CategoriesSection />
    </div>
  );
}
