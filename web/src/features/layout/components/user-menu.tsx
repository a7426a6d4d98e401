// The signed-in account menu (Profile, Track Orders, Logout). Its own chunk: a first visit is a guest's.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { ChevronDownIcon, UserIcon } from '../../../components/ui/icons';
import { useAuthStore } from '../../auth/store';
import { useLogout } from './use-logout';

export default function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { isLoggingOut, logout } = useLogout(() => setOpen(false));
  const firstName = user?.fullName?.split(' ')[0] || 'Account';

  // Close on a click elsewhere or on Escape (focus goes back to the button).
  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-sm account-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon size={20} />
        <span className="account-menu-name">{firstName}</span>
        <span className="visually-hidden">account menu</span>
        <ChevronDownIcon size={16} />
      </button>
      <ul id={menuId} className="account-menu-list" hidden={!open}>
        <li>
          <Link to={paths.profile} onClick={close}>
            Profile
          </Link>
        </li>
        <li>
          <Link to={paths.trackOrders} onClick={close}>
            Track Orders
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logout()} disabled={isLoggingOut}>
            {isLoggingOut ? 'Logging out...' : 'Logout'}
          </button>
        </li>
      </ul>
    </div>
  );
}
