import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type SessionView, type SignInInput } from '@/domain/auth';
import { apiFetch } from '@/web/lib/api-client';
import { sessionQueryKey } from './get-session';

export async function signIn(input: SignInInput): Promise<SessionView> {
  try {
    return await apiFetch<SessionView>('/api/auth/login', { method: 'POST', json: input });
  } catch (error) {
    throw error instanceof TypeError ? new Error(AUTH_MESSAGES.unreachable) : error;
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'admin-status'] });
    },
  });
}
