// Spec section 9 numbers for the catalog screens. Plain constants (the server schema's copies would
// pull zod into these chunks at runtime).
export const PRODUCTS_PAGE_SIZE = 15;
export const CATEGORY_PAGE_SIZE = 8;
export const RELATED_LIST_SIZE = 4;
export const HOME_SECTION_SIZE = 10;
