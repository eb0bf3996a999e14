import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductPatch } from '@/domain/admin-products';
import { apiFetch } from '@/web/lib/api-client';
import { adminProductsQueryKey, storefrontProductsQueryKey } from './list-products';

export function updateProduct({ id, patch }: { id: string; patch: ProductPatch }): Promise<AdminProduct> {
  return apiFetch<AdminProduct>(`/api/admin/products/${id}`, { method: 'PATCH', json: patch });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // §2: products reload after an update.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductsQueryKey });
      void queryClient.invalidateQueries({ queryKey: storefrontProductsQueryKey });
    },
  });
}
