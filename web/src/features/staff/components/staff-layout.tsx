// The console's frame: a compact bar with the sections (on a 360-pixel phone it wraps to two rows, every section in sight),
// and the screen under it. No storefront header, cart or chat: staff are at work.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { staffPaths } from '../staff-paths';

const SECTIONS = [
  { to: staffPaths.home, label: 'Today', end: true },
  { to: staffPaths.orders, label: 'Orders', end: false },
  { to: staffPaths.delivery, label: 'Delivery', end: false },
  { to: staffPaths.catalog, label: 'Catalog', end: false },
  { to: staffPaths.messages, label: 'Messages', end: false },
  { to: staffPaths.staff, label: 'Staff', end: false },
];

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <div className="staff">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="staff-bar">
        <div className="staff-bar-top">
          <Link to={staffPaths.home} className="staff-brand">
            Isoko <span>Staff</span>
          </Link>
          <Link to={paths.home} className="staff-shop-link">
            View shop
          </Link>
        </div>
        <nav aria-label="Console sections" className="staff-nav">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className="staff-nav-link">
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}
