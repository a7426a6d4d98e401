// Address management requires login (docs/product.md section 6): a stored token, and the server confirming it
// still works.
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { useAuthStore } from '@web/features/auth';

export function useVerifiedSession(): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const verifySession = useAuthStore((state) => state.verifySession);
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    let active = true;
    const back = paths.loginFor(`${location.pathname}${location.search}`);
    void verifySession().then((result) => {
      if (!active) return;
      if (result === 'valid') setVerified(true);
      else if (result === 'missing') {
        toast.error(t`Please log in to access this page`);
        navigate(back, { replace: true });
      } else if (result === 'failed') {
        toast.error(t`Authentication failed. Please log in`);
        navigate(back, { replace: true });
      }
      // 'expired': the session-expiry handler already shows its toast and reloads at /login.
    });
    return () => {
      active = false;
    };
    // Checked once per visit to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return verified;
}
