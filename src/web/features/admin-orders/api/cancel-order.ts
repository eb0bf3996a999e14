import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrdersQueryKey } from './list-orders';

export function cancelOrder(orderId: string): Promise<unknown> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', json: {} });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
