// The page sizes of docs/product.md section 9 (docs/api.md: products 15, a category's products 8, orders 10),
// one copy for the server's query defaults and the web's requests. Plain numbers, no zod, so a web chunk
// stays small.
export const PRODUCTS_PAGE_SIZE = 15;
export const CATEGORY_PAGE_SIZE = 8;
export const ORDERS_PAGE_SIZE = 10;
