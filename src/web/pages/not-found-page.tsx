import { Link } from 'react-router';
import { NOT_FOUND_PAGE } from '@/domain/pages';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

/** Storefront §2, Not found: shown inside the storefront's header and footer. */
export function NotFoundPage() {
  usePageHead(NOT_FOUND_PAGE);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="mb-4 text-6xl font-bold text-primary">404</h1>
      <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-accent underline underline-offset-4 hover:text-accent/80">
        Return to Home
      </Link>
    </div>
  );
}
