import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorefrontProduct } from '@/domain/products';
import { apiFetch } from '@/web/lib/api-client';

export type Product = StorefrontProduct;

export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => apiFetch<Product[]>('/api/products'),
});

export function useProducts() {
  return useQuery(productsQuery);
}
