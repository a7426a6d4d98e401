// A responsive grid of product cards (2 columns on phones, up to 5 on large screens).
import type { Product } from '../api/catalog-api';
import { ProductCard } from './product-card';
// The catalog's stylesheet comes with the grid (its 4-column variant is there): a page of products,
// the catalog's or the home page's, then loads one stylesheet with the cards', not two.
import '../catalog.css';

/** How many cards are likely on the first screen: those images load at once. */
const PRIORITY_CARDS = 4;

export function ProductGrid({ products, className = '' }: { products: Product[]; className?: string }) {
  return (
    <ul className={`product-grid plain-list ${className}`.trim()}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} priority={index < PRIORITY_CARDS} />
        </li>
      ))}
    </ul>
  );
}
