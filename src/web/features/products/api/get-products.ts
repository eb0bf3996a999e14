import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface Product {
  id: string;
  name: string;
  description: string | null;
  printful_product_id: number | null;
  printful_variant_id: number | null;
  final_price: number;
  product_image_url: string | null;
  product_category: string;
}

export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => apiFetch<Product[]>('/api/products'),
});

export function useProducts() {
  return useQuery(productsQuery);
}
