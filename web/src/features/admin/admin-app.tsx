// Everything under /admin (issue 9): the staff gate, the console's frame, and its screens, each a
// chunk of its own. The storefront's router knows only this file's lazy import.
import { lazy, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { LoadingBlock } from '../../components/ui/spinner';
import { AppErrorBoundary } from '../../app/error-boundary';
import { AdminLayout } from './components/admin-layout';
import { StaffGate } from './components/staff-gate';
import './admin.css';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const OrdersPage = lazy(() => import('./pages/orders-page'));
const OrderPage = lazy(() => import('./pages/order-page'));
const CatalogPage = lazy(() => import('./pages/catalog-page'));
const ProductEditPage = lazy(() => import('./pages/product-edit-page'));
const CategoryEditPage = lazy(() => import('./pages/category-edit-page'));
const MessagesPage = lazy(() => import('./pages/messages-page'));
const StaffPage = lazy(() => import('./pages/staff-page'));
const NotFoundPage = lazy(() => import('../errors/not-found-page'));

function AdminRoutes() {
  return useRoutes([
    { index: true, element: <DashboardPage /> },
    { path: 'orders', element: <OrdersPage /> },
    { path: 'orders/:orderId', element: <OrderPage /> },
    { path: 'catalog', element: <CatalogPage /> },
    { path: 'catalog/products/:productId', element: <ProductEditPage /> },
    { path: 'catalog/categories/:categoryId', element: <CategoryEditPage /> },
    { path: 'messages', element: <MessagesPage /> },
    { path: 'staff', element: <StaffPage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

export default function AdminApp() {
  const { pathname } = useLocation();
  return (
    <StaffGate>
      <AdminLayout>
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock label="Loading..." />}>
            <AdminRoutes />
          </Suspense>
        </AppErrorBoundary>
      </AdminLayout>
    </StaffGate>
  );
}
