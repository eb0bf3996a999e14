import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderFilter, AdminOrderList } from '@/domain/orders';
import { apiFetch } from '@/web/lib/api-client';

export const adminOrdersQueryKey = ['admin', 'orders'] as const;

export interface OrderListParams {
  search: string;
  status: AdminOrderFilter;
  /** YYYY-MM-DD, either end optional: orders placed on or after `from`, on or before `to` (UTC days). */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export function orderListSearch({ search, status, from, to, page, pageSize }: OrderListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (status !== 'all') params.set('status', status);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  params.set('page', String(page));
  params.set('page_size', String(pageSize));
  return params;
}

export const adminOrdersQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'list', params],
    queryFn: () => apiFetch<AdminOrderList>(`/api/admin/orders?${orderListSearch(params)}`),
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(params: OrderListParams) {
  return useQuery(adminOrdersQuery(params));
}
