// Signing out from a menu: 'Logging out...' while the call runs, and the label resets after 3 s
// in case the page stays (docs/product.md section 9: logout button reset 3000 ms).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '@web/features/auth';

const LOGOUT_RESET_MS = 3000;

export function useLogout(onDone?: () => void) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function run() {
    if (isLoggingOut) return;
    setLoggingOut(true);
    timer.current = setTimeout(() => setLoggingOut(false), LOGOUT_RESET_MS);
    try {
      await logout({ navigate: (to) => navigate(to) });
    } finally {
      onDone?.();
    }
  }

  return { isLoggingOut, logout: run };
}
