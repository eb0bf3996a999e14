import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncPayload, SyncResponse } from '@/domain/admin-products';
import { apiFetch } from '@/web/lib/api-client';
import { catalogQueryKey } from './catalog';
import { adminProductsQueryKey, storefrontProductsQueryKey } from './list-products';

export function useSyncProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (products: SyncPayload[]) =>
      apiFetch<SyncResponse>('/api/admin/catalog/sync', { method: 'POST', json: { products } }),
    onSettled: () => {
      for (const queryKey of [adminProductsQueryKey, catalogQueryKey, storefrontProductsQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
