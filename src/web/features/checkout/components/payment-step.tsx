import { ChevronLeft, Loader2, Lock, RefreshCw } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES, type CheckoutAddressInput } from '@/domain/checkout';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { CheckoutOrderState, PaidOrder } from '../api/checkout-order';
import { usePaymentConfig } from '../api/get-payment-config';
import type { ShippingQuote } from '@/domain/shipping-quote';
import { QuoteTotals } from './quote-totals';
import { StripePaymentForm } from './stripe-payment-form';
import { TestCardForm } from './test-card-form';

export type { PaidOrder };

/** The payment step: the order is created on arrival, then the active provider's form takes the card. */
export function PaymentStep({
  headingRef,
  order,
  amountCents,
  quote,
  itemsCents,
  email,
  billing,
  cardholderName,
  merchant,
  onRetryOrder,
  onBack,
  onPaid,
}: {
  headingRef?: Ref<HTMLHeadingElement>;
  order: CheckoutOrderState;
  amountCents: number;
  /** The checkout's quote: items, shipping, tax and total shown above the card form. */
  quote?: ShippingQuote;
  itemsCents?: number;
  /** The checkout's e-mail and billing address; an order paid later from its page has neither here. */
  email?: string;
  billing?: CheckoutAddressInput;
  /** The name the card form starts with. */
  cardholderName: string;
  merchant: string;
  onRetryOrder: () => void;
  onBack: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const config = usePaymentConfig();
  // The declines tried before are over: they do not follow the visitor to the receipt.
  const paid = (order: PaidOrder) => {
    toast.dismiss();
    onPaid(order);
  };

  let body;
  if (config.isError) {
    body = (
      <Problem
        title={PAYMENT_MESSAGES.initFailed}
        message={PAYMENT_MESSAGES.loadFailed}
        onRetry={() => void config.refetch()}
      />
    );
  } else if (order.status === 'error') {
    body = <Problem title={order.error} onRetry={onRetryOrder} />;
  } else if (!config.data || order.status !== 'ready') {
    body = (
      <div className="flex flex-col gap-4" data-testid="payment-preparing">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Preparing your order...
        </p>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    body = (
      <StripePaymentForm
        key={order.clientSecret}
        publishableKey={config.data.publishableKey}
        clientSecret={order.clientSecret}
        orderId={order.orderId}
        amountCents={amountCents}
        email={email}
        billing={billing}
        onBack={onBack}
        onPaid={paid}
      />
    );
  } else {
    body = (
      <TestCardForm
        key={order.clientSecret}
        clientSecret={order.clientSecret}
        amountCents={amountCents}
        billingName={cardholderName}
        merchant={merchant}
        onBack={onBack}
        onPaid={paid}
      />
    );
  }

  const formShown = order.status === 'ready' && config.data !== undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none" data-testid="step-heading">
          Payment
        </h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Lock className="size-3.5" aria-hidden /> Your card goes straight to the payment provider; we never see it.
        </p>
      </div>
      {quote && itemsCents !== undefined && (
        <QuoteTotals quote={quote} itemsCents={itemsCents} className="rounded-lg border p-4" testId="payment-totals" />
      )}
      {body}
      {formShown && (
        <p className="-mt-2 text-center text-sm text-muted-foreground sm:text-right">
          Changed your mind?{' '}
          <Link
            to={`/payment-cancelled?${new URLSearchParams({ order_id: order.orderId })}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Cancel payment
          </Link>
        </p>
      )}
      {!formShown && (
        <div className="border-t pt-6">
          <Button type="button" variant="outline" onClick={onBack}>
            <ChevronLeft aria-hidden /> Back
          </Button>
        </div>
      )}
    </div>
  );
}

function Problem({ title, message, onRetry }: { title: string; message?: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" data-testid="payment-problem">
      <AlertTitle>{title}</AlertTitle>
      {message && <AlertDescription>{message}</AlertDescription>}
      <Button type="button" variant="outline" size="sm" className="mt-3 text-foreground" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </Alert>
  );
}
