/** /admin/orders/{orderId} (admin §2 Order detail). */
import { useParams } from 'react-router';
import { OrderDetail } from '@/web/features/admin-orders/components/order-detail';

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return <OrderDetail key={orderId} orderId={orderId} />;
}
