import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';
import { orderNumber, type OrderRead } from '@/domain/orders';
import { formatOrderDate } from '../lib/format';
import { OrderItems } from './order-items';
import { OrderStatusBadge } from './order-status-badge';

/** Order number, e-mail, status and date above the items and total: the receipt's body. */
export function OrderDetails({ order }: { order: OrderRead }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-4" data-testid="order-facts">
        <Fact label="Order number">
          <span className="font-mono text-base font-semibold tracking-wide" data-testid="order-number">
            #{orderNumber(order.id)}
          </span>
        </Fact>
        <Fact label="Order date">
          <span data-testid="order-date">{formatOrderDate(order.created_at)}</span>
        </Fact>
        {/* A phone gives the address a row of its own; a break inside it is the last resort. */}
        <Fact label="Email" className="col-span-2 sm:col-span-1">
          <span className="[overflow-wrap:anywhere]" data-testid="order-email">
            {order.customer_email}
          </span>
        </Fact>
        <Fact label="Status">
          <OrderStatusBadge order={order} />
        </Fact>
      </dl>
      <OrderItems order={order} />
    </div>
  );
}

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  );
}
