import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_CHECK_TIMEOUT_MS, AUTH_MESSAGES, type AdminStatusView } from '@/domain/auth';
import { apiFetch } from '@/web/lib/api-client';
import { cachedAdminStatus, rememberAdminStatus } from '../lib/admin-status-cache';

/**
 * The spec's is_admin check: 5 s at most; when it fails, the status cached within the last
 * hour stands in, and without one the guard shows 'Failed to verify admin status'.
 */
export async function getAdminStatus(userId: string): Promise<boolean> {
  try {
    const { isAdmin } = await apiFetch<AdminStatusView>('/api/auth/admin-status', {
      signal: AbortSignal.timeout(ADMIN_CHECK_TIMEOUT_MS),
    });
    rememberAdminStatus(userId, isAdmin);
    return isAdmin;
  } catch {
    const cached = cachedAdminStatus(userId);
    if (cached !== undefined) return cached;
    throw new Error(AUTH_MESSAGES.adminCheckFailed);
  }
}

export const adminStatusQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['auth', 'admin-status', userId],
    queryFn: () => getAdminStatus(userId!),
    enabled: Boolean(userId),
    retry: false,
    staleTime: 60_000,
  });

export function useAdminStatus(userId: string | undefined) {
  return useQuery(adminStatusQuery(userId));
}
