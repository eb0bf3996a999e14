import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRead } from '@/domain/orders';
import { apiFetch, ApiError } from '@/web/lib/api-client';

/** How often the tracking page asks again while the order is still on its way. */
export const ORDER_POLL_MS = 5_000;

/** Shipped and failed are where an order stops moving. */
export function isOrderSettled(order: Pick<OrderRead, 'status'>): boolean {
  return order.status === 'shipped' || order.status === 'failed';
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** `GET /api/orders/:id`: the public order read, polled until the order ships or fails. */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId],
    queryFn: () => apiFetch<OrderRead>(`/api/orders/${encodeURIComponent(orderId)}`),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
    refetchInterval: (query) => (query.state.data && !isOrderSettled(query.state.data) ? ORDER_POLL_MS : false),
  });

export function useOrder(orderId: string | undefined) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
