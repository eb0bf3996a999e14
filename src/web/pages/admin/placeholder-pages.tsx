/** Back-office screens that their own issues build (products, orders). */
import { PageShell } from '@/web/components/page-shell';

const shell = (title: string) =>
  function AdminPlaceholderPage() {
    return <PageShell title={title} />;
  };

export const ProductsPage = shell('Product Management');
export const OrdersPage = shell('Orders');
export const OrderDetailPage = shell('Order');
