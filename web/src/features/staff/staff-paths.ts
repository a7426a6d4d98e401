// The staff console's addresses. The console is its own page (admin.html), so the
// storefront's paths.ts and its first load know nothing of them; the server serves admin.html for all.
const CONSOLE = '/admin';

export const staffPaths = {
  home: CONSOLE,
  orders: `${CONSOLE}/orders`,
  order: (orderId: string) => `${CONSOLE}/orders/${encodeURIComponent(orderId)}`,
  packing: (orderId: string) => `${CONSOLE}/orders/${encodeURIComponent(orderId)}/packing`,
  pickList: (windowId: string) => `${CONSOLE}/delivery?window=${encodeURIComponent(windowId)}`,
  catalog: `${CONSOLE}/catalog`,
  product: (productId: string) => `${CONSOLE}/catalog/products/${encodeURIComponent(productId)}`,
  newProduct: `${CONSOLE}/catalog/products/new`,
  category: (categoryId: string) => `${CONSOLE}/catalog/categories/${encodeURIComponent(categoryId)}`,
  newCategory: `${CONSOLE}/catalog/categories/new`,
  messages: `${CONSOLE}/messages`,
  delivery: `${CONSOLE}/delivery`,
  stock: `${CONSOLE}/stock`,
  receiveStock: `${CONSOLE}/stock/receive`,
  dispatch: `${CONSOLE}/dispatch`,
  riders: `${CONSOLE}/riders`,
  staff: `${CONSOLE}/staff`,
} as const;
