// The console's frame: a compact bar with the sections (it scrolls sideways on a 360-pixel phone),
// and the screen under it. No storefront header, cart or chat: staff are at work.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { adminPaths } from '../admin-paths';

const SECTIONS = [
  { to: adminPaths.home, label: 'Today', end: true },
  { to: adminPaths.orders, label: 'Orders', end: false },
  { to: adminPaths.delivery, label: 'Delivery', end: false },
  { to: adminPaths.catalog, label: 'Catalog', end: false },
  { to: adminPaths.messages, label: 'Messages', end: false },
  { to: adminPaths.staff, label: 'Staff', end: false },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="admin">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar-top">
          <Link to={adminPaths.home} className="admin-brand">
            Isoko <span>Staff</span>
          </Link>
          <Link to={paths.home} className="admin-shop-link">
            View shop
          </Link>
        </div>
        <nav aria-label="Console sections" className="admin-nav">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className="admin-nav-link">
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}
