// The profile sidebar: who is signed in and the four things they can do from here (five for staff and owners).
import { t } from '@lingui/core/macro';
import { useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '@web/components/ui/button';
import { ClockIcon, LogOutIcon, MapPinIcon, PackageIcon, StoreIcon, UserIcon } from '@web/components/ui/icons';
import { paths } from '@web/app/paths';
import { mayUseConsole } from '@server/modules/auth/role-lists.schema';

/**
 * staffPaths.home. Written here rather than imported: a storefront chunk importing the console's module
 * would share a chunk with the console and name it in the storefront's entry (its preload list).
 */
const STAFF_CONSOLE_HREF = '/admin';
import type { Account } from '../api/profile-api';

export type ProfileTab = 'profile' | 'orders' | 'baskets';

interface ProfileSidebarProps {
  account: Account;
  tab: ProfileTab;
  onTab: (tab: ProfileTab) => void;
  signingOut: boolean;
  onSignOut: () => void;
}

export function ProfileSidebar({ account, tab, onTab, signingOut, onSignOut }: ProfileSidebarProps) {
  const navigate = useNavigate();
  return (
    <aside className="card profile-sidebar" aria-label={t`Account`}>
      <div className="profile-identity">
        <span className="profile-avatar" aria-hidden="true">
          {account.fullName.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <p className="profile-name">{account.fullName}</p>
          <p className="profile-email">{account.email || account.phoneNumber}</p>
        </div>
      </div>
      <nav className="profile-nav" aria-label={t`Profile sections`}>
        <Button
          variant={tab === 'profile' ? 'primary' : 'ghost'}
          aria-current={tab === 'profile' ? 'page' : undefined}
          icon={<UserIcon size={18} aria-hidden="true" />}
          onClick={() => onTab('profile')}
        >
          {t`Profile`}
        </Button>
        <Button
          variant={tab === 'orders' ? 'primary' : 'ghost'}
          aria-current={tab === 'orders' ? 'page' : undefined}
          icon={<PackageIcon size={18} aria-hidden="true" />}
          onClick={() => onTab('orders')}
        >
          {t`Orders`}
        </Button>
        <Button
          variant={tab === 'baskets' ? 'primary' : 'ghost'}
          aria-current={tab === 'baskets' ? 'page' : undefined}
          icon={<ClockIcon size={18} aria-hidden="true" />}
          onClick={() => onTab('baskets')}
        >
          {t`Weekly Baskets`}
        </Button>
        <Button
          variant="ghost"
          icon={<MapPinIcon size={18} aria-hidden="true" />}
          onClick={() => navigate(paths.addressManagement)}
        >
          {t`Manage Addresses`}
        </Button>
        {mayUseConsole(account.roles) && (
          // A plain link: the console is a page of its own (admin.html), loaded whole.
          <a href={STAFF_CONSOLE_HREF} className={buttonClass('ghost')}>
            <StoreIcon size={18} aria-hidden="true" />
            Staff console
          </a>
        )}
        <Button variant="danger" busy={signingOut} icon={<LogOutIcon size={18} aria-hidden="true" />} onClick={onSignOut}>
          {signingOut ? t`Signing out...` : t`Sign Out`}
        </Button>
      </nav>
    </aside>
  );
}
