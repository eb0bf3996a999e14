import { ExternalLink, Truck } from 'lucide-react';
import type { OrderRead } from '@/domain/orders';
import { formatOrderDate } from '../lib/format';

/** The carrier and tracking link, once the order has shipped. */
export function OrderTracking({ order }: { order: OrderRead }) {
  if (order.status !== 'shipped') return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-success/30 bg-success/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="order-tracking"
    >
      <div className="flex items-start gap-3">
        <Truck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium">
            Shipped{order.tracking_carrier ? ` with ${order.tracking_carrier}` : ''}
            {order.shipped_at ? ` on ${formatOrderDate(order.shipped_at)}` : ''}
          </p>
          {order.tracking_number && (
            <p className="text-sm text-muted-foreground">
              Tracking number <span className="break-all font-mono text-foreground">{order.tracking_number}</span>
            </p>
          )}
        </div>
      </div>
      {order.tracking_url && (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="tracking-link"
        >
          Track your package <ExternalLink className="size-4" aria-hidden />
        </a>
      )}
    </div>
  );
}
