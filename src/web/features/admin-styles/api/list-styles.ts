import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStyle } from '@/domain/admin-styles';
import { apiFetch } from '@/web/lib/api-client';

export const adminStylesQueryKey = ['admin', 'styles'] as const;
/** The storefront picker's cache, refreshed after every change so Home shows it at once. */
export const storefrontStylesQueryKey = ['styles'] as const;

export const adminStylesQuery = queryOptions({
  queryKey: adminStylesQueryKey,
  queryFn: () => apiFetch<AdminStyle[]>('/api/admin/styles'),
});

export function useAdminStyles() {
  return useQuery(adminStylesQuery);
}
