import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@/domain/checkout';
import { apiFetch } from '@/web/lib/api-client';

/** `GET /api/payments/config`: which provider takes the card, and Stripe's publishable key when it is Stripe. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => apiFetch<PaymentConfig>('/api/payments/config'),
  staleTime: 0,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
