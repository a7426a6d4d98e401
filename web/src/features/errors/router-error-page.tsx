import { t } from '@lingui/core/macro';
// The screen for a failure the app could not handle (a page that threw, a chunk that failed to load).
// Deliberately plain and self-contained: the layout may be what broke. Its styles (errors.css) come with
// each entry's own stylesheet (app/providers.tsx, staff.css), never a chunk shared by both.

function describe(error: unknown): string {
  // A screen never opened on this phone has no script kept for it: say why, not the browser's words.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return t`You are offline, and this page was not opened on this phone before. It opens when the network returns.`;
  if (error instanceof Error && error.message) return error.message;
  return t`Something went wrong.`;
}

export function RouterErrorPage({ error }: { error: unknown }) {
  return (
    <div className="container page error-page" role="alert">
      <h1 className="page-title">{t`Unexpected Application Error`}</h1>
      <p className="muted">{describe(error)}</p>
      <div className="error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t`Reload page`}
        </button>
        <a href="/" className="btn btn-secondary">
          {t`Return to Home`}
        </a>
      </div>
    </div>
  );
}
