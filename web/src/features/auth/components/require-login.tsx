// Checkout, orders, tracking and profile need a signed-in shopper (docs/product.md section 6). Checked when the screen
// opens only: signing out from the profile must not bounce the shopper to /login during its 3 s wait.
import { t } from '@lingui/core/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { useAuthStore } from '../store';

export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [allowed] = useState(() => useAuthStore.getState().isAuthenticated);

  useEffect(() => {
    if (!allowed) toast.error(t`Please log in to access this page`);
  }, [allowed]);

  if (!allowed) return <Navigate to={paths.loginFor(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
