import { PageShell } from '@/web/components/page-shell';

export function PaymentSuccessPage() {
  return <PageShell title="Payment successful" />;
}
