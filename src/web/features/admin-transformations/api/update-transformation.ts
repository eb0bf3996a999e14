import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTransformation } from '@/domain/admin-transformations';
import { apiFetch } from '@/web/lib/api-client';
import { transformationsQueryKey } from './list-transformations';

export interface TransformationPatch {
  id: string;
  is_homepage_example?: boolean;
  hidden_from_gallery?: boolean;
  replace_oldest?: boolean;
}

export function updateTransformation({ id, ...patch }: TransformationPatch): Promise<AdminTransformation> {
  return apiFetch<AdminTransformation>(`/api/admin/transformations/${id}`, { method: 'PATCH', json: patch });
}

/** Home's gallery is refreshed too: the owner's change shows there at once. */
export function useUpdateTransformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransformation,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: transformationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
