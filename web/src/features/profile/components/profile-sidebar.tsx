// The profile sidebar: who is signed in and the four things they can do from here.
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { LogOutIcon, MapPinIcon, PackageIcon, UserIcon } from '../../../components/ui/icons';
import { paths } from '../../../app/paths';
import type { Account } from '../api/profile-api';

export type ProfileTab = 'profile' | 'orders';

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
    <aside className="card profile-sidebar" aria-label="Account">
      <div className="profile-identity">
        <span className="profile-avatar" aria-hidden="true">
          {account.fullName.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <p className="profile-name">{account.fullName}</p>
          <p className="profile-email">{account.email || account.phoneNumber}</p>
        </div>
      </div>
      <nav className="profile-nav" aria-label="Profile sections">
        <Button
          variant={tab === 'profile' ? 'primary' : 'ghost'}
          aria-current={tab === 'profile' ? 'page' : undefined}
          icon={<UserIcon size={18} aria-hidden="true" />}
          onClick={() => onTab('profile')}
        >
          Profile
        </Button>
        <Button
          variant={tab === 'orders' ? 'primary' : 'ghost'}
          aria-current={tab === 'orders' ? 'page' : undefined}
          icon={<PackageIcon size={18} aria-hidden="true" />}
          onClick={() => onTab('orders')}
        >
          Orders
        </Button>
        <Button
          variant="ghost"
          icon={<MapPinIcon size={18} aria-hidden="true" />}
          onClick={() => navigate(paths.addressManagement)}
        >
          Manage Addresses
        </Button>
        <Button variant="danger" busy={signingOut} icon={<LogOutIcon size={18} aria-hidden="true" />} onClick={onSignOut}>
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </nav>
    </aside>
  );
}
