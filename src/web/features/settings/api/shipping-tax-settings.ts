import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingTaxSettings, ShippingTaxSettingsUpdate } from '@/domain/shipping-quote';
import { apiFetch } from '@/web/lib/api-client';

/** `GET /api/admin/settings/shipping-tax`: threshold, adjustment, tax rules and the Stripe Tax switch. */
export const shippingTaxSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'shipping-tax'],
  queryFn: () => apiFetch<ShippingTaxSettings>('/api/admin/settings/shipping-tax'),
});

export function useShippingTaxSettings() {
  return useQuery(shippingTaxSettingsQuery);
}

export function useSaveShippingTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ShippingTaxSettingsUpdate) =>
      apiFetch<ShippingTaxSettings>('/api/admin/settings/shipping-tax', { method: 'PUT', json: update }),
    onSuccess: (settings) => {
      queryClient.setQueryData(shippingTaxSettingsQuery.queryKey, settings);
      // Quotes made before the change are stale.
      void queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] });
    },
  });
}
