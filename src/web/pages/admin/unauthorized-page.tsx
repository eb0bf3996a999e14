/** /admin/unauthorized (admin §2 Access denied, §4 Admin status). */
import { useQueryClient } from '@tanstack/react-query';
import { Home, Loader2, LogOut, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ADMIN_STATUS_RELOAD_DELAY_MS, AUTH_MESSAGES } from '@/domain/auth';
import { AuthScreen } from '@/web/features/auth/components/auth-screens';
import { useAdminAuth } from '@/web/features/auth/hooks/use-admin-auth';
import { useSignOutAction } from '@/web/features/auth/hooks/use-sign-out-action';
import { clearAdminStatus } from '@/web/features/auth/lib/admin-status-cache';
import { Button } from '@/web/components/ui/button';
import { PAGES } from '@/domain/pages';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

export function AdminUnauthorizedPage() {
  usePageHead(PAGES.adminUnauthorized);
  const auth = useAdminAuth();
  const queryClient = useQueryClient();
  const { signOut, pending } = useSignOutAction();
  const [refreshing, setRefreshing] = useState(false);

  if (!auth.isLoading && auth.user && auth.isAdmin) return <Navigate to="/admin" replace />;

  const refreshStatus = async () => {
    setRefreshing(true);
    clearAdminStatus();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    setTimeout(() => window.location.reload(), ADMIN_STATUS_RELOAD_DELAY_MS);
  };

  return (
    <AuthScreen
      title={AUTH_MESSAGES.accessDeniedPageTitle}
      tone="error"
      description={
        <>
          {AUTH_MESSAGES.notAdmin}
          {auth.user && (
            <span className="mt-2 block">
              Signed in as{' '}
              <strong className="text-foreground" data-testid="denied-email">
                {auth.user.email}
              </strong>
            </span>
          )}
        </>
      }
    >
      <Button asChild>
        <Link to="/">
          <Home aria-hidden /> Return to Homepage
        </Link>
      </Button>
      <Button variant="outline" onClick={refreshStatus} disabled={refreshing}>
        {refreshing ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        Refresh Admin Status
      </Button>
      {auth.user ? (
        <Button variant="ghost" onClick={signOut} disabled={pending}>
          <LogOut aria-hidden /> Sign Out
        </Button>
      ) : (
        <Button asChild variant="ghost">
          <Link to="/admin/login">Sign in</Link>
        </Button>
      )}
    </AuthScreen>
  );
}
