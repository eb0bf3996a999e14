import { orderMoneyOf, orderSummaryRows, quotedMoneyColumns, type OrderSummaryRow } from '@/domain/orders';
import type { ShippingQuote } from '@/domain/shipping-quote';
import { formatCents } from '@/domain/money';
import { SUMMARY_TEXT } from '@/domain/shipping-quote';
import { OrderSummaryRows } from '@/web/components/order-summary-rows';

/** The rows a quote makes: the same words and figures as the order's page, e-mail and admin. */
export function quoteRows(quote: ShippingQuote): OrderSummaryRow[] {
  return orderSummaryRows(
    orderMoneyOf({ total_amount: quote.amounts.totalCents, ...quotedMoneyColumns(quote) }),
    quote.currency,
  );
}

/** Items, shipping, tax and total; before a quote, the items and 'Calculated at the next step'. */
export function QuoteTotals({
  quote,
  itemsCents,
  className,
  testId = 'quote-totals',
}: {
  quote: ShippingQuote | undefined;
  itemsCents: number;
  className?: string;
  testId?: string;
}) {
  const rows: OrderSummaryRow[] = quote
    ? quoteRows(quote)
    : [
        { key: 'items', label: SUMMARY_TEXT.items, note: null, amount: formatCents(itemsCents) },
        { key: 'shipping', label: SUMMARY_TEXT.shipping, note: null, amount: SUMMARY_TEXT.shippingLater },
      ];
  return <OrderSummaryRows rows={rows} className={className} testId={testId} />;
}
