import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminExamplePair } from '@/domain/admin-content';
import { apiFetch } from '@/web/lib/api-client';
import { examplesQueryKey, galleryQueryKey } from './list-examples';

export function uploadExample({
  original,
  transformed,
}: {
  original: File;
  transformed: File;
}): Promise<AdminExamplePair> {
  const body = new FormData();
  body.append('original', original);
  body.append('transformed', transformed);
  return apiFetch<AdminExamplePair>('/api/admin/content/examples', { method: 'POST', body });
}

export function useUploadExample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadExample,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examplesQueryKey });
      void queryClient.invalidateQueries({ queryKey: galleryQueryKey });
    },
  });
}
