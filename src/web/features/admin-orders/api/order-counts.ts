import { useQuery } from '@tanstack/react-query';
import type { AdminOrderList } from '@/domain/orders';
import { apiFetch } from '@/web/lib/api-client';
import { adminOrdersQueryKey } from './list-orders';

/** The dashboard's Orders card: orders placed today (UTC) and those needing attention. */
export function useOrderCounts() {
  return useQuery({
    queryKey: [...adminOrdersQueryKey, 'counts'],
    queryFn: async () => {
      const today = new Date().toISOString().slice(0, 10);
      const [placed, attention] = await Promise.all([
        apiFetch<AdminOrderList>(`/api/admin/orders?from=${today}&to=${today}&page_size=1`),
        apiFetch<AdminOrderList>('/api/admin/orders?status=attention&page_size=1'),
      ]);
      return { today: placed.total, attention: attention.total };
    },
  });
}
