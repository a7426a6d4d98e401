// auth's face: what other features may use of it. The build drops what a chunk does not use (the
// treeshake rule in web/vite.config.ts, docs/decisions/010-feature-faces.md), so a chunk that takes
// RequireLogin carries neither the login page nor the phone-verification dialog.
export { useAuthStore } from './store';
export { useSignedInUser } from './hooks/use-signed-in-user';
export { requireLogin, setLoginNavigator } from './login-guard';
export { RequireLogin } from './components/require-login';
export { VerifyPhoneDialog } from './components/verify-phone-dialog';
// The console signs a guest in on its own page, lazily (import('@web/features/auth').then(...)).
export { default as LoginPage } from './pages/login-page';
