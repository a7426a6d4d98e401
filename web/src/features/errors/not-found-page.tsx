// Any unknown address (docs/product.md section 2): say so, log it for whoever reads the console, and offer the way home.
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
// Its styles (errors.css) are in both entries' stylesheets already: see router-error-page.tsx.

/** The 404 screen itself; the staff console shows it for an address it does not have. */
export function PageNotFound() {
  useDocumentTitle(t`Page not found`);
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="container page error-page">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t`Oops! Page not found`}</h1>
      <p className="muted">{t`The page you are looking for does not exist or has moved.`}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t`Return to Home`}
      </Link>
    </div>
  );
}

/**
 * The storefront's last route. Its router knows only the shop's addresses, but the server has another
 * page for some it does not know (the staff console, admin.html). An unknown address reached by a link
 * or redirect inside the app (signing in on the way to /admin, say) is therefore asked of the server
 * once; the 404 shows when the server answers with the storefront again (the router then starts afresh).
 */
export default function NotFoundPage() {
  const { key, pathname, search, hash } = useLocation();
  const reachedInApp = key !== 'default';
  useEffect(() => {
    if (reachedInApp) window.location.replace(`${pathname}${search}${hash}`);
  }, [reachedInApp, pathname, search, hash]);
  return reachedInApp ? null : <PageNotFound />;
}
