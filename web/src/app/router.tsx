// The route table of docs/product.md section 2. Every page is its own chunk (React.lazy), so the home page's
// first load carries only React, the router, the shell and the home page itself.
//
// Declarative routes (<BrowserRouter> + useRoutes) rather than createBrowserRouter: the data router
// adds about 21 kB gzipped to every first load, which alone would break the 100 kB budget for the
// home page (React DOM is ~72 kB of it). Nothing here uses loaders or actions; the error screen is an
// error boundary (app/error-boundary.tsx) and scrolling is restored in the layout.
import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from './paths';
import { RootLayout } from './layout/root-layout';
import { Splash } from '@web/features/home/components/splash';
// Every screen but home waits for its words too (withMessages): home's are the first screen's, loaded first.
// The home page's styles travel with the entry stylesheet (see home-page.tsx).
import '@web/features/home/home.css';
import { withMessages } from '@web/lib/i18n/i18n';

const HomePage = lazy(() => import('@web/features/home/pages/home-page'));
const ProductsPage = lazy(withMessages(() => import('@web/features/catalog/pages/products-page')));
const ProductDetailsPage = lazy(withMessages(() => import('@web/features/catalog/pages/product-details-page')));
const CategoryPage = lazy(withMessages(() => import('@web/features/catalog/pages/category-page')));
const CartPage = lazy(withMessages(() => import('@web/features/cart/pages/cart-page')));
const AboutPage = lazy(withMessages(() => import('@web/features/about/pages/about-page')));
const ContactPage = lazy(withMessages(() => import('@web/features/contact/pages/contact-page')));
const NotFoundPage = lazy(withMessages(() => import('@web/features/errors/not-found-page')));
// The account pages (the account engineer's feature folders).
const LoginPage = lazy(withMessages(() => import('@web/features/auth/pages/login-page')));
const SignupPage = lazy(withMessages(() => import('@web/features/auth/pages/signup-page')));
const CheckoutPage = lazy(withMessages(() => import('@web/features/checkout/pages/checkout-page')));
const OrderConfirmationPage = lazy(withMessages(() => import('@web/features/orders/pages/order-confirmation-page')));
const TrackOrdersPage = lazy(withMessages(() => import('@web/features/orders/pages/track-orders-page')));
const ReceiptPage = lazy(withMessages(() => import('@web/features/orders/pages/receipt-page')));
const ProfilePage = lazy(withMessages(() => import('@web/features/profile/pages/profile-page')));
const AddressManagementPage = lazy(withMessages(() => import('@web/features/addresses/pages/address-management-page')));
// The conversation faces.
const ChatPage = lazy(withMessages(() => import('@web/features/chat/chat-page')));
const UssdSimulatorPage = lazy(withMessages(() => import('@web/features/ussd-simulator/ussd-simulator-page')));

/** While the home page's code downloads, the shopper keeps seeing the same splash index.html painted,
 *  instead of the layout flashing in with a spinner and the splash coming back. */
function HomeRoute() {
  return (
    <Suspense fallback={<Splash name="Isoko" />}>
      <HomePage />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.products, element: <ProductsPage /> },
      { path: paths.productPattern, element: <ProductDetailsPage /> },
      { path: paths.categoryPattern, element: <CategoryPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.cart, element: <CartPage /> },
      { path: paths.checkout, element: <CheckoutPage /> },
      { path: paths.orderConfirmation, element: <OrderConfirmationPage /> },
      { path: paths.profile, element: <ProfilePage /> },
      { path: paths.trackOrders, element: <TrackOrdersPage /> },
      { path: paths.receiptPattern, element: <ReceiptPage /> },
      { path: paths.addressManagement, element: <AddressManagementPage /> },
      { path: paths.chat, element: <ChatPage /> },
      { path: paths.ussdSimulator, element: <UssdSimulatorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
