import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProductsView } from '@/domain/admin-products';
import { apiFetch } from '@/web/lib/api-client';

export const adminProductsQueryKey = ['admin', 'products'] as const;
/** The storefront's product list: refreshed after every change so /transform shows it at once. */
export const storefrontProductsQueryKey = ['products'] as const;

export const adminProductsQuery = queryOptions({
  queryKey: adminProductsQueryKey,
  queryFn: () => apiFetch<AdminProductsView>('/api/admin/products'),
});

export function useAdminProducts() {
  return useQuery(adminProductsQuery);
}
