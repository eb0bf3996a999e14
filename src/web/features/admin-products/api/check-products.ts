/** Validate All, and each row's Refresh and Test (§7 validate-variants, refresh-product-data). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValidateAllResponse } from '@/domain/admin-products';
import type { VariantAlternative } from '@/domain/variants';
import { apiFetch } from '@/web/lib/api-client';
import { adminProductsQueryKey } from './list-products';

export interface ProductCheck {
  success?: boolean;
  valid?: boolean;
  message: string;
  alternatives?: VariantAlternative[];
}

export function useValidateAllProducts() {
  return useMutation({
    mutationFn: () => apiFetch<ValidateAllResponse>('/api/admin/products/validate', { method: 'POST' }),
  });
}

export function useRefreshProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ProductCheck>(`/api/admin/products/${id}/refresh`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}

export function useTestProduct() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<ProductCheck>(`/api/admin/products/${id}/test`, { method: 'POST' }),
  });
}
