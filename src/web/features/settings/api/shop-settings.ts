import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSettings, ShopSettingsUpdate } from '@/domain/admin-settings';
import { apiFetch } from '@/web/lib/api-client';
import { useSettingsSave } from './settings-save';

export const shopSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'shop'],
  queryFn: () => apiFetch<ShopSettings>('/api/admin/settings/shop'),
});

export function useShopSettings() {
  return useQuery(shopSettingsQuery);
}

export function useSaveShopSettings() {
  // The storefront's switch starts where the owner said, in this browser at once.
  return useSettingsSave<ShopSettings, ShopSettingsUpdate>('/api/admin/settings/shop', shopSettingsQuery.queryKey, [
    ['site'],
  ]);
}
