/**
 * An unpaid order's page offers to pay it (ours: a 'Payment Pending' order is never a dead
 * end). `?pay=1` opens the payment at once: 'Try Payment Again' comes here.
 */
import { CreditCard } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '@/domain/money';
import type { OrderRead } from '@/domain/orders';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cart } from '@/web/features/cart/api/cart-store';
import { PayOrder } from '@/web/features/checkout/components/pay-order';
import { forgetCheckoutOf } from '@/web/features/checkout/lib/checkout-draft';
import { paymentSuccessPath } from '@/web/features/checkout/lib/checkout-rules';

export function OrderPayment({ order, merchant }: { order: OrderRead; merchant: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const paying = params.get('pay') === '1';
  const total = formatCents(order.total_amount, order.currency);

  if (!paying) {
    return (
      <Card className="mt-8 border-amber-300 bg-amber-50/60" data-testid="order-payment">
        <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">This order is waiting for payment</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Nothing has been charged. Pay {total} and we send it to print.
            </p>
            {order.payment_error && (
              <p className="mt-1 text-sm text-destructive" data-testid="order-payment-error">
                Last attempt: {order.payment_error}
              </p>
            )}
          </div>
          <Button size="lg" className="shrink-0" onClick={() => setParams({ pay: '1' }, { replace: true })}>
            <CreditCard aria-hidden /> Pay {total} now
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mt-8" data-testid="order-payment">
      <CardHeader>
        <CardTitle as="h2">Complete your payment</CardTitle>
      </CardHeader>
      <CardContent>
        <PayOrder
          orderId={order.id}
          amountCents={order.total_amount}
          cardholderName={order.shipping_name ?? ''}
          merchant={merchant}
          onClose={() => setParams({}, { replace: true })}
          onPaid={({ orderId, paymentIntentId }) => {
            cart.removeOrdered(order.order_items);
            forgetCheckoutOf(orderId);
            void navigate(paymentSuccessPath(orderId, paymentIntentId));
          }}
        />
      </CardContent>
    </Card>
  );
}
