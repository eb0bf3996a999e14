import { orderMoneyOf, orderSummaryRows, type OrderSummaryRow } from '@/domain/orders';
import type { ShippingQuote } from '@/domain/shipping-quote';
import { formatCents } from '@/domain/money';
import { SUMMARY_TEXT } from '@/domain/shipping-quote';
import { OrderSummaryRows } from '@/web/components/order-summary-rows';

/** The rows a quote makes: the same words and figures as the order's page, e-mail and admin. */
export function quoteRows(quote: ShippingQuote): OrderSummaryRow[] {
  const { amounts, selected } = quote;
  return orderSummaryRows(
    orderMoneyOf({
      total_amount: amounts.totalCents,
      shipping_method: selected.id,
      shipping_method_name: selected.name,
      shipping_amount: amounts.shippingCents,
      shipping_estimate: selected.estimateText,
      tax_amount: amounts.taxCents,
      tax_rate: amounts.tax?.ratePercent ?? null,
      tax_name: amounts.tax?.name ?? null,
      tax_inclusive: amounts.tax?.inclusive ?? false,
    }),
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
