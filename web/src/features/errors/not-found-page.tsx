// Any unknown address (spec 2): say so, log it for whoever reads the console, and offer the way home.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import './errors.css';
import { useDocumentTitle } from '../../components/ui/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="container page error-page">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Oops! Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="btn btn-primary">
        Return to Home
      </Link>
    </div>
  );
}
