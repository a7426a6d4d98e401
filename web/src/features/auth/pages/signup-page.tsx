// /signup (docs/product.md section 2): create an account; the server signs the new shopper in straight away.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { useAuthStore } from '../store';
import { safeRedirectTarget } from '../redirect';
import { SignupForm } from '../components/signup-form';
import { VerifyPhoneDialog } from '../components/verify-phone-dialog';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../auth.css';

export default function SignupPage() {
  useDocumentTitle(t`Sign Up`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [justSignedUp, setJustSignedUp] = useState(false);
  const [phoneToVerify, setPhoneToVerify] = useState<string>();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const target = safeRedirectTarget(params.get('redirect'));
  const loginHref = paths.loginFor(target);

  if (isAuthenticated && !justSignedUp) return <Navigate to={target} replace />;

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title" className="page-title">
          {t`Create your account`}
        </h1>
        <p className="auth-lead">{t`Fresh produce from local farmers, delivered to your door.`}</p>
        <SignupForm
          onSuccess={(phoneNumber) => {
            setJustSignedUp(true);
            // A number typed here waits for its SMS code before USSD reaches this account.
            if (phoneNumber) setPhoneToVerify(phoneNumber);
            else navigate(target, { replace: true });
          }}
        />
        <VerifyPhoneDialog
          open={phoneToVerify !== undefined}
          phoneNumber={phoneToVerify ?? ''}
          onVerified={() => navigate(target, { replace: true })}
          onClose={() => navigate(target, { replace: true })}
        />
        <p className="auth-switch">
          {t`Already have an account?`} <Link to={loginHref}>{t`Login`}</Link>
        </p>
      </section>
    </div>
  );
}
