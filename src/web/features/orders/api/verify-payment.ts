import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRead } from '@/domain/orders';
import { apiFetch } from '@/web/lib/api-client';
import { isNotFound } from './get-order';

/** A payment the provider is still settling is asked about again, for a minute at most. */
const PENDING_RECHECK_MS = 3_000;
const PENDING_RECHECKS = 20;

/**
 * `POST /api/orders/:id/verify-payment`: the server asks the payment provider itself, then
 * answers the order. The browser's arrival on /payment-success never marks anything paid.
 */
export const verifiedOrderQuery = (orderId: string, paymentIntentId: string) =>
  queryOptions({
    queryKey: ['orders', orderId, 'verified', paymentIntentId],
    queryFn: () =>
      apiFetch<OrderRead>(`/api/orders/${encodeURIComponent(orderId)}/verify-payment`, {
        method: 'POST',
        json: { payment_intent_id: paymentIntentId },
      }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_RECHECKS
        ? PENDING_RECHECK_MS
        : false,
  });

export function useVerifiedOrder(orderId: string | null, paymentIntentId: string | null) {
  return useQuery({
    ...verifiedOrderQuery(orderId ?? '', paymentIntentId ?? ''),
    enabled: Boolean(orderId && paymentIntentId),
  });
}
