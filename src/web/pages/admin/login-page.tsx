/** /admin/login (admin §2 Admin login). */
import { PAGES } from '@/domain/pages';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useLocation, type Location } from 'react-router';
import { AUTH_MESSAGES } from '@/domain/auth';
import { AuthScreen } from '@/web/features/auth/components/auth-screens';
import { LoginForm } from '@/web/features/auth/components/login-form';
import { useAdminAuth } from '@/web/features/auth/hooks/use-admin-auth';
import { clearAdminStatus } from '@/web/features/auth/lib/admin-status-cache';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';
import { Button } from '@/web/components/ui/button';

export function AdminLoginPage() {
  const auth = useAdminAuth();
  const queryClient = useQueryClient();
  const { data: site } = useSite();
  usePageHead(PAGES.adminLogin);
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const target =
    from && from.pathname.startsWith('/admin') && from.pathname !== '/admin/login'
      ? `${from.pathname}${from.search}${from.hash}`
      : '/admin';

  if (auth.isLoading) {
    return (
      <AuthScreen title="Checking your session..." tone="loading">
        <Button
          variant="outline"
          onClick={() => {
            clearAdminStatus();
            queryClient.clear();
            window.location.reload();
          }}
        >
          Force Refresh
        </Button>
      </AuthScreen>
    );
  }
  if (auth.authError) {
    return (
      <AuthScreen title={AUTH_MESSAGES.authIssueTitle} description={auth.authError} tone="error">
        <Button onClick={auth.retry}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </AuthScreen>
    );
  }
  if (auth.user && auth.isAdmin) return <Navigate to={target} replace />;
  if (auth.user) return <Navigate to="/admin/unauthorized" replace />;

  return (
    <AuthScreen title="Admin sign in" description={`Sign in to manage ${site?.siteName ?? 'the shop'}.`}>
      <LoginForm />
      <Button asChild variant="link" className="self-center">
        <Link to="/">
          <ArrowLeft aria-hidden /> Return to homepage
        </Link>
      </Button>
    </AuthScreen>
  );
}
