// /profile (docs/product.md section 2): the shopper's details and latest orders, an edit panel, and sign-out.
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Drawer } from '@web/components/ui/drawer';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { toApiError } from '@web/lib/api-client';
import { useRemote } from '@web/lib/use-remote';
import { RequireLogin, useAuthStore, VerifyPhoneDialog } from '@web/features/auth';
import { fetchAccount } from '../api/profile-api';
import { EditProfileForm } from '../components/edit-profile-form';
import { OrderHistory } from '../components/order-history';
import { BasketsPanel } from '@web/features/baskets';
import { ProfileInfo } from '../components/profile-info';
import { ProfileSidebar, type ProfileTab } from '../components/profile-sidebar';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../profile.css';

/** docs/product.md section 4: the profile's sign-out goes home after 3 seconds. */
export const SIGN_OUT_REDIRECT_MS = 3000;

function Profile() {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const updateUser = useAuthStore((state) => state.updateUser);
  const [tab, setTab] = useState<ProfileTab>('profile');
  const [editing, setEditing] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  const { state, replace: setAccount } = useRemote(
    async (signal) => {
      try {
        return await fetchAccount(signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = await toApiError(error, t`Failed to fetch user data`);
        // An expired session is already being handled (toast and reload at /login).
        if (failure.error !== 'unauthorized') {
          toast.error(t`Failed to fetch user data`);
          navigate(paths.login, { replace: true });
        }
        throw failure;
      }
    },
    [navigate],
    t`Failed to fetch user data`,
  );
  // Until it loads, and while a failure sends the shopper away, the page shows it is loading.
  const account = state.status === 'ready' ? state.data : null;
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  async function signOut() {
    setSigningOut(true);
    await logout({
      navigate: (to) => {
        redirectTimer.current = window.setTimeout(() => navigate(to), SIGN_OUT_REDIRECT_MS);
      },
    });
  }

  if (!account) return <LoadingBlock label={t`Loading profile...`} />;

  return (
    <div className="container profile-page">
      <h1 className="page-title">{t`My Account`}</h1>
      <div className="profile-layout">
        <ProfileSidebar account={account} tab={tab} onTab={setTab} signingOut={signingOut} onSignOut={signOut} />
        <div className="profile-content">
          {tab === 'profile' ? (
          <>
            <ProfileInfo account={account} onEdit={() => setEditing(true)} />
            {account.phoneNumber && account.phoneVerified === false && (
              <p className="profile-phone-pending">
                {t`Your phone number is not confirmed yet.`}{' '}
                <button type="button" className="link-button" onClick={() => setVerifying(true)}>
                  {t`Enter the SMS code`}
                </button>
              </p>
            )}
          </>
          ) : tab === 'orders' ? (
            <OrderHistory />
          ) : (
            <BasketsPanel />
          )}
        </div>
      </div>
      <Drawer open={editing} onClose={() => setEditing(false)} title={t`Edit Information`} side="right">
        <EditProfileForm
          account={account}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setAccount(saved);
            updateUser(saved);
            setEditing(false);
            // A new number waits for the code we just sent it.
            if (saved.phoneNumber && saved.phoneVerified === false && saved.phoneNumber !== account.phoneNumber) setVerifying(true);
          }}
        />
      </Drawer>
      <VerifyPhoneDialog
        open={verifying}
        phoneNumber={account.phoneNumber ?? ''}
        onVerified={() => {
          setVerifying(false);
          setAccount({ ...account, phoneVerified: true });
        }}
        onClose={() => setVerifying(false)}
      />
    </div>
  );
}

export default function ProfilePage() {
  useDocumentTitle(t`My Account`);
  return (
    <RequireLogin>
      <Profile />
    </RequireLogin>
  );
}
