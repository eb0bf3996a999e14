import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_LOADING_TIMEOUT_MS, AUTH_MESSAGES, type SessionView } from '@/domain/auth';
import { apiFetch } from '@/web/lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/** Who is signed in. Gives up after 10 s with the spec's time-out message (admin §9). */
export async function getSession(): Promise<SessionView> {
  try {
    return await apiFetch<SessionView>('/api/auth/session', { signal: AbortSignal.timeout(AUTH_LOADING_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new Error(AUTH_MESSAGES.authTimeout);
    // fetch rejects with a TypeError when no answer came at all (offline, server down).
    if (error instanceof TypeError) throw new Error(AUTH_MESSAGES.unreachable);
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  retry: false,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
