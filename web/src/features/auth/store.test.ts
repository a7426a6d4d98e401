// The session store against a mocked network (global fetch), as the browser would run it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { safeRedirectTarget } from './redirect';

const user = { _id: 'u1', fullName: 'Aline Uwase', email: 'aline@example.rw', phoneNumber: '+250788123456' };

async function loadStore() {
  vi.resetModules();
  const store = await import('./store');
  vi.spyOn(store.browserNavigation, 'assign').mockImplementation(() => undefined);
  return store;
}

/** The toasts on screen, read from the same module instance the freshly loaded store uses. */
async function toastMessages(): Promise<string[]> {
  const { toast } = await import('@web/components/ui/toast');
  return toast.current().map((item) => item.message);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useAuthStore', () => {
  it('starts authenticated when a token is already stored', async () => {
    window.localStorage.setItem('token', 'stored-token');
    const { useAuthStore } = await loadStore();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(useAuthStore.getState().token).toBe('stored-token');
  });

  it('asks the server who is signed in when the session kept no user (no Remember me, then a reload), and keeps it for this visit only', async () => {
    window.localStorage.setItem('token', 'stored-token');
    const fetchMock = mockFetch(async (request) => {
      expect(request.url).toMatch(/\/api\/user\/account$/);
      return json({ success: true, ...user, phoneVerified: false, roles: ['shopper'] });
    });
    const { useAuthStore } = await loadStore();
    expect(useAuthStore.getState().user).toBeNull();
    await useAuthStore.getState().loadUser();
    expect(useAuthStore.getState().user).toEqual({ fullName: user.fullName, email: user.email, phoneNumber: user.phoneNumber });
    expect(window.localStorage.getItem('user')).toBeNull();
    // Known now: not asked again.
    await useAuthStore.getState().loadUser();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('starts as a guest without a token', async () => {
    const { useAuthStore } = await loadStore();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('logs in, keeps only name, email and phone with Remember me, and says so', async () => {
    const fetchMock = mockFetch(async (request) => {
      if (request.url.endsWith('/api/auth/login')) {
        expect(await request.json()).toEqual({ identifier: 'aline@example.rw', password: 'secret1' });
        return json({ success: true, message: 'ok', token: 'new-token', user });
      }
      return json({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } });
    });
    const { useAuthStore } = await loadStore();
    await useAuthStore.getState().login({ identifier: ' aline@example.rw ', password: 'secret1', remember: true });
    expect(fetchMock).toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toEqual({
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber,
    });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(await toastMessages()).toContain('Login successful!');
  });

  it('does not store the user without Remember me', async () => {
    mockFetch(async (request) =>
      request.url.endsWith('/api/auth/login')
        ? json({ success: true, token: 't', user })
        : json({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } }),
    );
    const { useAuthStore } = await loadStore();
    await useAuthStore.getState().login({ identifier: 'aline@example.rw', password: 'secret1', remember: false });
    expect(window.localStorage.getItem('token')).toBe('t');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('turns a 400 into Invalid credentials', async () => {
    mockFetch(() => json({ success: false, message: 'Wrong password' }, 400));
    const { useAuthStore } = await loadStore();
    await expect(
      useAuthStore.getState().login({ identifier: 'a@b.rw', password: 'x', remember: false }),
    ).rejects.toMatchObject({ message: 'Invalid credentials' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('keeps an errors list as field errors', async () => {
    mockFetch(() =>
      json({ success: false, message: 'Invalid input', errors: [{ msg: 'Password is required', param: 'password' }] }, 400),
    );
    const { useAuthStore } = await loadStore();
    await expect(
      useAuthStore.getState().login({ identifier: 'a@b.rw', password: '', remember: false }),
    ).rejects.toMatchObject({ errors: [{ message: 'Password is required', field: 'password' }] });
  });

  it('rejects a login answer without a token', async () => {
    mockFetch(() => json({ success: true, user }));
    const { useAuthStore } = await loadStore();
    await expect(
      useAuthStore.getState().login({ identifier: 'a@b.rw', password: 'secret1', remember: false }),
    ).rejects.toMatchObject({ message: 'Invalid response from server' });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('registers, stores the whole user and says so', async () => {
    mockFetch(async (request) =>
      request.url.endsWith('/api/auth/register')
        ? json({ success: true, message: 'ok', token: 'reg-token', user }, 201)
        : json({ success: true, cart: { products: [], totalItems: 0, totalPrice: 0 } }),
    );
    const { useAuthStore } = await loadStore();
    await useAuthStore.getState().register({ fullName: user.fullName, email: user.email, phoneNumber: undefined, password: 'secret1' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toEqual(user);
    expect(await toastMessages()).toContain('Registration successful!');
  });

  it('signs out locally even when the server call fails', async () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem('user', JSON.stringify(user));
    mockFetch(() => json({ success: false, message: 'Something went wrong' }, 500));
    const { useAuthStore } = await loadStore();
    const navigate = vi.fn();
    await useAuthStore.getState().logout({ navigate });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(await toastMessages()).toContain('Failed to logout. Please try again');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('signs out and says Logged out successfully', async () => {
    window.localStorage.setItem('token', 'tok');
    mockFetch(() => json({ success: true, message: 'Logged out successfully' }));
    const { useAuthStore } = await loadStore();
    await useAuthStore.getState().logout({ navigate: () => undefined });
    expect(await toastMessages()).toContain('Logged out successfully');
  });

  it('treats a 401 from any call as session expiry: clears, tells, and reloads at /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem('token', 'dead-token');
    window.localStorage.setItem('user', JSON.stringify(user));
    mockFetch(() => json({ success: false, message: 'Invalid or expired token' }, 401));
    const { useAuthStore, SESSION_EXPIRED_REDIRECT_MS, browserNavigation } = await loadStore();
    const { api } = await import('@web/lib/api-client');
    await expect(api.get('cart').json()).rejects.toMatchObject({ error: 'unauthorized' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await toastMessages()).toContain('Session expired. Please log in again.');
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS);
    expect(browserNavigation.assign).toHaveBeenCalledWith('/login');
  });

  it('reports a dead session on the auth check as expired', async () => {
    window.localStorage.setItem('token', 'dead-token');
    mockFetch(() => json({ success: false, message: 'Invalid or expired token' }, 401));
    const { useAuthStore } = await loadStore();
    expect(await useAuthStore.getState().verifySession()).toBe('expired');
  });
});

describe('safeRedirectTarget', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirectTarget('/checkout')).toBe('/checkout');
    expect(safeRedirectTarget('/product/abc?x=1')).toBe('/product/abc?x=1');
    expect(safeRedirectTarget('https://evil.example/')).toBe('/');
    expect(safeRedirectTarget('//evil.example/')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});
