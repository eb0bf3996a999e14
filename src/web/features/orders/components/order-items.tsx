import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { orderMoneyOf, orderSummaryRows, type OrderRead } from '@/domain/orders';
import { formatCents } from '@/domain/money';
import { OrderSummaryRows } from '@/web/components/order-summary-rows';

/** The order's lines with their mockup, quantity, unit price and line total, then items, shipping, tax and total. */
export function OrderItems({
  order,
}: {
  order: Pick<OrderRead, 'order_items' | 'total_amount' | 'currency'> & { money?: OrderRead['money'] };
}) {
  const rows = orderSummaryRows(order.money ?? orderMoneyOf({ total_amount: order.total_amount }), order.currency);
  return (
    <div data-testid="order-items">
      <ul className="divide-y">
        {order.order_items.map((item, index) => (
          <li
            key={`${item.product_name}-${index}`}
            className="flex items-center gap-4 py-3 break-inside-avoid"
            data-testid="order-item"
          >
            <Thumbnail src={item.mockup_urls[0]} />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.product_name}</p>
              <p className="text-sm text-muted-foreground tabular-nums">
                Qty {item.quantity} × {formatCents(item.unit_price, order.currency)}
              </p>
            </div>
            <span className="font-semibold tabular-nums">{formatCents(item.total_price, order.currency)}</span>
          </li>
        ))}
      </ul>
      <OrderSummaryRows
        rows={rows}
        className="border-t pt-4"
        testId="order-sums"
        totalSize="text-lg"
        totalTestId="order-total"
      />
    </div>
  );
}

function Thumbnail({ src }: { src: string | undefined }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        className="grid size-16 shrink-0 place-items-center rounded-lg border bg-muted text-muted-foreground"
        aria-hidden
      >
        <ImageOff className="size-5" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className="size-16 shrink-0 rounded-lg border bg-muted object-cover"
      onError={() => setBroken(true)}
      data-testid="order-item-mockup"
    />
  );
}
