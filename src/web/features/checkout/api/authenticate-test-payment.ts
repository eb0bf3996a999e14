import type { TestPaymentResult } from '@/domain/checkout';
import { apiFetch } from '@/web/lib/api-client';

/** `POST /api/payments/test/authenticate`: the simulated 3-D Secure step's answer. */
export function authenticateTestPayment(input: {
  client_secret: string;
  outcome: 'approve' | 'fail';
}): Promise<TestPaymentResult> {
  return apiFetch<TestPaymentResult>('/api/payments/test/authenticate', { method: 'POST', json: input });
}
