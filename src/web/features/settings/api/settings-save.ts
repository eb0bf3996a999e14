import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

/**
 * Saves a settings endpoint with PUT. Its answer, the settings as saved, becomes the data of
 * the endpoint's query (`queryKey`) at once; the queries the change outdates (`stale`) are
 * read again.
 */
export function useSettingsSave<Settings, Update>(url: string, queryKey: QueryKey, stale: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Update) => apiFetch<Settings>(url, { method: 'PUT', json: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      for (const key of stale) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
