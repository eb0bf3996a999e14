/**
 * /payment-success?order_id&payment_intent_id (storefront §2): the server first checks the
 * payment with the provider, then the receipt: order number, e-mail, status, date, items,
 * total and what happens next. It prints as a clean receipt.
 */
import { PAGES } from '@/domain/pages';
import { CheckCircle2, Clock, Loader2, Palette, Printer } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ORDER_PAGE_MESSAGES } from '@/domain/orders';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useVerifiedOrder } from '@/web/features/orders/api/verify-payment';
import { OrderDetails } from '@/web/features/orders/components/order-details';
import { OrderMessage } from '@/web/features/orders/components/order-message';
import { WhatsNext } from '@/web/features/orders/components/whats-next';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  // Stripe adds `payment_intent` when a payment method came back from a redirect.
  const paymentIntentId = params.get('payment_intent_id') ?? params.get('payment_intent');
  const verified = useVerifiedOrder(orderId, paymentIntentId);
  const { data: site } = useSite();
  const siteName = site?.siteName ?? 'Wanderer';
  usePageHead(PAGES.paymentSuccess);

  if (orderId && params.get('redirect_status') === 'failed') {
    return <Navigate to={`/payment-cancelled?${new URLSearchParams({ order_id: orderId })}`} replace />;
  }
  const order = verified.data;
  const unpaid = order && (order.status === 'failed' || (order.status === 'pending' && order.payment_error));
  if (!orderId || !paymentIntentId || verified.isError || unpaid) {
    return <OrderMessage message={ORDER_PAGE_MESSAGES.paymentNotVerified} />;
  }
  if (!order) {
    return (
      <div
        className="mx-auto flex max-w-3xl items-center justify-center gap-3 px-4 py-24 text-muted-foreground"
        data-testid="verifying-payment"
      >
        <Loader2 className="size-5 animate-spin" aria-hidden /> Verifying your payment...
      </div>
    );
  }
  const confirmed = order.status !== 'pending';

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14 print:max-w-none print:p-0" data-testid="payment-success">
      <div className="mb-6 hidden items-baseline justify-between border-b pb-3 print:flex">
        <span className="font-display text-2xl font-semibold">{siteName}</span>
        <span className="text-sm uppercase tracking-widest">Receipt</span>
      </div>

      <header className="flex flex-col items-center text-center print:items-start print:text-left">
        {confirmed ? (
          <CheckCircle2 className="size-16 text-success print:hidden" aria-hidden />
        ) : (
          <Clock className="size-16 text-warning print:hidden" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-semibold md:text-4xl print:mt-0">
          {confirmed ? 'Payment Successful!' : 'Confirming your payment'}
        </h1>
        <p className="mt-2 max-w-xl break-words text-muted-foreground">
          {confirmed
            ? `Thank you for your order. A confirmation is on its way to ${order.customer_email}.`
            : 'Your bank is still confirming the payment. This page updates by itself.'}
        </p>
      </header>

      <Card className="mt-8 print:shadow-none">
        <CardHeader>
          <CardTitle as="h2">Order Details</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderDetails order={order} />
        </CardContent>
      </Card>

      <Card className="mt-6 break-inside-avoid print:shadow-none">
        <CardHeader>
          <CardTitle as="h2">What's Next?</CardTitle>
        </CardHeader>
        <CardContent>
          <WhatsNext />
        </CardContent>
      </Card>

      <p className="mt-6 hidden text-sm print:block">
        Track your order at {window.location.origin}/order-status/{order.id}
      </p>

      <div className="no-print mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg" variant="accent">
          <Link to="/">
            <Palette aria-hidden /> Create Another Artwork
          </Link>
        </Button>
        <Button size="lg" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden /> Print Receipt
        </Button>
      </div>
      <p className="no-print mt-5 text-center text-sm">
        <Link to={`/order-status/${order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          Track your order
        </Link>
      </p>
    </div>
  );
}
