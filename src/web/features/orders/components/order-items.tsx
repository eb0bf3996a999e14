import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { OrderRead } from '@/domain/orders';
import { formatCents } from '@/domain/money';

/** The order's lines with their mockup, quantity, unit price and line total, and the order total. */
export function OrderItems({ order }: { order: Pick<OrderRead, 'order_items' | 'total_amount' | 'currency'> }) {
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
      <div className="flex items-center justify-between border-t pt-4 text-lg font-semibold">
        <span>Total</span>
        <span className="tabular-nums" data-testid="order-total">
          {formatCents(order.total_amount, order.currency)}
        </span>
      </div>
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
