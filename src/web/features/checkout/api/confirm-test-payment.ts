import type { TestPaymentConfirmRequest, TestPaymentResult } from '@/domain/checkout';
import { apiFetch } from '@/web/lib/api-client';

/**
 * `POST /api/payments/test/confirm`: the built-in provider charges the card. A decline is an
 * ApiError (402) carrying Stripe's message; the server alone marks the order paid.
 */
export function confirmTestPayment(input: TestPaymentConfirmRequest): Promise<TestPaymentResult> {
  return apiFetch<TestPaymentResult>('/api/payments/test/confirm', { method: 'POST', json: input });
}
