import type { TestPaymentAuthenticateRequest, TestPaymentResult } from '@/domain/checkout';
import { apiFetch } from '@/web/lib/api-client';

/** `POST /api/payments/test/authenticate`: the simulated 3-D Secure step's answer. */
export function authenticateTestPayment(input: TestPaymentAuthenticateRequest): Promise<TestPaymentResult> {
  return apiFetch<TestPaymentResult>('/api/payments/test/authenticate', { method: 'POST', json: input });
}
