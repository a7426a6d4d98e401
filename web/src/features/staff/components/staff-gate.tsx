// Only staff see the console. A guest goes to login and comes back here after; a shopper sees a
// plain 'Staff only' page. The server checks every staff call on its own: this gate only spares
// people a screen of errors.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { buttonClass } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
// Through auth's face: the build keeps only RequireLogin of it, so the phone-verification dialog stays
// out of the console's first load (`npm run bench web-bundle` counts it there).
import { RequireLogin } from '@web/features/auth';
import { fetchIsStaff } from '../api/fetch-is-staff';

type Check = 'checking' | 'staff' | 'not-staff' | 'failed';

export function StaffOnly() {
  useDocumentTitle('Staff only');
  return (
    <main id="main" className="staff-gate">
      <h1 className="page-title">Staff only</h1>
      <p>This part of Isoko is for the shop's staff. Your account is a shopper's account.</p>
      <p className="muted">If you work at the shop, ask a colleague to give your account staff access, then sign in again.</p>
      <Link to={paths.home} className={buttonClass('primary')}>
        Back to the shop
      </Link>
    </main>
  );
}

function StaffCheck({ children }: { children: ReactNode }) {
  const [check, setCheck] = useState<Check>('checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setCheck('checking');
    fetchIsStaff()
      .then((isStaff) => live && setCheck(isStaff ? 'staff' : 'not-staff'))
      .catch(async (error: unknown) => {
        const failure = await toApiError(error, 'Could not check your account');
        // An expired session is handled by api-client (toast and /login); anything else may be retried.
        if (live && failure.error !== 'unauthorized') setCheck('failed');
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  if (check === 'checking') {
    return (
      <main id="main" className="staff-gate">
        <LoadingBlock label="Checking your account..." />
      </main>
    );
  }
  if (check === 'not-staff') return <StaffOnly />;
  if (check === 'failed') {
    return (
      <main id="main" className="staff-gate" role="alert">
        <h1 className="page-title">Could not check your account</h1>
        <button type="button" className={buttonClass('primary')} onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </main>
    );
  }
  return <>{children}</>;
}

export function StaffGate({ children }: { children: ReactNode }) {
  return (
    <RequireLogin>
      <StaffCheck>{children}</StaffCheck>
    </RequireLogin>
  );
}
