import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, BulkResult } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';
import { transformationsQueryKey } from './list-transformations';

export interface BulkRequest {
  ids: string[];
  action: BulkAction;
  replace_oldest?: boolean;
}

export function bulkTransformations(request: BulkRequest): Promise<BulkResult> {
  return apiFetch<BulkResult>('/api/admin/transformations/bulk', { method: 'POST', json: request });
}

export function useBulkTransformations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkTransformations,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: transformationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
