import { ShoppingBag } from 'lucide-react';
import type { CartLine } from '@/domain/cart';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CartLines } from './cart-lines';

/** 'Order Summary': the cart's lines, their totals and the way to checkout. Hidden while empty. */
export function OrderSummary({
  lines,
  onCheckout,
  checkoutOpen = false,
}: {
  lines: CartLine[];
  onCheckout: () => void;
  checkoutOpen?: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <Card data-testid="order-summary">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShoppingBag className="size-5 text-accent" aria-hidden />
          Order Summary
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CartLines lines={lines} fixed={checkoutOpen} />
      </CardContent>
      {!checkoutOpen && (
        <CardFooter>
          <Button size="lg" variant="accent" className="w-full" onClick={onCheckout}>
            Proceed to Checkout
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
