// One product (docs/product.md section 2, Product details): picture and badge, price, rating, Add to Cart and Buy Now,
// the Rate Product popover, an accordion, and related or latest products.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon, CartIcon } from '@web/components/ui/icons';
import { Image } from '@web/components/ui/image';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Stars } from '@web/components/ui/stars';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { ApiError, toApiError } from '@web/lib/api-client';
import { useRemote } from '@web/lib/use-remote';
import { requireLogin } from '@web/features/auth';
import { useCartStore } from '@web/features/cart';
import { getProductDetails, type Product } from '../api/catalog-api';
import { DiscountBadge } from '../components/discount-badge';
import { PriceTag } from '../components/price-tag';
import { RateProduct } from '../components/rate-product';
import { RelatedProducts } from '../components/related-products';
import { categoryName, leftNote, productDescription, productDisplayName, productSecondName, productUnit } from '../product-fields';
import '../catalog.css';

const productFailure = () => t`Failed to fetch product details`;
const notFound = () => new ApiError(t`Product not found`, 404, 'not_found');

/** The product, or an error whose message the page shows: not found quietly, any other failure with a toast too. */
function useProduct(productId: string | undefined) {
  return useRemote(
    async (signal) => {
      if (!productId) throw new ApiError(t`No product ID provided`, 0, 'no_product_id');
      try {
        const { product } = await getProductDetails(productId, signal);
        if (product) return product;
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = await toApiError(error, productFailure());
        if (failure.status !== 404) {
          toast.error(productFailure());
          throw new ApiError(productFailure(), failure.status, failure.error);
        }
      }
      throw notFound();
    },
    [productId],
    productFailure(),
  );
}

export default function ProductDetailsPage() {
  const { productId } = useParams();
  const { state, replace } = useProduct(productId);
  useDocumentTitle(state.status === 'ready' ? productDisplayName(state.data) : t`Product details`);

  return (
    <div className="container page">
      <Link to={paths.products} className="back-link">
        <ArrowLeftIcon size={18} /> {t`Back to Products`}
      </Link>
      {state.status === 'loading' && <LoadingBlock label={t`Loading product details...`} />}
      {state.status === 'error' && (
        <div className="state-message" role="alert">
          <h1 className="page-title">{state.error.message || t`Product not found`}</h1>
          <Link to={paths.products} className="btn btn-primary">
            {t`Back to Products`}
          </Link>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <ProductDetails product={state.data} onRated={replace} />
          <RelatedProducts product={state.data} />
        </>
      )}
    </div>
  );
}

function ProductDetails({ product, onRated }: { product: Product; onRated: (product: Product) => void }) {
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  const unit = productUnit(product);
  const soldOut = product.inStock === false;
  const name = productDisplayName(product);
  const categoryLabel = categoryName(product, t`Uncategorized`);
  const secondName = productSecondName(product) ?? product.localName;
  const left = leftNote(product);

  async function handleAdd() {
    // A guest on a product page hears 'Please log in to continue shopping' and comes back here after.
    if (!requireLogin(t`Please log in to continue shopping`)) return;
    setBusy('add');
    try {
      await addItem(product, t`Failed to add to cart`);
    } finally {
      setBusy(null);
    }
  }

  async function handleBuyNow() {
    if (!requireLogin(t`Please log in to continue shopping`)) return;
    setBusy('buy');
    try {
      if (await addItem(product, t`Failed to add to cart`)) navigate(paths.checkout);
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className="product-details">
      <div className="product-details-media">
        <Image src={product.productImage} alt={name} width={600} height={600} priority />
        <DiscountBadge price={product.price} offerPrice={product.offerPrice} className="product-details-badge" />
      </div>
      <div className="product-details-info">
        <p className="product-card-category">{categoryName(product, t`Uncategorized`)}</p>
        <h1 className="page-title product-details-name">{name}</h1>
        {secondName && (
          <p className="muted product-details-local" lang={secondName === product.localName ? 'rw' : 'en'}>
            {secondName}
          </p>
        )}
        <Stars value={product.averageRating} count={product.ratingCount} size={18} />
        <PriceTag price={product.price} offerPrice={product.offerPrice} unit={unit} size="lg" />
        {soldOut ? (
          <p className="stock-badge product-details-stock" id="product-stock">
            {t`Out of stock`}
          </p>
        ) : null}
        {left ? (
          <p className="stock-badge stock-badge-low product-details-stock" id="product-stock">
            {left}
          </p>
        ) : null}
        <div className="product-details-actions">
          <button type="button" className="btn btn-primary btn-lg" onClick={() => void handleAdd()} disabled={busy !== null || soldOut} aria-describedby={soldOut ? 'product-stock' : undefined}>
            {busy === 'add' ? <span className="spinner spinner-sm" aria-hidden="true" /> : <CartIcon size={18} />}
            {busy === 'add' ? t`Adding...` : t`Add to Cart`}
          </button>
          <button type="button" className="btn btn-secondary btn-lg" onClick={() => void handleBuyNow()} disabled={busy !== null || soldOut} aria-describedby={soldOut ? 'product-stock' : undefined}>
            {busy === 'buy' && <span className="spinner spinner-sm" aria-hidden="true" />}
            {busy === 'buy' ? t`Processing...` : t`Buy Now`}
          </button>
        </div>
        <RateProduct product={product} onRated={onRated} />
        <p className="product-details-description">{productDescription(product)}</p>
        <div className="accordion">
          <details open>
            <summary>{t`Product Description`}</summary>
            {/* The description itself is shown once, above; this section adds what it sells by. */}
            <div className="accordion-body">
              <p className="muted">
                {t`Sold per ${unit}. Category: ${categoryLabel}.`}
              </p>
            </div>
          </details>
          <details>
            <summary>{t`Delivery Information`}</summary>
            <div className="accordion-body">
              <p>{t`Orders placed before 2 PM are eligible for same-day delivery.`}</p>
              <p>{t`The delivery fee is negotiable with the delivery agent.`}</p>
            </div>
          </details>
        </div>
      </div>
    </article>
  );
}
