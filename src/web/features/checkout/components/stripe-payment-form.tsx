import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES, type CheckoutAddressInput } from '@/domain/checkout';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { cn } from '@/web/lib/utils';
import type { PaidOrder } from '../api/checkout-order';
import { paymentFailure, paymentIntentIdOf, paymentSuccessPath } from '../lib/checkout-rules';
import { loadStripeJs, type StripeClient, type StripeElements } from '../lib/stripe-js';
import { PaymentError } from './payment-error';
import { PaymentActions } from './test-card-form';

/**
 * Stripe's Payment Element, mounted with the order's client secret. Stripe.js is fetched
 * only here, so only a shop configured for Stripe ever loads it.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  orderId,
  amountCents,
  email,
  billing,
  onBack,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
  amountCents: number;
  /** Given at checkout; paying later, the Payment Element asks for what it needs itself. */
  email?: string;
  billing?: CheckoutAddressInput;
  onBack: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeClient | null>(null);
  const elements = useRef<StripeElements | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripeJs().then(
      (Stripe) => {
        if (cancelled || !container.current) return;
        try {
          const client = Stripe(publishableKey);
          const group = client.elements({
            clientSecret,
            appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
          });
          const element = group.create('payment', { layout: 'tabs' });
          element.on('ready', () => setReady(true));
          element.on('loaderror', () => setLoadError(PAYMENT_MESSAGES.loadFailed));
          element.mount(container.current);
          stripe.current = client;
          elements.current = group;
          destroy = () => element.destroy();
        } catch {
          setLoadError(PAYMENT_MESSAGES.initFailed);
          toast.error(PAYMENT_MESSAGES.initFailed);
        }
      },
      () => !cancelled && setLoadError(PAYMENT_MESSAGES.loadFailed),
    );
    return () => {
      cancelled = true;
      destroy?.();
      stripe.current = null;
      elements.current = null;
    };
  }, [publishableKey, clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setFailure(null);
    if (!stripe.current || !elements.current) {
      setFailure(PAYMENT_MESSAGES.stripeNotLoaded);
      toast.error(PAYMENT_MESSAGES.stripeNotLoaded);
      return;
    }
    if (!elements.current.getElement('payment')) {
      setFailure(PAYMENT_MESSAGES.cardElementNotFound);
      toast.error(PAYMENT_MESSAGES.cardElementNotFound);
      return;
    }
    setPaying(true);
    try {
      const paymentIntentId = paymentIntentIdOf(clientSecret);
      const { error, paymentIntent } = await stripe.current.confirmPayment({
        elements: elements.current,
        confirmParams: {
          // Used only by payment methods that leave the page; the server checks the payment there.
          return_url: new URL(paymentSuccessPath(orderId, paymentIntentId), window.location.origin).href,
          ...(billing && {
            payment_method_data: {
              billing_details: {
                name: billing.name,
                email,
                address: {
                  line1: billing.line1,
                  line2: billing.line2 ?? undefined,
                  city: billing.city,
                  state: billing.state,
                  postal_code: billing.postalCode,
                  country: billing.country,
                },
              },
            },
          }),
        },
        redirect: 'if_required',
      });
      if (error) {
        const { message, toast: toastMessage } = paymentFailure(error);
        setFailure(message);
        toast.error(toastMessage);
      } else if (paymentIntent?.status === 'succeeded') {
        onPaid({ orderId, paymentIntentId: paymentIntent.id });
      } else {
        setFailure(PAYMENT_MESSAGES.notCompleted);
        toast.error(PAYMENT_MESSAGES.notCompleted);
      }
    } catch (error) {
      const { message, toast: toastMessage } = paymentFailure(error);
      setFailure(message);
      toast.error(toastMessage);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="stripe-form">
      <div className={cn('relative rounded-lg border bg-card p-4 sm:p-5', !ready && 'min-h-40')}>
        <div ref={container} data-testid="stripe-payment-element" />
        {!ready && !loadError && (
          <div className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
            <span className="flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading secure payment form...
            </span>
          </div>
        )}
      </div>
      {loadError && (
        <Alert variant="destructive" data-testid="payment-load-error">
          <AlertDescription>{loadError}</AlertDescription>
        </Alert>
      )}
      {failure && <PaymentError message={failure} />}
      <PaymentActions onBack={onBack} busy={paying} amountCents={amountCents} disabled={Boolean(loadError)} />
    </form>
  );
}
