// Staff and owners see the console; a packer sees its packing part (the pick list and the packing
// screen). A guest goes to login and comes back here after; a shopper or a rider sees a plain 'Staff only' page that says which account they are in. The server
// checks every staff call on its own: this gate only spares people a screen of errors, and hands
// the account and roles it read to the console (ConsoleAccountContext).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mayPack, mayUseConsole, ROLE_NAMES, type Role } from '@server/modules/auth/role-lists.schema';
import { paths } from '@web/app/paths';
import { buttonClass } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
// Through auth's face: the build keeps only RequireLogin of it, so the phone-verification dialog stays
// out of the console's first load (`npm run bench web-bundle` counts it there).
import { RequireLogin } from '@web/features/auth';
import { fetchConsoleAccount } from '../api/fetch-console-account';
import { ConsoleAccountContext, type ConsoleAccount } from '../console-account';

type Check = { state: 'checking' } | { state: 'failed' } | { state: 'checked'; account: ConsoleAccount };

/** What the account is, in words: "a rider's account", "a packer and rider's account", "a shopper's account". */
function accountKind(roles: readonly Role[]): string {
  const team = roles.filter((role) => role !== 'shopper').map((role) => ROLE_NAMES[role].toLowerCase());
  const words = team.length ? team.join(' and ') : 'shopper';
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}'s account`;
}

export function StaffOnly({ roles = ['shopper'] }: { roles?: readonly Role[] }) {
  useDocumentTitle('Staff only');
  return (
    <main id="main" className="staff-gate">
      <h1 className="page-title">Staff only</h1>
      <p>This part of Isoko is for the shop's staff. Your account is {accountKind(roles)}.</p>
      <p className="muted">If you work at the shop, ask the shop's owner to give your account staff access, then open this page again.</p>
      <Link to={paths.home} className={buttonClass('primary')}>
        Back to the shop
      </Link>
    </main>
  );
}

function StaffCheck({ children }: { children: ReactNode }) {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setCheck({ state: 'checking' });
    fetchConsoleAccount()
      .then((account) => live && setCheck({ state: 'checked', account }))
      .catch(async (error: unknown) => {
        const failure = await toApiError(error, 'Could not check your account');
        // An expired session is handled by api-client (toast and /login); anything else may be retried.
        if (live && failure.error !== 'unauthorized') setCheck({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  if (check.state === 'checking') {
    return (
      <main id="main" className="staff-gate">
        <LoadingBlock label="Checking your account..." />
      </main>
    );
  }
  if (check.state === 'failed') {
    return (
      <main id="main" className="staff-gate" role="alert">
        <h1 className="page-title">Could not check your account</h1>
        <button type="button" className={buttonClass('primary')} onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </main>
    );
  }
  if (!mayUseConsole(check.account.roles) && !mayPack(check.account.roles)) return <StaffOnly roles={check.account.roles} />;
  return <ConsoleAccountContext.Provider value={check.account}>{children}</ConsoleAccountContext.Provider>;
}

export function StaffGate({ children }: { children: ReactNode }) {
  return (
    <RequireLogin>
      <StaffCheck>{children}</StaffCheck>
    </RequireLogin>
  );
}
