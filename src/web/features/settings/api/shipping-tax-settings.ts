import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingTaxSettings, ShippingTaxSettingsUpdate } from '@/domain/shipping-quote';
import { apiFetch } from '@/web/lib/api-client';
import { useSettingsSave } from './settings-save';

/** `GET /api/admin/settings/shipping-tax`: threshold, adjustment, tax rules and the Stripe Tax switch. */
export const shippingTaxSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'shipping-tax'],
  queryFn: () => apiFetch<ShippingTaxSettings>('/api/admin/settings/shipping-tax'),
});

export function useShippingTaxSettings() {
  return useQuery(shippingTaxSettingsQuery);
}

export function useSaveShippingTaxSettings() {
  // Quotes made before the change are stale.
  return useSettingsSave<ShippingTaxSettings, ShippingTaxSettingsUpdate>(
    '/api/admin/settings/shipping-tax',
    shippingTaxSettingsQuery.queryKey,
    [['checkout', 'quote']],
  );
}
