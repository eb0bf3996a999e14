import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrdersQueryKey } from './list-orders';

export function resendEmail(orderId: string): Promise<unknown> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderId)}/resend-email`, { method: 'POST', json: {} });
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
