import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminContentView } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';

export const adminContentQueryKey = ['admin', 'content'] as const;

export const adminContentQuery = queryOptions({
  queryKey: adminContentQueryKey,
  queryFn: () => apiFetch<AdminContentView>('/api/admin/content'),
});

export function useAdminContent() {
  return useQuery(adminContentQuery);
}
