import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '@/domain/auth';
import { apiFetch } from '@/web/lib/api-client';
import { clearAdminStatus } from '../lib/admin-status-cache';
import { sessionQueryKey } from './get-session';

export function signOut(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      clearAdminStatus();
      queryClient.setQueryData<SessionView>(sessionQueryKey, { user: null });
      queryClient.removeQueries({ queryKey: ['auth', 'admin-status'] });
      // Nothing the admin loaded stays in memory for the next person at this browser.
      queryClient.removeQueries({ queryKey: ['admin'] });
    },
  });
}
