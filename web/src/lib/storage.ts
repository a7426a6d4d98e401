// Local storage keys of docs/product.md section 3: token, user, lastOrderId. Reads never throw (private mode, bad JSON).
const KEYS = { token: 'token', user: 'user', lastOrderId: 'lastOrderId' } as const;

export interface StoredUser {
  _id?: string;
  fullName: string;
  email?: string;
  phoneNumber?: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the session then lasts for this page only.
  }
}

export const storage = {
  getToken: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  getUser(): StoredUser | null {
    const raw = read(KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredUser;
    } catch {
      return null;
    }
  },
  setUser: (user: StoredUser | null) => write(KEYS.user, user ? JSON.stringify(user) : null),
  getLastOrderId: () => read(KEYS.lastOrderId),
  setLastOrderId: (orderId: string | null) => write(KEYS.lastOrderId, orderId),
  /** Logout and session expiry remove the token and the user together. */
  clearSession() {
    write(KEYS.token, null);
    write(KEYS.user, null);
  },
};
