// Every route of the storefront (spec section 2) and how to build its address. The one place paths live.
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  products: '/products',
  productsSearch: (search: string) => `/products?search=${encodeURIComponent(search.trim())}`,
  productsInCategory: (category: string) => `/products?category=${encodeURIComponent(category)}`,
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  productPattern: '/product/:productId',
  category: (categoryName: string) => `/category/${encodeURIComponent(categoryName)}`,
  categoryPattern: '/category/:categoryName',
  about: '/about',
  contact: '/contact',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation',
  orderConfirmationFor: (orderId: string) => `/order-confirmation?orderId=${encodeURIComponent(orderId)}`,
  profile: '/profile',
  trackOrders: '/track-orders',
  addressManagement: '/address-management',
  chat: '/chat',
  ussdSimulator: '/ussd-simulator',
  // The staff console (issue 9): one lazy route owns everything under it; its own addresses are in
  // features/admin/admin-paths.ts, so the storefront's first load does not carry them.
  admin: '/admin',
} as const;
