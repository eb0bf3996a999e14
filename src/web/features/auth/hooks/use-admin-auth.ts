import type { SessionUser } from '@/domain/auth';
import { useAdminStatus } from '../api/get-admin-status';
import { useSession } from '../api/get-session';

/** The spec's auth context (admin §3): user, isAuthenticated, isAdmin, isLoading, authError. */
export interface AdminAuth {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isLoading: boolean;
  authError: string | null;
  retry: () => void;
}

export function useAdminAuth(): AdminAuth {
  const session = useSession();
  const user = session.data?.user ?? null;
  const status = useAdminStatus(user?.id);
  const error = session.error ?? status.error;
  return {
    user,
    isAuthenticated: Boolean(user),
    isAdmin: status.data === true,
    isLoading: session.isPending || (Boolean(user) && status.isPending),
    authError: error ? error.message : null,
    retry: () => {
      void session.refetch();
      if (user) void status.refetch();
    },
  };
}
