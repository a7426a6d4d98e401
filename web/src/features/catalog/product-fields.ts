// Reading a product the lenient way docs/product.md describes (section 3 fallbacks), in one place.
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { onlyLeftIn } from '@web/lib/i18n/units';
import type { Product } from './api/catalog-api';

type LooseProduct = Partial<Product> & { unit?: string; productunit?: string };

export function productUnit(product: LooseProduct): string {
  return product.productUnit || product.unit || product.productunit || t`unit`;
}

export function categoryName(product: LooseProduct, fallback = t`Unknown`): string {
  return product.productCategory?.name || fallback;
}

export function productDescription(product: LooseProduct): string {
  return product.description || t`No description available`;
}

/** The product's name as the shopper says it: in Kinyarwanda its local name when it has one (as USSD shows it). */
export function productDisplayName(product: LooseProduct): string {
  return localNameIn(product, currentLanguage()) ?? (product.productname || t`Unknown Product`);
}

/** The catalog's own name under a local one, so the product is never unrecognisable; else nothing. */
export function productSecondName(product: LooseProduct): string | undefined {
  return localNameIn(product, currentLanguage()) ? product.productname : undefined;
}

/** "Only 3 left" (or "Only 2.5 kg left") while a product that keeps a stock count runs low; undefined otherwise. */
export function leftNote(product: LooseProduct): string | undefined {
  if (product.inStock === false || !product.stock?.low || product.stock.available === undefined) return undefined;
  return onlyLeftIn(product.stock.available, productUnit(product));
}
