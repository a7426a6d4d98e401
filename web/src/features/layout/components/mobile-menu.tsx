// The phone menu (docs/product.md section 2): a panel that folds out under the header with the links, the search and the
// account actions ('Logging out...' while signing out).
import { t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { useAuthStore } from '@web/features/auth';
import { HeaderSearch } from './header-search';
import { NAV_LINKS } from './nav-links';
import { useLogout } from './use-logout';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { isLoggingOut, logout } = useLogout(onClose);

  return (
    <nav id={id} className="mobile-menu" aria-label={t`Mobile`} hidden={!open}>
      <div className="container">
        <HeaderSearch onSearched={onClose} className="mobile-menu-search" />
        <ul className="mobile-menu-links">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} onClick={onClose}>
                {i18n._(link.label)}
              </NavLink>
            </li>
          ))}
          {isAuthenticated && (
            <>
              <li>
                <NavLink to={paths.profile} onClick={onClose}>
                  {t`Profile`}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.trackOrders} onClick={onClose}>
                  {t`Track Orders`}
                </NavLink>
              </li>
            </>
          )}
        </ul>
        <div className="mobile-menu-actions">
          {isAuthenticated ? (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => void logout()}
              disabled={isLoggingOut}
            >
              {isLoggingOut ? t`Logging out...` : t`Logout`}
            </button>
          ) : (
            <>
              <Link to={paths.login} className="btn btn-secondary btn-block" onClick={onClose}>
                {t`Login`}
              </Link>
              <Link to={paths.signup} className="btn btn-primary btn-block" onClick={onClose}>
                {t`Sign Up`}
              </Link>
            </>
          )}
        </div>
      </div>
    </nav>
  );
}
