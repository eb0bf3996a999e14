import { ORDER_STATUS_LABELS, orderStatusLabel, type OrderRead } from '@/domain/orders';
import { Badge } from '@/web/components/ui/badge';

const variants = {
  [ORDER_STATUS_LABELS.pending]: 'warning',
  [ORDER_STATUS_LABELS.paid]: 'default',
  [ORDER_STATUS_LABELS.production]: 'default',
  [ORDER_STATUS_LABELS.shipped]: 'success',
  [ORDER_STATUS_LABELS.failed]: 'destructive',
  [ORDER_STATUS_LABELS.refunded]: 'secondary',
  [ORDER_STATUS_LABELS.cancelled]: 'destructive',
  [ORDER_STATUS_LABELS.other]: 'secondary',
} as const;

/** The status in the storefront's label table (storefront §4, Order status display). */
export function OrderStatusBadge({
  order,
  className,
}: {
  order: Pick<OrderRead, 'status' | 'printful_status'>;
  className?: string;
}) {
  const label = orderStatusLabel(order);
  return (
    <Badge
      variant={variants[label as keyof typeof variants] ?? 'secondary'}
      className={className}
      data-testid="order-status"
    >
      {label}
    </Badge>
  );
}
