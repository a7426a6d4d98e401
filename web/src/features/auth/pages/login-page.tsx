// /login (docs/product.md section 2): the login form, the reset-password dialog and a way to /signup.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { useAuthStore } from '../store';
import { safeRedirectTarget } from '../redirect';
import { LoginForm } from '../components/login-form';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../auth.css';

export default function LoginPage() {
  useDocumentTitle(t`Login`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [resetOpen, setResetOpen] = useState(false);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const target = safeRedirectTarget(params.get('redirect'));
  const signupHref = paths.loginFor(target, paths.signup);

  // A shopper already signed in has nothing to do here (a token present on load marks them signed in).
  if (isAuthenticated && !justSignedIn) return <Navigate to={target} replace />;

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="page-title">
          {t`Welcome back`}
        </h1>
        <p className="auth-lead">{t`Log in to order fresh groceries delivered in Kigali.`}</p>
        <LoginForm
          onSuccess={() => {
            setJustSignedIn(true);
            navigate(target, { replace: true });
          }}
          onForgotPassword={() => setResetOpen(true)}
        />
        <p className="auth-switch">
          {t`Don't have an account?`} <Link to={signupHref}>{t`Sign up`}</Link>
        </p>
      </section>
      <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </div>
  );
}
