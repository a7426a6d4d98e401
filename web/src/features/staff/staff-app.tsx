// The staff console, a page of its own (admin.html, entry staff-main.tsx): its router over
// /admin, the staff gate, the console's frame and its screens, each a chunk of its own. The storefront's
// entry knows none of it, so the shop's first load does not carry a byte of the console.
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes } from 'react-router-dom';
import { mayUseConsole } from '@server/modules/auth/role-lists.schema';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Toaster } from '@web/components/ui/toast';
import { AppErrorBoundary } from '@web/features/errors';
import { StaffLayout } from './components/staff-layout';
import { StaffGate } from './components/staff-gate';
import { paths } from '@web/app/paths';
import { staffPaths } from './staff-paths';
import { useConsoleAccount } from './console-account';
import './staff.css';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const OrdersPage = lazy(() => import('./pages/orders-page'));
const OrderPage = lazy(() => import('./pages/order-page'));
const PackingPage = lazy(() => import('./pages/packing-page'));
const CatalogPage = lazy(() => import('./pages/catalog-page'));
const ProductEditPage = lazy(() => import('./pages/product-edit-page'));
const CategoryEditPage = lazy(() => import('./pages/category-edit-page'));
const MessagesPage = lazy(() => import('./pages/messages-page'));
const DeliveryPage = lazy(() => import('./pages/delivery-page'));
const StockPage = lazy(() => import('./pages/stock-page'));
const ReceivePage = lazy(() => import('./pages/receive-page'));
const StaffPage = lazy(() => import('./pages/staff-page'));
const DispatchPage = lazy(() => import('./pages/dispatch-page'));
const RidersPage = lazy(() => import('./pages/riders-page'));
// A guest on the way in signs in on this page (see AppRoutes).
const LoginPage = lazy(() => import('./pages/login-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/** A packer's console: the pick list (on the Delivery page) and the packing screen, nothing else. */
function PackerRoutes() {
  return useRoutes([
    { index: true, element: <Navigate to={staffPaths.delivery} replace /> },
    { path: 'delivery', element: <DeliveryPage /> },
    { path: 'orders/:orderId/packing', element: <PackingPage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

function StaffRoutes() {
  return useRoutes([
    { index: true, element: <DashboardPage /> },
    { path: 'orders', element: <OrdersPage /> },
    { path: 'orders/:orderId', element: <OrderPage /> },
    { path: 'orders/:orderId/packing', element: <PackingPage /> },
    { path: 'catalog', element: <CatalogPage /> },
    { path: 'catalog/products/:productId', element: <ProductEditPage /> },
    { path: 'catalog/categories/:categoryId', element: <CategoryEditPage /> },
    { path: 'messages', element: <MessagesPage /> },
    { path: 'delivery', element: <DeliveryPage /> },
    { path: 'stock', element: <StockPage /> },
    { path: 'stock/receive', element: <ReceivePage /> },
    { path: 'dispatch', element: <DispatchPage /> },
    { path: 'riders', element: <RidersPage /> },
    { path: 'staff', element: <StaffPage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

function ConsoleRoutes() {
  const { roles } = useConsoleAccount();
  return mayUseConsole(roles) ? <StaffRoutes /> : <PackerRoutes />;
}

function Console() {
  const { pathname } = useLocation();
  return (
    <StaffGate>
      <StaffLayout>
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock label="Loading..." />}>
            <ConsoleRoutes />
          </Suspense>
        </AppErrorBoundary>
      </StaffLayout>
    </StaffGate>
  );
}

/** A link or redirect out of the console (the shop, /login) is a storefront page: the server serves it. */
function StorefrontPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

function AppRoutes() {
  return useRoutes([
    { path: `${staffPaths.home}/*`, element: <Console /> },
    // The gate sends a guest to /login and back. The storefront's login screen (no shop frame) shows
    // right in this page, so a phone on a slow network does not load the storefront in between.
    {
      path: paths.login,
      element: (
        <Suspense fallback={<LoadingBlock label="Loading..." />}>
          <main id="main">
            <LoginPage />
          </main>
        </Suspense>
      ),
    },
    { path: '*', element: <StorefrontPage /> },
  ]);
}

export function StaffApp() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </>
  );
}
