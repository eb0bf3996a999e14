/**
 * The route guard of /admin (admin §4 Route guard): 'Verifying access...' while it checks,
 * 'Authentication Error' when the check fails, the sign-in page (remembering where the
 * visitor was going) without a session, and Access Denied for a signed-in non-admin.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '@/domain/auth';
import { Button } from '@/web/components/ui/button';
import { useAdminAuth } from '../hooks/use-admin-auth';
import { AuthScreen } from './auth-screens';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAdminAuth();
  const location = useLocation();
  const navigate = useNavigate();

  if (auth.isLoading) {
    return (
      <AuthScreen title={AUTH_MESSAGES.verifyingAccess} tone="loading">
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </AuthScreen>
    );
  }
  if (auth.authError) {
    return (
      <AuthScreen title={AUTH_MESSAGES.authErrorTitle} description={auth.authError} tone="error">
        <Button onClick={auth.retry}>Try Again</Button>
        <Button variant="outline" onClick={() => navigate('/admin/login', { state: { from: location } })}>
          Go to Login
        </Button>
      </AuthScreen>
    );
  }
  if (!auth.user) return <Navigate to="/admin/login" replace state={{ from: location }} />;
  if (!auth.isAdmin) return <AccessDeniedRedirect />;
  return children;
}

function AccessDeniedRedirect() {
  useEffect(() => {
    toast.error(AUTH_MESSAGES.accessDeniedToastTitle, {
      id: 'access-denied',
      description: AUTH_MESSAGES.accessDeniedToastText,
    });
  }, []);
  return <Navigate to="/admin/unauthorized" replace />;
}
