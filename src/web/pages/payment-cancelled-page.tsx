import { PageShell } from '@/web/components/page-shell';

export function PaymentCancelledPage() {
  return <PageShell title="Payment Cancelled" />;
}
