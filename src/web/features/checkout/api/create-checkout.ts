import { useCallback, useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES, type CheckoutRequest, type CheckoutResponse } from '@/domain/checkout';
import { postForShopper } from '@/web/lib/api-client';
import { readCheckoutDraft, updateCheckoutDraft } from '../lib/checkout-draft';
import { requestFingerprint } from '../lib/checkout-rules';
import type { CheckoutOrderState, CreatedCheckout } from './checkout-order';
import { reopenPayment } from './pay-order';

export type { CheckoutOrderState, CreatedCheckout } from './checkout-order';

/** `POST /api/checkout`: the order (pending) and its payment. The server prices every line itself. */
export async function createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
  const answer = await postForShopper<CheckoutResponse>('/api/checkout', request, PAYMENT_MESSAGES.createFailed);
  return { orderId: answer.order_id, clientSecret: answer.client_secret };
}

/**
 * The order behind the payment step. It is created when the step is reached and kept while
 * the request stays the same, so going back and forth, trying another card or reloading the
 * page pays the same order; a changed cart, e-mail or address makes a new one.
 */
export function useCheckoutOrder(request: CheckoutRequest | null): { order: CheckoutOrderState; retry: () => void } {
  const fingerprint = request ? requestFingerprint(request) : null;
  const [state, setState] = useState<{ fingerprint: string; order: CheckoutOrderState } | null>(null);
  // The request being served; a ref, so a repeated effect (React's strict mode) never creates twice.
  const current = useRef<string | null>(null);

  const create = useCallback((body: CheckoutRequest, key: string) => {
    current.current = key;
    setState({ fingerprint: key, order: { status: 'creating' } });
    const earlier = readCheckoutDraft().order;
    const made = earlier?.fingerprint === key ? reopenPayment(earlier.orderId) : createCheckout(body);
    made.then(
      (created) => {
        updateCheckoutDraft({ order: { fingerprint: key, orderId: created.orderId } });
        if (current.current === key) setState({ fingerprint: key, order: { status: 'ready', ...created } });
      },
      (error: Error) => {
        if (current.current !== key) return;
        // Entering the step again tries again.
        current.current = null;
        setState({
          fingerprint: key,
          order: { status: 'error', error: error.message || PAYMENT_MESSAGES.createFailed },
        });
      },
    );
  }, []);

  useEffect(() => {
    if (request && fingerprint && current.current !== fingerprint) create(request, fingerprint);
    // The fingerprint stands for the request: a new object with the same content changes nothing.
  }, [fingerprint, create]);

  const retry = useCallback(() => {
    // Trying again after a failure places the order afresh.
    updateCheckoutDraft({ order: null });
    if (request && fingerprint) create(request, fingerprint);
  }, [request, fingerprint, create]);

  if (!fingerprint) return { order: { status: 'idle' }, retry };
  return { order: state?.fingerprint === fingerprint ? state.order : { status: 'creating' }, retry };
}
