import { PageShell } from '@/web/components/page-shell';

export function OrderStatusPage() {
  return <PageShell title="Order status" />;
}
