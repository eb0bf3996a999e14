import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@/domain/orders';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrdersQueryKey } from './list-orders';

export const adminOrderQueryKey = (id: string) => [...adminOrdersQueryKey, 'detail', id] as const;

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminOrderQueryKey(id),
    queryFn: () => apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`),
    retry: false,
  });

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQuery(id));
}
