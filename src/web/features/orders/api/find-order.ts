import { useMutation } from '@tanstack/react-query';
import { FIND_ORDER_MESSAGES, type FindOrderInput, type FoundOrder } from '@/domain/orders';
import { apiFetch, shopperMessage } from '@/web/lib/api-client';

/** `POST /api/orders/lookup`: e-mail + order number → the order's id. */
export function findOrder(input: FindOrderInput): Promise<FoundOrder> {
  return apiFetch<FoundOrder>('/api/orders/lookup', { method: 'POST', json: input });
}

export function useFindOrder() {
  return useMutation({ mutationFn: findOrder });
}

/** What the form says when the lookup fails: the server's words for a miss, a bad field or too many tries. */
export function findOrderProblem(error: unknown): string {
  return shopperMessage(error, FIND_ORDER_MESSAGES.failed);
}
