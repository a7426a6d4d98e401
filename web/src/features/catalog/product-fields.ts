// Reading a product the lenient way docs/product.md describes (section 3 fallbacks), in one place.
import { onlyLeftText } from '@server/lib/units';
import type { Product } from './api/catalog-api';

type LooseProduct = Partial<Product> & { unit?: string; productunit?: string };

export function productUnit(product: LooseProduct): string {
  return product.productUnit || product.unit || product.productunit || 'unit';
}

export function categoryName(product: LooseProduct, fallback = 'Unknown'): string {
  return product.productCategory?.name || fallback;
}

export function productDescription(product: LooseProduct): string {
  return product.description || 'No description available';
}

/** "Only 3 left" (or "Only 2.5 kg left") while a product that keeps a stock count runs low; undefined otherwise. */
export function leftNote(product: LooseProduct): string | undefined {
  if (product.inStock === false || !product.stock?.low || product.stock.available === undefined) return undefined;
  return onlyLeftText(product.stock.available, productUnit(product));
}
