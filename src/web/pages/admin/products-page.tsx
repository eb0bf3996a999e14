/** /admin/products (admin §2 Products). */
import { ProductsManager } from '@/web/features/admin-products/components/products-manager';

export function ProductsPage() {
  return <ProductsManager />;
}
