import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings, ShopSettingsUpdate } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';

export const shopSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'shop'],
  queryFn: () => apiFetch<ShopSettings>('/api/admin/settings/shop'),
});

export function useShopSettings() {
  return useQuery(shopSettingsQuery);
}

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ShopSettingsUpdate) =>
      apiFetch<ShopSettings>('/api/admin/settings/shop', { method: 'PUT', json: update }),
    onSuccess: (settings) => {
      queryClient.setQueryData(shopSettingsQuery.queryKey, settings);
      // The storefront's switch starts where the owner said, in this browser at once.
      void queryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
}
