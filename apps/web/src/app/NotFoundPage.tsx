import { ArrowLeft, Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../components/Button';
import { useRouteTitle } from '../lib/document-title';

/** Spec 2.6: the Page Not Found screen (404) for any unknown path. Go Back from a page opened directly goes home. */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const navigate = useNavigate();
  useRouteTitle('Page Not Found');
  const body = (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent-text">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-muted">
        Sorry, the requested page could not be found. It may be a broken link, or the page may have been moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          <Home size={16} aria-hidden /> Go Home
        </Link>
        <Button variant="secondary" onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'))}>
          <ArrowLeft size={16} aria-hidden /> Go Back
        </Button>
      </div>
      <nav aria-label="Helpful links" className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-2 border-t border-line pt-6 text-sm">
        <Link to="/contact" className="font-medium text-accent-text hover:underline">
          Contact Support
        </Link>
        <Link to="/help" className="font-medium text-accent-text hover:underline">
          Help Center
        </Link>
        <Link to="/sitemap" className="font-medium text-accent-text hover:underline">
          Site Map
        </Link>
      </nav>
    </div>
  );
  return standalone ? <main className="flex min-h-full items-center justify-center bg-canvas">{body}</main> : body;
}
