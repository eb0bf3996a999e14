import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationStatus } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';

export const integrationsQueryKey = ['admin', 'integrations'] as const;

export const integrationsQuery = queryOptions({
  queryKey: integrationsQueryKey,
  queryFn: () => apiFetch<IntegrationStatus[]>('/api/admin/settings/integrations'),
  staleTime: 0,
});

export function useIntegrations() {
  return useQuery(integrationsQuery);
}
