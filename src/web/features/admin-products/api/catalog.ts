/** The catalog browser's list and a product's details (§7 fetch-catalog, fetch-product-details). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogBrowserProduct, CatalogDetails } from '@/domain/admin-products';
import { apiFetch } from '@/web/lib/api-client';

export interface CatalogFilters {
  search: string;
  category: string;
  difficulty: string;
  sort: string;
}

export const catalogQueryKey = ['admin', 'catalog'] as const;

export function useCatalog(filters: CatalogFilters) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value && value !== 'all'));
  return useQuery({
    queryKey: [...catalogQueryKey, filters],
    queryFn: () => apiFetch<{ products: CatalogBrowserProduct[] }>(`/api/admin/catalog?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const catalogDetailsQuery = (productId: number) =>
  queryOptions({
    queryKey: [...catalogQueryKey, 'details', productId],
    queryFn: () => apiFetch<{ product: CatalogDetails }>(`/api/admin/catalog/${productId}`),
  });

export function useCatalogDetails(productId: number | null) {
  return useQuery({ ...catalogDetailsQuery(productId ?? 0), enabled: productId !== null });
}
