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
