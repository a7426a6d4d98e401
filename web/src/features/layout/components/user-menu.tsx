// The signed-in account menu (Profile, Track Orders, Logout). Its own chunk: a first visit is a guest's.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ChevronDownIcon, UserIcon } from '@web/components/ui/icons';
import { usePopover } from '@web/components/ui/use-popover';
import { useAuthStore } from '@web/features/auth';
import { useLogout } from './use-logout';

export default function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const { open, setOpen, panelId: menuId, rootRef, toggleProps } = usePopover();
  const { isLoggingOut, logout } = useLogout(() => setOpen(false));
  const firstName = user?.fullName?.split(' ')[0] || t`Account`;

  const close = () => setOpen(false);

  return (
    <div className="account-menu" ref={rootRef}>
      <button {...toggleProps} className="btn btn-ghost btn-sm account-menu-button">
        <UserIcon size={20} />
        <span className="account-menu-name">{firstName}</span>
        <span className="visually-hidden">{t`account menu`}</span>
        <ChevronDownIcon size={16} />
      </button>
      <ul id={menuId} className="account-menu-list" hidden={!open}>
        <li>
          <Link to={paths.profile} onClick={close}>
            {t`Profile`}
          </Link>
        </li>
        <li>
          <Link to={paths.trackOrders} onClick={close}>
            {t`Track Orders`}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logout()} disabled={isLoggingOut}>
            {isLoggingOut ? t`Logging out...` : t`Logout`}
          </button>
        </li>
      </ul>
    </div>
  );
}
