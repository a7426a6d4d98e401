// The session (docs/product.md section 4): who is signed in, shared by every screen. Screens navigate; the store
// keeps the token, the stored user and the toasts of sign-in, sign-up, sign-out and session expiry.
import { t } from '@lingui/core/macro';
import { create } from 'zustand';
import { ApiError, setSessionExpiredHandler, toApiError } from '@web/lib/api-client';
import { storage, type StoredUser } from '@web/lib/storage';
import { toast } from '@web/components/ui/toast';
import type { RegisterInput } from '@server/modules/auth/auth.schema';
import { getAccount, getIsAuth, getLogout, postLogin, postRegister, type AuthResponse } from './api/auth-api';
import { browserNavigation } from './login-guard';

export interface LoginCredentials {
  identifier: string;
  password: string;
  remember: boolean;
}

export type SessionCheck = 'valid' | 'missing' | 'expired' | 'failed';

export interface AuthState {
  token: string | null;
  user: StoredUser | null;
  isAuthenticated: boolean;
  /** Signs in; rejects with an ApiError carrying the section 8 message and field errors. */
  login(credentials: LoginCredentials): Promise<void>;
  /** Signs up (the server signs the new user in); rejects like login. */
  register(input: RegisterInput): Promise<void>;
  /** Signs out on the server, then locally even if the server call failed. */
  logout(options?: { navigate?: (to: string) => void }): Promise<void>;
  /** Forgets the session locally: token and user (the app then empties the local cart). */
  clearSession(): void;
  /** After a profile edit: the header and stored user show the new name and contacts. */
  updateUser(user: StoredUser): void;
  /**
   * Asks the server whether the stored token still works (address management checks this). 'expired'
   * means the session-expiry handler is already sending the shopper to /login.
   */
  verifySession(): Promise<SessionCheck>;
  /**
   * A signed-in session whose user was not kept (no Remember me, then a reload) asks the server who it
   * is, so forms can offer the shopper's own name, e-mail and phone. Kept for this visit only.
   */
  loadUser(): Promise<void>;
}


// Full page loads go through the login guard's browserNavigation, re-exported for the tests that watch it.
export { browserNavigation };

function requireToken(response: AuthResponse, code: string): string {
  if (!response?.token) throw new ApiError(t`Invalid response from server`, 200, code);
  return response.token;
}

/** Section 8, login: 400 reads 'Invalid credentials'; an errors list wins; else a generic auth error. */
async function loginError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError && error.error === 'invalid_response') return error;
  const base = await toApiError(error, t`Login failed. Please check your credentials.`);
  if (base.errors.length) return base;
  if (base.status === 400) return new ApiError(t`Invalid credentials`, 400, 'invalid_credentials', [], base.data);
  if (base.status === 0) return base;
  return new ApiError(t`Login failed. Please check your credentials.`, base.status, 'auth_error', [], base.data);
}

async function registerError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError && error.error === 'no_token') return error;
  return toApiError(error, t`Registration failed. Please check the server configuration or try again.`);
}

/**
 * Remember me keeps only the fields docs/product.md names (section 3); without it, the user is kept for this
 * visit only.
 */
function rememberedUser(user: AuthResponse['user'] | StoredUser): StoredUser | null {
  if (!user) return null;
  return { fullName: user.fullName, email: user.email, phoneNumber: user.phoneNumber };
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: storage.getToken(),
  user: storage.getUser(),
  isAuthenticated: Boolean(storage.getToken()),

  async login({ identifier, password, remember }) {
    let token: string;
    let user: AuthResponse['user'];
    try {
      const response = await postLogin({ identifier: identifier.trim(), password });
      token = requireToken(response, 'invalid_response');
      user = response.user;
    } catch (error) {
      throw await loginError(error);
    }
    storage.setToken(token);
    const kept = rememberedUser(user);
    storage.setUser(remember ? kept : null);
    set({ token, user: kept, isAuthenticated: true });
    // The app's CartFollowsSession loads the cart once isAuthenticated turns true.
    toast.success(t`Login successful!`);
  },

  async register(input) {
    let token: string;
    let user: AuthResponse['user'];
    try {
      const response = await postRegister(input);
      token = requireToken(response, 'no_token');
      user = response.user;
    } catch (error) {
      throw await registerError(error);
    }
    storage.setToken(token);
    storage.setUser(user ?? null);
    set({ token, user: user ?? null, isAuthenticated: true });
    toast.success(t`Registration successful!`);
  },

  async logout(options) {
    let failed = false;
    try {
      await getLogout();
    } catch {
      failed = true;
    }
    get().clearSession();
    if (failed) toast.error(t`Failed to logout. Please try again`);
    else toast.success(t`Logged out successfully`);
    if (options?.navigate) options.navigate('/');
    else browserNavigation.assign('/');
  },

  clearSession() {
    storage.clearSession();
    // The local cart follows: the app empties it when isAuthenticated turns false (CartFollowsSession in
    // app/providers.tsx), so the session knows nothing of the cart and the cart may ask the session.
    set({ token: null, user: null, isAuthenticated: false });
  },

  updateUser(user) {
    const kept = rememberedUser(user);
    // Only rewrite the stored copy if one was kept (Remember me or signup); never add one silently.
    const stored = storage.getUser();
    if (stored && kept) storage.setUser({ ...stored, ...kept });
    set({ user: kept });
  },

  async loadUser() {
    if (!get().token || get().user) return;
    try {
      const account = await getAccount();
      if (get().token && !get().user) set({ user: rememberedUser(account) });
    } catch {
      // Nothing to offer: the forms start empty, as for a guest.
    }
  },

  async verifySession() {
    if (!storage.getToken()) return 'missing';
    try {
      await getIsAuth();
      return 'valid';
    } catch (error) {
      // A 401 is expiry even when another call already cleared the token (the handler then did not run here).
      if (error instanceof ApiError && error.error === 'unauthorized') return 'expired';
      const failure = await toApiError(error, t`Authentication failed. Please log in`);
      return failure.status === 401 ? 'expired' : 'failed';
    }
  },
}));

/** Long enough to read the toast before the full reload wipes it. */
export const SESSION_EXPIRED_REDIRECT_MS = 1500;
let expiring = false;

/** Section 8, session expiry on any call: forget the session, say so, and reload at /login. */
export function handleSessionExpired(): void {
  // Several calls can fail together when a token dies; one toast and one redirect are enough.
  if (expiring) return;
  expiring = true;
  useAuthStore.getState().clearSession();
  toast.error(t`Session expired. Please log in again.`);
  window.setTimeout(() => {
    expiring = false;
    if (window.location.pathname !== '/login') browserNavigation.assign('/login');
  }, SESSION_EXPIRED_REDIRECT_MS);
}

setSessionExpiredHandler(handleSessionExpired);
