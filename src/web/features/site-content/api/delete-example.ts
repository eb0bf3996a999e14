import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { examplesQueryKey, galleryQueryKey } from './list-examples';

export function deleteExample(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/content/examples/${id}`, { method: 'DELETE' });
}

export function useDeleteExample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExample,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: examplesQueryKey });
      void queryClient.invalidateQueries({ queryKey: galleryQueryKey });
    },
  });
}
