// Reading a product the lenient way docs/product.md describes (section 3 fallbacks), in one place.
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
