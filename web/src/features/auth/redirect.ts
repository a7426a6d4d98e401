// Where to go after signing in: the `redirect` query parameter, but only a path on this site, so a crafted
// link (?redirect=https://evil.example or //evil.example) can never send a shopper elsewhere.
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const origin = window.location.origin;
    const url = new URL(raw, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login address that brings the shopper back to `from` afterwards. */
export function loginHref(from: string): string {
  return from && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}
