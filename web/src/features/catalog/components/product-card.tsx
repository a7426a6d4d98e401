// A product in a grid (docs/product.md section 2, Product card): the whole card links to the product; the add
// button sits above the link so the two never nest.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Image } from '@web/components/ui/image';
import { CartIcon } from '@web/components/ui/icons';
import { Stars } from '@web/components/ui/stars';
import { useCartStore } from '@web/features/cart';
import type { Product } from '../api/catalog-api';
import { categoryName, leftNote, productDisplayName, productSecondName, productUnit } from '../product-fields';
import { DiscountBadge } from './discount-badge';
import { PriceTag } from './price-tag';
import './product-card.css';

interface ProductCardProps {
  product: Product;
  /** Cards in the first screenful load their image at once. */
  priority?: boolean;
}

export function ProductCard({ product, priority = false }: ProductCardProps) {
  const addItem = useCartStore((state) => state.addItem);
  const [adding, setAdding] = useState(false);
  const name = productDisplayName(product);
  const secondName = productSecondName(product);
  // Staff mark a product out of stock; it stays listed but cannot go into a cart.
  const soldOut = product.inStock === false;
  const left = leftNote(product);

  async function handleAdd() {
    setAdding(true);
    try {
      await addItem(product, t`Failed to add item to cart. Please try again.`);
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className="product-card">
      <div className="product-card-media">
        <Image src={product.productImage} alt="" width={300} height={300} priority={priority} />
        <DiscountBadge price={product.price} offerPrice={product.offerPrice} className="product-card-badge" />
        {soldOut ? <span className="stock-badge product-card-stock">{t`Out of stock`}</span> : null}
        {left ? <span className="stock-badge stock-badge-low product-card-stock">{left}</span> : null}
      </div>
      <div className="product-card-body">
        <p className="product-card-category">{categoryName(product)}</p>
        <h3 className="product-card-name">
          <Link to={paths.product(product._id)} className="product-card-link">
            {name}
          </Link>
        </h3>
        {secondName ? (
          <p className="product-card-second-name" lang="en">
            {secondName}
          </p>
        ) : null}
        <Stars value={product.averageRating} size={14} />
        <PriceTag price={product.price} offerPrice={product.offerPrice} unit={productUnit(product)} />
        <button
          type="button"
          className="btn btn-primary btn-sm btn-block product-card-add"
          onClick={() => void handleAdd()}
          disabled={adding || soldOut}
        >
          {adding ? <span className="spinner spinner-sm" aria-hidden="true" /> : <CartIcon size={16} />}
          {adding ? t`Adding...` : t`Add to Cart`}
          {/* The visible words come first in the name, so voice control ("click Add to Cart") still works. */}
          <span className="visually-hidden">: {name}</span>
        </button>
      </div>
    </article>
  );
}

/** The same footprint as a card while it loads, so the grid does not jump. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card-skeleton" aria-hidden="true">
      <span className="skeleton" style={{ aspectRatio: '1 / 1', width: '100%', borderRadius: 0 }} />
      <div className="product-card-body">
        <span className="skeleton" style={{ width: '40%', height: 12 }} />
        <span className="skeleton" style={{ width: '80%', height: 18 }} />
        <span className="skeleton" style={{ width: '50%', height: 14 }} />
        <span className="skeleton" style={{ width: '60%', height: 18 }} />
        <span className="skeleton" style={{ width: '100%', height: 36 }} />
      </div>
    </div>
  );
}
