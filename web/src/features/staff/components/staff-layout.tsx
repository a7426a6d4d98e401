// The console's frame: a compact bar with the sections (on a 360-pixel phone it wraps to two rows, every
// section in sight), and the screen under it. No storefront header, cart or chat: staff are at work. The
// Staff section (who holds which role) is the owner's, so only an owner's bar shows it.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { mayUseConsole, type Role } from '@server/modules/auth/role-lists.schema';
import { paths } from '@web/app/paths';
import { useConsoleAccount } from '../console-account';
import { staffPaths } from '../staff-paths';

const SECTIONS: readonly { to: string; label: string; end: boolean; onlyFor?: Role }[] = [
  { to: staffPaths.home, label: 'Today', end: true },
  { to: staffPaths.orders, label: 'Orders', end: false },
  { to: staffPaths.dispatch, label: 'Dispatch', end: false },
  { to: staffPaths.riders, label: 'Riders', end: false },
  { to: staffPaths.delivery, label: 'Delivery', end: false },
  { to: staffPaths.catalog, label: 'Catalog', end: false },
  { to: staffPaths.stock, label: 'Stock', end: false },
  { to: staffPaths.messages, label: 'Messages', end: false },
  { to: staffPaths.staff, label: 'Staff', end: false, onlyFor: 'owner' },
];

/** A packer's bar: the pick list (on the Delivery page) is all of the console they use. */
const PACKER_SECTIONS: typeof SECTIONS = [{ to: staffPaths.delivery, label: 'Pick list', end: false }];

export function StaffLayout({ children }: { children: ReactNode }) {
  const { roles } = useConsoleAccount();
  const sections = mayUseConsole(roles) ? SECTIONS.filter((section) => !section.onlyFor || roles.includes(section.onlyFor)) : PACKER_SECTIONS;
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
          {sections.map((section) => (
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
