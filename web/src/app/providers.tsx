// What wraps the whole app once: the router, the toasts, the cart following the session, and the
// shopper's language (a new language renders everything again from here, every word in it).
import { t } from '@lingui/core/macro';
import { Fragment, useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { toast, Toaster } from '@web/components/ui/toast';
import { useAuthStore } from '@web/features/auth/store';
import { setLoginNavigator } from '@web/features/auth/login-guard';
import { useCartStore } from '@web/features/cart/store';
import { useLanguage } from '@web/lib/i18n/i18n';
import { AppErrorBoundary } from '@web/features/errors/error-boundary';
import type { PlaceOrderReply } from '@server/modules/orders/orders.schema';
import { onOutboxResult } from '@web/lib/outbox';
import { storage } from '@web/lib/storage';
import { PLACED_JUST_NOW } from '@web/features/orders/payment-status';
import { paths } from './paths';
// The error screen's styles, in the entry's stylesheet (see router-error-page.tsx).
import '@web/features/errors/errors.css';
import { AppRoutes } from './router';

/** The login guard (a guest adds to cart, rates, buys) navigates without reloading the page. */
function LoginNavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setLoginNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** docs/product.md section 4: becoming authenticated loads the cart; becoming a guest empties it locally. */
export function CartFollowsSession() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  useEffect(() => {
    const cart = useCartStore.getState();
    if (isAuthenticated) void cart.fetchCart();
    else cart.reset();
  }, [isAuthenticated]);
  return null;
}

/**
 * An order placed without a network (kept in lib/outbox.ts) has reached the shop: the shopper sees it
 * confirmed wherever they are now, as if the network had never gone; one the shop refused says why.
 */
function OrderSentWhenOnline() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onOutboxResult(({ entry, reply, error }) => {
        if (entry.kind !== 'order') return;
        if (error) {
          if (error.error !== 'unauthorized') toast.error(error.errors[0]?.message ?? error.message);
          return;
        }
        const placed = reply as PlaceOrderReply | undefined;
        const orderId = placed?.order?._id ?? placed?.data?.order?._id;
        if (!orderId) return;
        storage.setLastOrderId(orderId);
        toast.success(t`Order placed successfully and cart cleared!`);
        navigate(paths.orderConfirmationFor(orderId), { replace: window.location.pathname === paths.checkout, state: PLACED_JUST_NOW });
        // Once the checkout has gone from the screen, so it does not send an empty cart back to /cart.
        window.setTimeout(() => useCartStore.getState().reset(), 0);
      }),
    [navigate],
  );
  return null;
}

function RoutesWithBoundary() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </AppErrorBoundary>
  );
}

export function App() {
  const language = useLanguage((state) => state.language);
  return (
    <Fragment key={language}>
      <BrowserRouter>
        <LoginNavigatorBridge />
        <CartFollowsSession />
        <OrderSentWhenOnline />
        <RoutesWithBoundary />
      </BrowserRouter>
      <Toaster />
    </Fragment>
  );
}
