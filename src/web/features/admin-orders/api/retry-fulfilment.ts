import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrdersQueryKey } from './list-orders';

export function retryFulfilment(orderId: string): Promise<unknown> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderId)}/retry-fulfilment`, { method: 'POST', json: {} });
}

export function useRetryFulfilment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFulfilment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
