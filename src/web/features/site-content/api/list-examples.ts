import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminExamplePair } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';

export const examplesQueryKey = ['admin', 'examples'] as const;
/** Home's gallery, refreshed whenever the homepage examples change. */
export const galleryQueryKey = ['gallery'] as const;

export const examplesQuery = queryOptions({
  queryKey: examplesQueryKey,
  queryFn: () => apiFetch<AdminExamplePair[]>('/api/admin/content/examples'),
  retry: false,
});

export function useExamples() {
  return useQuery(examplesQuery);
}
