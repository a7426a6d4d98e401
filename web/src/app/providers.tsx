// What wraps the whole app once: the router, the toasts, and the cart following the session.
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { Toaster } from '@web/components/ui/toast';
import { useAuthStore } from '@web/features/auth/store';
import { setLoginNavigator } from '@web/features/auth/login-guard';
import { useCartStore } from '@web/features/cart/store';
import { AppErrorBoundary } from '@web/features/errors/error-boundary';
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

function RoutesWithBoundary() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </AppErrorBoundary>
  );
}

export function App() {
  return (
    <>
      <BrowserRouter>
        <LoginNavigatorBridge />
        <CartFollowsSession />
        <RoutesWithBoundary />
      </BrowserRouter>
      <Toaster />
    </>
  );
}
