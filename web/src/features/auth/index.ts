// What other features may use from auth: the session store and the form fields (login links: app/paths).
export { useAuthStore } from './store';
export { EmailField, PhoneField, TextField } from './components/text-field';
export { PasswordField } from './components/password-field';
export { RequireLogin } from './components/require-login';
export { VerifyPhoneDialog } from './components/verify-phone-dialog';
