// Every route of the storefront (spec section 2) and how to build its address. The one place paths live.

/** `page` with a way back to `from` (?redirect=), unless there is nowhere worth returning to. */
function withRedirect(page: string, from: string): string {
  const path = from.split(/[?#]/)[0];
  if (!from || path === '/' || path === '/login' || path === '/signup') return page;
  return `${page}?redirect=${encodeURIComponent(from)}`;
}

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** The login page that brings the shopper back to `from` (a path with its query) afterwards. */
  loginFor: (from: string) => withRedirect('/login', from),
  /** The sign-up page, keeping the same way back. */
  signupFor: (from: string) => withRedirect('/signup', from),
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
} as const;
