// What other features may use from auth: the session store, the login link builder and the form fields.
export { useAuthStore } from './store';
export { loginHref } from './redirect';
export { TextField } from './components/text-field';
export { PasswordField } from './components/password-field';
export { RequireLogin } from './components/require-login';
export { VerifyPhoneDialog } from './components/verify-phone-dialog';
