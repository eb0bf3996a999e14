import { ShieldCheck } from 'lucide-react';
import { cartTotalCents, lineKey, lineTotalCentsOf, type CartLine } from '@/domain/cart';
import { formatCents } from '@/domain/money';
import { PLACEMENT_TEXT } from '@/domain/placement';
import type { ShippingQuote } from '@/domain/shipping-quote';
import { QuoteTotals } from './quote-totals';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

/** Beside the wizard on wide screens: what is being paid for, with shipping and tax once quoted. */
export function CheckoutSummary({ lines, quote }: { lines: CartLine[]; quote?: ShippingQuote }) {
  return (
    <Card data-testid="checkout-summary">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Your order</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {lines.map((line) => (
            <li key={lineKey(line)} className="flex items-center gap-3 py-3">
              <img
                src={line.mockupUrls[0] ?? line.artworkUrl}
                alt=""
                className="size-12 shrink-0 rounded-md border bg-muted object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{line.product.name}</p>
                <p className="text-xs text-muted-foreground">
                  Qty {line.quantity}
                  {line.fit && <span data-testid="checkout-line-fit"> · {PLACEMENT_TEXT[line.fit]}</span>}
                </p>
              </div>
              <span className="text-sm font-semibold tabular-nums">{formatCents(lineTotalCentsOf(line))}</span>
            </li>
          ))}
        </ul>
        <QuoteTotals quote={quote} itemsCents={cartTotalCents(lines)} className="mt-2 border-t pt-4" />
        <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden /> Nothing is charged until you pay in the last
          step.
        </p>
      </CardContent>
    </Card>
  );
}
