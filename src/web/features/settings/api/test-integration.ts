import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationId, IntegrationStatus } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';
import { integrationsQueryKey } from './get-integrations';

export function testIntegration(id: IntegrationId): Promise<IntegrationStatus> {
  return apiFetch<IntegrationStatus>(`/api/admin/settings/integrations/${id}/test`, { method: 'POST' });
}

export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testIntegration,
    onSuccess: (status) =>
      queryClient.setQueryData<IntegrationStatus[]>(integrationsQueryKey, (all) =>
        all?.map((entry) => (entry.id === status.id ? status : entry)),
      ),
  });
}
