import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';

export const settingsQueryKey = ['admin', 'settings'] as const;

export const settingsQuery = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: () => apiFetch<SettingsView>('/api/admin/settings'),
});

export function useSettings() {
  return useQuery(settingsQuery);
}
