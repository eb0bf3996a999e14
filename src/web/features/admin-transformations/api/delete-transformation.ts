import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { transformationsQueryKey } from './list-transformations';

export function deleteTransformation(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/transformations/${id}`, { method: 'DELETE' });
}

export function useDeleteTransformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransformation,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: transformationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
