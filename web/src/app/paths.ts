// Every route of the storefront (docs/product.md section 2) and how to build its address. The one place paths live.

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /**
   * The login page (or `page`: sign-up) that brings the shopper back to `from`, a path with its query,
   * afterwards; home and the sign-in pages themselves need no way back.
   */
  loginFor: (from: string, page = '/login') =>
    /^(\/(login|signup)?)?([?#]|$)/.test(from) ? page : `${page}?redirect=${encodeURIComponent(from)}`,
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
  receipt: (orderId: string) => `/receipt/${encodeURIComponent(orderId)}`,
  receiptPattern: '/receipt/:orderId',
  addressManagement: '/address-management',
  chat: '/chat',
  ussdSimulator: '/ussd-simulator',
} as const;
