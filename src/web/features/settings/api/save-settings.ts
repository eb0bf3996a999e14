import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsUpdate, SettingsView } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';
import { settingsQueryKey } from './get-settings';
import { integrationsQueryKey } from './get-integrations';

export function saveSettings(update: SettingsUpdate): Promise<SettingsView> {
  return apiFetch<SettingsView>('/api/admin/settings', { method: 'PUT', json: update });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (view) => {
      queryClient.setQueryData(settingsQueryKey, view);
      // A new key can change which adapter is active, and which styles the storefront offers.
      void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['styles'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'styles'] });
    },
  });
}
