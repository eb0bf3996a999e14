/** Resend and retry with the spec's progress, success and failure toasts (admin §8). */
import { toast } from 'sonner';
import { ADMIN_ORDER_MESSAGES } from '@/domain/orders';
import { useResendEmail } from '../api/resend-email';
import { useRetryFulfilment } from '../api/retry-fulfilment';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useOrderActions() {
  const resend = useResendEmail();
  const retry = useRetryFulfilment();
  return {
    resendPending: resend.isPending,
    retryPending: retry.isPending,
    resendEmail(orderId: string) {
      const id = toast.loading(ADMIN_ORDER_MESSAGES.resending);
      resend.mutate(orderId, {
        onSuccess: () => toast.success(ADMIN_ORDER_MESSAGES.resent, { id }),
        onError: (error) => toast.error(ADMIN_ORDER_MESSAGES.resendFailed(reason(error)), { id }),
      });
    },
    retryFulfilment(orderId: string) {
      const id = toast.loading(ADMIN_ORDER_MESSAGES.retrying);
      retry.mutate(orderId, {
        onSuccess: () => toast.success(ADMIN_ORDER_MESSAGES.retried, { id }),
        onError: (error) => toast.error(ADMIN_ORDER_MESSAGES.retryFailed(reason(error)), { id }),
      });
    },
  };
}
