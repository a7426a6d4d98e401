// The staff console's addresses (issue 9). Apart from paths.ts only so that the storefront's first
// load, which carries paths.ts, does not grow by the console's routes: only /admin code imports this.
import { paths } from '../../app/paths';

export const adminPaths = {
  home: paths.admin,
  orders: `${paths.admin}/orders`,
  order: (orderId: string) => `${paths.admin}/orders/${encodeURIComponent(orderId)}`,
  catalog: `${paths.admin}/catalog`,
  product: (productId: string) => `${paths.admin}/catalog/products/${encodeURIComponent(productId)}`,
  newProduct: `${paths.admin}/catalog/products/new`,
  category: (categoryId: string) => `${paths.admin}/catalog/categories/${encodeURIComponent(categoryId)}`,
  newCategory: `${paths.admin}/catalog/categories/new`,
  messages: `${paths.admin}/messages`,
  staff: `${paths.admin}/staff`,
} as const;
