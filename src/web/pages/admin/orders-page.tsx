/** /admin/orders (admin §2 Orders). */
import { OrdersManager } from '@/web/features/admin-orders/components/orders-manager';

export function OrdersPage() {
  return <OrdersManager />;
}
