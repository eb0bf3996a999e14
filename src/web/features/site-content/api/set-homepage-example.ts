import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { examplesQueryKey, galleryQueryKey } from './list-examples';

export interface HomepageFlagVariables {
  id: string;
  isHomepageExample: boolean;
  /** The owner confirmed replacing the oldest homepage example. */
  replaceOldest?: boolean;
}

export function setHomepageExample({ id, ...body }: HomepageFlagVariables): Promise<void> {
  return apiFetch<void>(`/api/admin/content/examples/${id}/homepage`, { method: 'PUT', json: body });
}

export function useSetHomepageExample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHomepageExample,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: examplesQueryKey });
      void queryClient.invalidateQueries({ queryKey: galleryQueryKey });
    },
  });
}
