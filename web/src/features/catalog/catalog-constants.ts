// docs/product.md section 9 numbers for the catalog screens. The page sizes are the server's (plain numbers in
// server/lib, so no zod comes along); the rest are the storefront's own.
export { CATEGORY_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from '@server/lib/page-sizes';
export const RELATED_LIST_SIZE = 4;
export const HOME_SECTION_SIZE = 10;
