/** The status and e-mail status badges both order screens show. */
import type { EmailStatus, OrderStatus } from '@/domain/orders';
import { Badge } from '@/web/components/ui/badge';

type Variant = 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline';

function statusVariant(status: OrderStatus, printfulStatus: string | null): Variant {
  if (status === 'pending') return 'warning';
  if (status === 'failed' || status === 'cancelled') return 'destructive';
  if (status === 'shipped') return 'success';
  if (status === 'refunded') return 'secondary';
  if (printfulStatus === 'failed') return 'destructive';
  return printfulStatus ? 'default' : 'warning';
}

export function OrderStatusBadge({
  status,
  label,
  printfulStatus,
}: {
  status: OrderStatus;
  label: string;
  printfulStatus: string | null;
}) {
  return (
    <Badge variant={statusVariant(status, printfulStatus)} data-testid="order-status">
      {label}
    </Badge>
  );
}

const EMAIL_VARIANTS: Record<EmailStatus, Variant> = {
  'Not Sent': 'outline',
  Sent: 'secondary',
  Delivered: 'default',
  Opened: 'success',
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <Badge variant={EMAIL_VARIANTS[status]} data-testid="email-status">
      {status}
    </Badge>
  );
}
