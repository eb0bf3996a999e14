import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 text-center">
      <h1 className="mb-4 text-6xl font-bold text-primary">404</h1>
      <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-accent underline underline-offset-4 hover:text-accent/80">
        Return to Home
      </Link>
    </div>
  );
}
