import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { adminStylesQueryKey, storefrontStylesQueryKey } from './list-styles';

export function deleteStyle(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/styles/${id}`, { method: 'DELETE' });
}

export function useDeleteStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStyle,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminStylesQueryKey });
      void queryClient.invalidateQueries({ queryKey: storefrontStylesQueryKey });
    },
  });
}
