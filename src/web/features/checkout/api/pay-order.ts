import { useCallback, useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES, type CheckoutResponse } from '@/domain/checkout';
import { apiFetch, ApiError } from '@/web/lib/api-client';
import type { CheckoutOrderState, CreatedCheckout } from './checkout-order';

/** `POST /api/orders/:id/payment`: the unpaid order's payment, reopened or made anew by the server. */
export async function reopenPayment(orderId: string): Promise<CreatedCheckout> {
  let response: CheckoutResponse;
  try {
    response = await apiFetch<CheckoutResponse>(`/api/orders/${encodeURIComponent(orderId)}/payment`, {
      method: 'POST',
      json: {},
    });
  } catch (error) {
    throw new Error((error instanceof ApiError && error.serverMessage) || PAYMENT_MESSAGES.createFailed);
  }
  if (!response.success) throw new Error(response.error || PAYMENT_MESSAGES.createFailed);
  return { orderId: response.order_id, clientSecret: response.client_secret };
}

/** The payment of an order placed earlier, asked for once when the visitor opens it. */
export function useOrderPayment(orderId: string): { order: CheckoutOrderState; retry: () => void } {
  const [order, setOrder] = useState<CheckoutOrderState>({ status: 'creating' });
  // A ref, so a repeated effect (React's strict mode) never asks twice.
  const asked = useRef<string | null>(null);

  const ask = useCallback(() => {
    asked.current = orderId;
    setOrder({ status: 'creating' });
    reopenPayment(orderId).then(
      (created) => setOrder({ status: 'ready', ...created }),
      (error: Error) => setOrder({ status: 'error', error: error.message }),
    );
  }, [orderId]);

  useEffect(() => {
    if (asked.current !== orderId) ask();
  }, [orderId, ask]);

  return { order, retry: ask };
}
