import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@/domain/orders';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrderQueryKey } from './get-order';
import { adminOrdersQueryKey } from './list-orders';

/** Without an amount the server refunds what is left. */
export function refundOrder({ orderId, amount }: { orderId: string; amount?: number }): Promise<AdminOrderDetail> {
  return apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}/refund`, {
    method: 'POST',
    json: amount === undefined ? {} : { amount },
  });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => queryClient.setQueryData(adminOrderQueryKey(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
