// The frame of every page: header, the routed page (each one its own lazily loaded chunk), footer,
// cart drawer (its code loads on first open) and the chat launcher.
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Header } from '@web/features/layout/components/header';
import { useCartStore } from '@web/features/cart/store';
import { AppErrorBoundary } from '@web/features/errors/error-boundary';
import { ChatLauncher } from './chat-launcher';
import { ConnectionBanner } from './connection-banner';
import '@web/features/layout/layout.css';
import { withMessages } from '@web/lib/i18n/i18n';

const CartDrawer = lazy(withMessages(() => import('@web/features/cart/components/cart-drawer')));
// Below the fold on every page: its code (and its GET /api/config) can follow the first paint.
const Footer = lazy(withMessages(() => import('@web/features/layout/components/footer').then((module) => ({ default: module.Footer }))));

function LazyCartDrawer() {
  const isOpen = useCartStore((state) => state.isDrawerOpen);
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

/** A new page starts at the top; Back and Forward leave the browser's own scroll restoration alone. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <Header />
      <ConnectionBanner />
      <main id="main" tabIndex={-1}>
        {/* Inside the layout, so the header still works when a page fails. */}
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock label={t`Loading...`} />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </main>
      <Suspense fallback={<div className="site-footer-placeholder" />}>
        <Footer />
      </Suspense>
      <LazyCartDrawer />
      <ChatLauncher />
      <ScrollToTopOnNavigate />
    </>
  );
}
