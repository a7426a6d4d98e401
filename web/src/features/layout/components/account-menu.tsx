// Desktop account area: Login and Sign Up for guests; a small menu (Profile, Track Orders, Logout) for users.
import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { useAuthStore } from '@web/features/auth';
import { withMessages } from '@web/lib/i18n/i18n';

const UserMenu = lazy(withMessages(() => import('./user-menu')));

export function AccountMenu() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (!isAuthenticated) {
    return (
      <div className="account-guest">
        <Link to={paths.login} className="btn btn-ghost btn-sm">
          {t`Login`}
        </Link>
        <Link to={paths.signup} className="btn btn-primary btn-sm">
          {t`Sign Up`}
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={<span className="account-menu-placeholder" />}>
      <UserMenu />
    </Suspense>
  );
}
