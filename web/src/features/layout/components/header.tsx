// The header on every page (docs/product.md section 2): links, search, cart button, account menu; solid with a shadow
// once the page has scrolled more than 10px; a folding menu on phones.
import { t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@web/components/ui/icons';
import { AccountMenu } from './account-menu';
import { CartButton } from './cart-button';
import { HeaderSearch } from './header-search';
import { LanguageSwitcher } from './language-switcher';
import { NAV_LINKS } from './nav-links';
import { SiteLogo } from './site-logo';
import { withMessages } from '@web/lib/i18n/i18n';

export const SCROLL_THRESHOLD_PX = 10;

// The phone menu's code arrives when idle or on first tap, keeping it out of the first load.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(withMessages(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu }))));

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 2500);
  return () => clearTimeout(timer);
}

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadMobileMenu()), []);
  useEffect(() => {
    if (menuOpen) setMenuWanted(true);
  }, [menuOpen]);

  // Any navigation closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className={`site-header${scrolled || menuOpen ? ' site-header-solid' : ''}`}>
      <div className="container site-header-bar">
        <button
          type="button"
          className="btn btn-ghost btn-icon header-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t`Close menu` : t`Open menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>
        <SiteLogo />
        <nav className="header-nav" aria-label={t`Main`}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {i18n._(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch className="header-search-desktop" />
        <div className="header-actions">
          <LanguageSwitcher place="header" />
          <CartButton />
          <div className="header-account">
            <AccountMenu />
          </div>
        </div>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : (
        // Keeps aria-controls pointing at a real element before the menu's code has loaded.
        <div id={menuId} hidden />
      )}
    </header>
  );
}
